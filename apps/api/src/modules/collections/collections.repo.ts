import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import type { CollectionSeason } from '@mirror/contract';
import type { Db } from '../../db/client';
import { collectionProducts, collections, products, type CollectionRow, type NewCollectionRow } from '../../db/schema/index';
import { productColumns } from '../products/products.repo';

export interface CollectionFilter {
  year?: number | undefined;
  season?: CollectionSeason | undefined;
  featured?: boolean | undefined;
  q?: string | undefined;
  includeDeleted?: boolean | undefined;
}

export interface CollectionPageQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'year' | 'createdAt'; direction: 'asc' | 'desc' };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function createCollectionsRepo(db: Db) {
  /** Pieces of a collection the caller may see (`productCondition` comes from the products repo). The outer
   * column is spelled out: Drizzle leaves columns unqualified in single-table selects. */
  const productCount = (productCondition: SQL | undefined) =>
    sql<number>`(select count(*)::int from ${collectionProducts} join ${products} on ${products.id} = ${collectionProducts.productId}
      where ${collectionProducts.collectionId} = "collections"."id" and ${productCondition ?? sql`true`})`;

  function where(filter: CollectionFilter, isAdmin: boolean): SQL | undefined {
    return and(
      filter.includeDeleted && isAdmin ? undefined : isNull(collections.deletedAt),
      filter.year !== undefined ? eq(collections.year, filter.year) : undefined,
      filter.season ? eq(collections.season, filter.season) : undefined,
      filter.featured !== undefined ? eq(collections.isFeatured, filter.featured) : undefined,
      filter.q ? sql`${collections.name} ilike ${`%${escapeLike(filter.q)}%`}` : undefined,
    );
  }

