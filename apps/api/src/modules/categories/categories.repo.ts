import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, components, products, type CategoryRow } from '../../db/schema/index';

type NewRow = typeof categories.$inferInsert;

export interface TaxonomyPageQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt'; direction: 'asc' | 'desc' };
}

export function createCategoriesRepo(db: Db) {
  const activeOnly = (includeInactive: boolean) => (includeInactive ? undefined : eq(categories.isActive, true));
  const sameName = (name: string) => sql`lower(${categories.name}) = lower(${name})`;

  return {
    async findById(id: string, includeInactive: boolean): Promise<CategoryRow | null> {
      const [row] = await db.select().from(categories).where(and(eq(categories.id, id), activeOnly(includeInactive))).limit(1);
      return row ?? null;
    },

    async findByName(name: string, includeInactive: boolean): Promise<CategoryRow | null> {
      const [row] = await db.select().from(categories).where(and(sameName(name), activeOnly(includeInactive))).limit(1);
      return row ?? null;
    },

    async list(includeInactive: boolean, query: TaxonomyPageQuery) {
      const where: SQL | undefined = activeOnly(includeInactive);
      const column = query.sort.field === 'name' ? categories.name : categories.createdAt;
      const order = query.sort.direction === 'desc' ? [desc(column), desc(categories.id)] : [asc(column), asc(categories.id)];
      const [rows, [total]] = await Promise.all([
        db.select().from(categories).where(where).orderBy(...order).limit(query.size).offset(query.page * query.size),
        db.select({ value: count() }).from(categories).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async count(includeInactive: boolean): Promise<number> {
      const [row] = await db.select({ value: count() }).from(categories).where(activeOnly(includeInactive));
      return row?.value ?? 0;
    },

    async insert(values: NewRow): Promise<CategoryRow> {
      const [row] = await db.insert(categories).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewRow>): Promise<CategoryRow | null> {
      const [row] = await db.update(categories).set({ ...patch, updatedAt: new Date() }).where(eq(categories.id, id)).returning();
      return row ?? null;
    },

    /**
     * Pieces per category in one grouped query: not soft-deleted (`all`), or also ACTIVE (what a visitor
     * sees, read from products_live_category_idx). Categories without pieces are absent.
     */
    async productCounts(ids: string[], pieces: 'all' | 'live'): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: products.categoryId, value: count() })
        .from(products)
        .where(and(inArray(products.categoryId, ids), isNull(products.deletedAt), pieces === 'live' ? eq(products.status, 'ACTIVE') : undefined))
        .groupBy(products.categoryId);
      return new Map(rows.map((r) => [r.id, r.value]));
    },

    /** Components per category in one grouped query (active ones only unless `includeInactive`). */
    async componentCounts(ids: string[], includeInactive: boolean): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: components.categoryId, value: count() })
        .from(components)
        .where(and(inArray(components.categoryId, ids), includeInactive ? undefined : eq(components.isActive, true)))
        .groupBy(components.categoryId);
      return new Map(rows.map((r) => [r.id, r.value]));
    },

    /** True when products or components still point at it. */
    async isReferenced(id: string): Promise<boolean> {
      const [p] = await db.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
      if (p) return true;
      const [c] = await db.select({ id: components.id }).from(components).where(eq(components.categoryId, id)).limit(1);
      return !!c;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
      return rows.length > 0;
    },
  };
}
