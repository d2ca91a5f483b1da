import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, componentOptionals, components, type ComponentRow } from '../../db/schema/index';
import type { TaxonomyPageQuery } from '../categories/categories.repo';

type NewRow = typeof components.$inferInsert;

export function createComponentsRepo(db: Db) {
  const activeOnly = (includeInactive: boolean) => (includeInactive ? undefined : eq(components.isActive, true));
  const sameName = (name: string) => sql`lower(${components.name}) = lower(${name})`;
  const inParent = (parentId: string | undefined) => (parentId ? eq(components.categoryId, parentId) : undefined);

  return {
    async findById(id: string, includeInactive: boolean): Promise<ComponentRow | null> {
      const [row] = await db.select().from(components).where(and(eq(components.id, id), activeOnly(includeInactive))).limit(1);
      return row ?? null;
    },

    async findByName(name: string, includeInactive: boolean, parentId?: string): Promise<ComponentRow | null> {
      const [row] = await db
        .select()
        .from(components)
        .where(and(sameName(name), inParent(parentId), activeOnly(includeInactive)))
        .orderBy(asc(components.name), asc(components.id))
        .limit(1);
      return row ?? null;
    },

    async list(includeInactive: boolean, query: TaxonomyPageQuery, parentId?: string) {
      const where: SQL | undefined = and(activeOnly(includeInactive), inParent(parentId));
      const column = query.sort.field === 'name' ? components.name : components.createdAt;
      const order = query.sort.direction === 'desc' ? [desc(column), desc(components.id)] : [asc(column), asc(components.id)];
      const [rows, [total]] = await Promise.all([
        db.select().from(components).where(where).orderBy(...order).limit(query.size).offset(query.page * query.size),
        db.select({ value: count() }).from(components).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async count(includeInactive: boolean): Promise<number> {
      const [row] = await db.select({ value: count() }).from(components).where(activeOnly(includeInactive));
      return row?.value ?? 0;
    },

    async parentExists(parentId: string): Promise<boolean> {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId)).limit(1);
      return !!row;
    },

    async parentVisible(parentId: string, includeInactive: boolean): Promise<boolean> {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, parentId), includeInactive ? undefined : eq(categories.isActive, true)))
        .limit(1);
      return !!row;
    },

    async insert(values: NewRow): Promise<ComponentRow> {
      const [row] = await db.insert(components).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewRow>): Promise<ComponentRow | null> {
      const [row] = await db.update(components).set({ ...patch, updatedAt: new Date() }).where(eq(components.id, id)).returning();
      return row ?? null;
    },

    /** Optionals per component in one grouped query (active ones only unless `includeInactive`). */
    async optionalCounts(ids: string[], includeInactive: boolean): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: componentOptionals.componentId, value: count() })
        .from(componentOptionals)
        .where(and(inArray(componentOptionals.componentId, ids), includeInactive ? undefined : eq(componentOptionals.isActive, true)))
        .groupBy(componentOptionals.componentId);
      return new Map(rows.map((r) => [r.id, r.value]));
    },

    async isReferenced(id: string): Promise<boolean> {
      const [row] = await db.select({ id: componentOptionals.id }).from(componentOptionals).where(eq(componentOptionals.componentId, id)).limit(1);
      return !!row;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(components).where(eq(components.id, id)).returning({ id: components.id });
      return rows.length > 0;
    },
  };
}