  return {
    where,

    async list(condition: SQL | undefined, productCondition: SQL | undefined, query: CollectionPageQuery) {
      const column = { name: collections.name, year: collections.year, createdAt: collections.createdAt }[query.sort.field];
      const dir = query.sort.direction === 'desc' ? desc : asc;
      const order = query.sort.field === 'year' ? [dir(collections.year), dir(collections.season), asc(collections.name), asc(collections.id)] : [dir(column), dir(collections.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({ collection: collections, productCount: productCount(productCondition) })
          .from(collections)
          .where(condition)
          .orderBy(...order)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(collections).where(condition),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async findById(id: string, productCondition: SQL | undefined, includeDeleted = false) {
      const [row] = await db
        .select({ collection: collections, productCount: productCount(productCondition) })
        .from(collections)
        .where(and(eq(collections.id, id), includeDeleted ? undefined : isNull(collections.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async findByName(name: string, productCondition: SQL | undefined) {
      const [row] = await db
        .select({ collection: collections, productCount: productCount(productCondition) })
        .from(collections)
        .where(and(sql`lower(${collections.name}) = lower(${name})`, isNull(collections.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async nameTaken(name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db.select({ id: collections.id }).from(collections).where(sql`lower(${collections.name}) = lower(${name})`).limit(1);
      return !!row && row.id !== exceptId;
    },

    /** Members in sortOrder; `limit` null = all. */
    async items(collectionId: string, productCondition: SQL | undefined, page: { offset: number; limit: number | null }) {
      const condition = and(eq(collectionProducts.collectionId, collectionId), productCondition);
      const base = db
        .select({ product: productColumns, sortOrder: collectionProducts.sortOrder, isHero: collectionProducts.isHero })
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .where(condition)
        .orderBy(asc(collectionProducts.sortOrder), asc(collectionProducts.productId));
      const [rows, [total]] = await Promise.all([
        page.limit === null ? base : base.limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(collectionProducts).innerJoin(products, eq(products.id, collectionProducts.productId)).where(condition),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /**
     * The first `perCollection` members of several collections: one LIMIT query per collection, each
     * walking collection_products_order_idx and fetching its few products by primary key. (A single
     * window-function query joined every member with a scan of the products table.)
     */
    async firstItems(collectionIds: string[], productCondition: SQL | undefined, perCollection: number) {
      const lists = await Promise.all(
        collectionIds.map((collectionId) =>
          db
            .select({ collectionId: collectionProducts.collectionId, sortOrder: collectionProducts.sortOrder, isHero: collectionProducts.isHero, product: productColumns })
            .from(collectionProducts)
            .innerJoin(products, eq(products.id, collectionProducts.productId))
            .where(and(eq(collectionProducts.collectionId, collectionId), productCondition))
            .orderBy(asc(collectionProducts.sortOrder), asc(collectionProducts.productId))
            .limit(perCollection),
        ),
      );
      return lists.flat();
    },

    async insert(values: NewCollectionRow): Promise<CollectionRow> {
      const [row] = await db.insert(collections).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewCollectionRow>): Promise<CollectionRow | null> {
      const [row] = await db
        .update(collections)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(collections.id, id), isNull(collections.deletedAt)))
        .returning();
      return row ?? null;
    },

    async softDelete(id: string): Promise<boolean> {
      const rows = await db.update(collections).set({ deletedAt: new Date(), updatedAt: new Date() }).where(and(eq(collections.id, id), isNull(collections.deletedAt))).returning({ id: collections.id });
      return rows.length > 0;
    },

    async restore(id: string): Promise<CollectionRow | null> {
      const [row] = await db.update(collections).set({ deletedAt: null, updatedAt: new Date() }).where(and(eq(collections.id, id), isNotNull(collections.deletedAt))).returning();
      return row ?? null;
    },

    async hardDelete(id: string): Promise<boolean> {
      const rows = await db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
      return rows.length > 0;
    },

    // ----- Membership (callers run these inside one transaction, after lockCollection) -----

    /** Serialises membership changes of one collection. */
    async lockCollection(id: string): Promise<boolean> {
      const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from ${collections} where id = ${id} and deleted_at is null for update`));
      return rows.length > 0;
    },

    async member(collectionId: string, productId: string) {
      const [row] = await db
        .select()
        .from(collectionProducts)
        .where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, productId)))
        .limit(1);
      return row ?? null;
    },

    async memberCount(collectionId: string): Promise<number> {
      const [row] = await db.select({ value: count(), top: max(collectionProducts.sortOrder) }).from(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
      return row?.value ?? 0;
    },

    async shift(collectionId: string, from: number, to: number | null, by: 1 | -1): Promise<void> {
      await db
        .update(collectionProducts)
        .set({ sortOrder: sql`${collectionProducts.sortOrder} + ${by}` })
        .where(and(eq(collectionProducts.collectionId, collectionId), gte(collectionProducts.sortOrder, from), to === null ? undefined : lte(collectionProducts.sortOrder, to)));
    },

    async insertMember(values: { collectionId: string; productId: string; sortOrder: number; isHero: boolean }): Promise<void> {
      await db.insert(collectionProducts).values(values);
    },

    async deleteMember(collectionId: string, productId: string): Promise<void> {
      await db.delete(collectionProducts).where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, productId)));
    },

    async setMember(collectionId: string, productId: string, patch: { sortOrder?: number; isHero?: boolean }): Promise<void> {
      await db
        .update(collectionProducts)
        .set(patch)
        .where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, productId)));
    },

    async clearHero(collectionId: string): Promise<void> {
      await db.update(collectionProducts).set({ isHero: false }).where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.isHero, true)));
    },

    async productExists(productId: string): Promise<boolean> {
      const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), isNull(products.deletedAt))).limit(1);
      return !!row;
    },

    async facets(condition: SQL | undefined) {
      const [years, seasons, featured, [total]] = await Promise.all([
        db.select({ value: collections.year, count: count() }).from(collections).where(condition).groupBy(collections.year).orderBy(desc(collections.year)),
        db.select({ value: collections.season, count: count() }).from(collections).where(condition).groupBy(collections.season).orderBy(asc(collections.season)),
        db.select({ value: collections.isFeatured, count: count() }).from(collections).where(condition).groupBy(collections.isFeatured),
        db.select({ value: count() }).from(collections).where(condition),
      ]);
      return { years, seasons, featured, total: total?.value ?? 0 };
    },

    async statistics() {
      const live = isNull(collections.deletedAt);
      const [[totals], bySeason, byYear, [members], [withoutHero]] = await Promise.all([
        db
          .select({ total: count(), featured: sql<number>`(count(*) filter (where ${collections.isFeatured}))::int`, deleted: sql<number>`(count(*) filter (where ${collections.deletedAt} is not null))::int` })
          .from(collections),
        db.select({ season: collections.season, count: count() }).from(collections).where(live).groupBy(collections.season),
        db.select({ year: collections.year, count: count() }).from(collections).where(live).groupBy(collections.year).orderBy(desc(collections.year)),
        db.select({ value: count() }).from(collectionProducts).innerJoin(collections, and(eq(collections.id, collectionProducts.collectionId), live)),
        db
          .select({ value: count() })
          .from(collections)
          .where(and(live, sql`not exists (select 1 from ${collectionProducts} where ${collectionProducts.collectionId} = "collections"."id" and ${collectionProducts.isHero})`)),
      ]);
      return { totals: totals!, bySeason, byYear, members: members?.value ?? 0, withoutHero: withoutHero?.value ?? 0 };
    },
  };
}
