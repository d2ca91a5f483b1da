import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { componentOptionals, components, type ComponentOptionalRow } from '../../db/schema/index';
import type { TaxonomyPageQuery } from '../categories/categories.repo';

type NewRow = typeof componentOptionals.$inferInsert;

export function createComponentOptionalsRepo(db: Db) {
  const activeOnly = (includeInactive: boolean) => (includeInactive ? undefined : eq(componentOptionals.isActive, true));
  const sameName = (name: string) => sql`lower(${componentOptionals.name}) = lower(${name})`;
  const inParent = (parentId: string | undefined) => (parentId ? eq(componentOptionals.componentId, parentId) : undefined);

  return {
    async findById(id: string, includeInactive: boolean): Promise<ComponentOptionalRow | null> {
      const [row] = await db.select().from(componentOptionals).where(and(eq(componentOptionals.id, id), activeOnly(includeInactive))).limit(1);
      return row ?? null;
    },

    async findByName(name: string, includeInactive: boolean, parentId?: string): Promise<ComponentOptionalRow | null> {
      const [row] = await db
        .select()
        .from(componentOptionals)
        .where(and(sameName(name), inParent(parentId), activeOnly(includeInactive)))
        .orderBy(asc(componentOptionals.name), asc(componentOptionals.id))
        .limit(1);
      return row ?? null;
    },

    async list(includeInactive: boolean, query: TaxonomyPageQuery, parentId?: string) {
      const where: SQL | undefined = and(activeOnly(includeInactive), inParent(parentId));
      const column = query.sort.field === 'name' ? componentOptionals.name : componentOptionals.createdAt;
      const order = query.sort.direction === 'desc' ? [desc(column), desc(componentOptionals.id)] : [asc(column), asc(componentOptionals.id)];
      const [rows, [total]] = await Promise.all([
        db.select().from(componentOptionals).where(where).orderBy(...order).limit(query.size).offset(query.page * query.size),
        db.select({ value: count() }).from(componentOptionals).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async count(includeInactive: boolean): Promise<number> {
      const [row] = await db.select({ value: count() }).from(componentOptionals).where(activeOnly(includeInactive));
      return row?.value ?? 0;
    },

    async parentExists(parentId: string): Promise<boolean> {
      const [row] = await db.select({ id: components.id }).from(components).where(eq(components.id, parentId)).limit(1);
      return !!row;
    },

    async parentVisible(parentId: string, includeInactive: boolean): Promise<boolean> {
      const [row] = await db
        .select({ id: components.id })
        .from(components)
        .where(and(eq(components.id, parentId), includeInactive ? undefined : eq(components.isActive, true)))
        .limit(1);
      return !!row;
    },

    async insert(values: NewRow): Promise<ComponentOptionalRow> {
      const [row] = await db.insert(componentOptionals).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewRow>): Promise<ComponentOptionalRow | null> {
      const [row] = await db.update(componentOptionals).set({ ...patch, updatedAt: new Date() }).where(eq(componentOptionals.id, id)).returning();
      return row ?? null;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(componentOptionals).where(eq(componentOptionals.id, id)).returning({ id: componentOptionals.id });
      return rows.length > 0;
    },
  };
}
