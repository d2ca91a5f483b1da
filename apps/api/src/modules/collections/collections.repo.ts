import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import type { CollectionSeason } from '@mirror/contract';
import { onGenericPlans, type Db } from '../../db/client';
import { collectionProducts, collections, products, type CollectionRow, type NewCollectionRow } from '../../db/schema/index';
import { productColumns, type ProductReadRow } from '../products/products.repo';
import { escapeLike, rowsOf } from '../../db/sql-helpers';
import { withCompiledRows } from '../../db/row-mapper';

export interface CollectionFilter {
  year?: number | undefined;
  season?: CollectionSeason | undefined;
  featured?: boolean | undefined;
  q?: string | undefined;
  includeDeleted?: boolean | undefined;
  /** `only`: the Trash (ADMIN). */
  deleted?: 'only' | undefined;
  /** The collections holding this piece, when the caller may see the piece (a product page's "More from"). */
  productId?: string | undefined;
}

export interface CollectionPageQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'year' | 'createdAt' | 'updatedAt' | 'deletedAt'; direction: 'asc' | 'desc' };
}

/** Statement names are per connection and global to the server: prefix them so they never meet another module's. */
const statementName = (key: string) => `coll_${key}`;

/**
 * The products a viewer may see, from the products repo's own condition (so visibility rules live in one
 * place). `shape` names a value-free condition (public, admin) whose statements can be prepared once; a
 * vendor's condition carries its id, so its statements are built per call.
 */
export interface MemberVisibility {
  condition: SQL | undefined;
  shape: 'public' | 'admin' | null;
}

export function createCollectionsRepo(db: Db) {
  function where(filter: CollectionFilter, isAdmin: boolean, visibility: MemberVisibility): SQL | undefined {
    const deleted = !isAdmin
      ? isNull(collections.deletedAt)
      : filter.deleted === 'only'
        ? isNotNull(collections.deletedAt)
        : filter.includeDeleted
          ? undefined
          : isNull(collections.deletedAt);
    return and(
      deleted,
      filter.year !== undefined ? eq(collections.year, filter.year) : undefined,
      filter.season ? eq(collections.season, filter.season) : undefined,
      filter.featured !== undefined ? eq(collections.isFeatured, filter.featured) : undefined,
      filter.q ? sql`${collections.name} ilike ${`%${escapeLike(filter.q)}%`}` : undefined,
      // Over collection_products_product_idx; a piece the caller may not see belongs to no collection.
      filter.productId
        ? sql`exists (select 1 from ${collectionProducts} where ${collectionProducts.collectionId} = ${collections.id} and ${and(
            eq(collectionProducts.productId, filter.productId),
            visibleMember(visibility),
          )})`
        : undefined,
    );
  }

  const itemColumns = { product: productColumns, sortOrder: collectionProducts.sortOrder, isHero: collectionProducts.isHero };
  type ItemRow = { product: ProductReadRow; sortOrder: number; isHero: boolean };

  /**
   * "The member's product is visible", as a per-member probe of products_pkey. Written as a scalar
   * subquery on purpose: PostgreSQL cannot turn it into a join, so counting or skipping members always
   * walks the collection's own index instead of hash-joining every live product (1 s at 1M products).
   */
  const visibleMember = (visibility: MemberVisibility) =>
    visibility.condition
      ? sql`(select true from ${products} where ${products.id} = "collection_products"."product_id" and ${visibility.condition})`
      : undefined;

  /**
   * A page of one collection's members in sort order: walks collection_products_order_idx
   * (collection_id, sort_order, product_id), checks each member's visibility until the page is full, then
   * reads the page's product rows only. No count, no sort of the whole membership. A deleted or missing
   * collection yields no rows (callers tell "missing" from "empty" only when the page is empty).
   */
  const pageQuery = (visibility: MemberVisibility, collectionId: unknown, offset: unknown, limit: unknown) => {
    // The collection must be live: checked once per statement (an InitPlan), so a page is one round trip.
    const live = sql`exists (select 1 from ${collections} where ${collections.id} = ${collectionId} and ${collections.deletedAt} is null)`;
    const page = db
      .select({ productId: collectionProducts.productId, sortOrder: collectionProducts.sortOrder, isHero: collectionProducts.isHero })
      .from(collectionProducts)
      .where(and(eq(collectionProducts.collectionId, collectionId as string), live, visibleMember(visibility)))
      .orderBy(asc(collectionProducts.sortOrder), asc(collectionProducts.productId))
      .limit(limit as number)
      .offset(offset as number)
      .as('page');
    return db
      .select({ product: productColumns, sortOrder: page.sortOrder, isHero: page.isHero })
      .from(page)
      .innerJoin(products, eq(products.id, page.productId))
      .orderBy(asc(page.sortOrder), asc(page.productId));
  };
  const preparedPages = new Map<string, { execute: (params: Record<string, unknown>) => Promise<ItemRow[]> }>();
  function itemPage(visibility: MemberVisibility, collectionId: string, offset: number, limit: number): Promise<ItemRow[]> {
    if (!visibility.shape) return pageQuery(visibility, collectionId, offset, limit);
    let statement = preparedPages.get(visibility.shape);
    if (!statement) {
      // Its rows mapped by a function compiled once (decisions §113): the nested product of 20 members mapped by
      // drizzle's generic walk cost a third of the API's time on this page.
      // Planned once per session, for any collection (decision 0133).
      statement = onGenericPlans(
        withCompiledRows(
          pageQuery(visibility, sql.placeholder('collectionId'), sql.placeholder('offset'), sql.placeholder('limit')).prepare(
            statementName(`items_${visibility.shape}`),
          ),
        ),
      );
      preparedPages.set(visibility.shape, statement);
    }
    return statement.execute({ collectionId, offset, limit });
  }

  const firstItemsQuery = (visibility: MemberVisibility, collectionIds: unknown, limit: unknown) => {
    const first = db
      .select(itemColumns)
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(and(sql`${collectionProducts.collectionId} = "c"."id"`, visibility.condition))
      .orderBy(asc(collectionProducts.sortOrder), asc(collectionProducts.productId))
      .limit(limit as number)
      .as('first');
    const c = db.$with('c').as(
      db
        .select({ id: collections.id })
        .from(collections)
        .where(sql`${collections.id} = any(${Array.isArray(collectionIds) ? sql.param(collectionIds) : collectionIds}::uuid[])`),
    );
    return db
      .with(c)
      .select({ collectionId: c.id, sortOrder: first.sortOrder, isHero: first.isHero, product: first.product })
      .from(c)
      .crossJoinLateral(first);
  };
  const preparedFirst = new Map<
    string,
    { execute: (params: Record<string, unknown>) => Promise<(ItemRow & { collectionId: string })[]> }
  >();

  return {
    where,

    async list(condition: SQL | undefined, query: CollectionPageQuery) {
      const column = {
        name: collections.name,
        year: collections.year,
        createdAt: collections.createdAt,
        updatedAt: collections.updatedAt,
        deletedAt: collections.deletedAt,
      }[query.sort.field];
      const dir = query.sort.direction === 'desc' ? desc : asc;
      const order =
        query.sort.field === 'year'
          ? [dir(collections.year), dir(collections.season), asc(collections.name), asc(collections.id)]
          : query.sort.field === 'deletedAt'
            ? [sql`${collections.deletedAt} ${sql.raw(query.sort.direction)} nulls last`, dir(collections.id)]
            : [dir(column), dir(collections.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(collections)
          .where(condition)
          .orderBy(...order)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(collections).where(condition),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async findById(id: string, includeDeleted = false): Promise<CollectionRow | null> {
      const [row] = await db
        .select()
        .from(collections)
        .where(and(eq(collections.id, id), includeDeleted ? undefined : isNull(collections.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async findByName(name: string): Promise<CollectionRow | null> {
      const [row] = await db
        .select()
        .from(collections)
        .where(and(sql`lower(${collections.name}) = lower(${name})`, isNull(collections.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Pieces of a collection the viewer may see. Visits every member: callers cache the answer. */
    async productCount(collectionId: string, visibility: MemberVisibility): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(collectionProducts)
        .where(and(eq(collectionProducts.collectionId, collectionId), visibleMember(visibility)));
      return row?.value ?? 0;
    },

    /** Members of a live collection in sort order, `offset`/`limit` counted in pieces the viewer may see. */
    items(collectionId: string, visibility: MemberVisibility, page: { offset: number; limit: number }): Promise<ItemRow[]> {
      return itemPage(visibility, collectionId, page.offset, page.limit);
    },

    /** Every member the viewer may see, in sort order. */
    allItems(collectionId: string, visibility: MemberVisibility): Promise<ItemRow[]> {
      return db
        .select(itemColumns)
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .where(and(eq(collectionProducts.collectionId, collectionId), visibility.condition))
        .orderBy(asc(collectionProducts.sortOrder), asc(collectionProducts.productId));
    },

    /**
     * The first `perCollection` members of several collections in one statement: for each collection a
     * LATERAL walk of collection_products_order_idx that fetches its few products by primary key and stops.
     * (A window-function query joined every member with a scan of the products table; one query per
     * collection cost a round trip, a plan and a pool connection each.)
     */
    firstItems(
      collectionIds: string[],
      visibility: MemberVisibility,
      perCollection: number,
    ): Promise<(ItemRow & { collectionId: string })[]> {
      if (collectionIds.length === 0) return Promise.resolve([]);
      if (!visibility.shape) return firstItemsQuery(visibility, collectionIds, perCollection);
      let statement = preparedFirst.get(visibility.shape);
      if (!statement) {
        statement = onGenericPlans(
          withCompiledRows(
            firstItemsQuery(visibility, sql.placeholder('ids'), sql.placeholder('limit')).prepare(
              statementName(`first_${visibility.shape}`),
            ),
          ),
        );
        preparedFirst.set(visibility.shape, statement);
      }
      return statement.execute({ ids: collectionIds, limit: perCollection });
    },

    /** The hero piece of each collection the viewer may see, in one statement (collection_products_hero_uq). */
    async heroes(collectionIds: string[], visibility: MemberVisibility) {
      if (collectionIds.length === 0) return [];
      return db
        .select({ collectionId: collectionProducts.collectionId, productId: products.id, name: products.name, sku: products.sku })
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .where(and(inArray(collectionProducts.collectionId, collectionIds), eq(collectionProducts.isHero, true), visibility.condition));
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
      const rows = await db
        .update(collections)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(collections.id, id), isNull(collections.deletedAt)))
        .returning({ id: collections.id });
      return rows.length > 0;
    },

    async restore(id: string): Promise<CollectionRow | null> {
      const [row] = await db
        .update(collections)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(and(eq(collections.id, id), isNotNull(collections.deletedAt)))
        .returning();
      return row ?? null;
    },

    async hardDelete(id: string): Promise<boolean> {
      const rows = await db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
      return rows.length > 0;
    },

    async nameTaken(name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(sql`lower(${collections.name}) = lower(${name})`)
        .limit(1);
      return !!row && row.id !== exceptId;
    },

    // ----- Membership (callers run these inside one transaction, after lockCollection) -----

    /** Serialises membership changes of one collection. */
    async lockCollection(id: string): Promise<boolean> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`select id from ${collections} where id = ${id} and deleted_at is null for update`),
      );
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
      const [row] = await db
        .select({ value: count(), top: max(collectionProducts.sortOrder) })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, collectionId));
      return row?.value ?? 0;
    },

    async shift(collectionId: string, from: number, to: number | null, by: 1 | -1): Promise<void> {
      await db
        .update(collectionProducts)
        .set({ sortOrder: sql`${collectionProducts.sortOrder} + ${by}` })
        .where(
          and(
            eq(collectionProducts.collectionId, collectionId),
            gte(collectionProducts.sortOrder, from),
            to === null ? undefined : lte(collectionProducts.sortOrder, to),
          ),
        );
    },

    async insertMember(values: { collectionId: string; productId: string; sortOrder: number; isHero: boolean }): Promise<void> {
      await db.insert(collectionProducts).values(values);
    },

    async deleteMember(collectionId: string, productId: string): Promise<void> {
      await db
        .delete(collectionProducts)
        .where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, productId)));
    },

    async setMember(collectionId: string, productId: string, patch: { sortOrder?: number; isHero?: boolean }): Promise<void> {
      await db
        .update(collectionProducts)
        .set(patch)
        .where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, productId)));
    },

    /** Every member in sort order, and whether its piece is soft-deleted (hidden from the back-office list). */
    async members(collectionId: string) {
      return db
        .select({
          productId: collectionProducts.productId,
          sortOrder: collectionProducts.sortOrder,
          isDeleted: sql<boolean>`${products.deletedAt} is not null`,
        })
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .where(eq(collectionProducts.collectionId, collectionId))
        .orderBy(asc(collectionProducts.sortOrder), asc(collectionProducts.productId));
    },

    /** Sets sort orders 0, 1, 2… following `productIds`, in one statement (rows already in place are left alone). */
    async setOrder(collectionId: string, productIds: string[]): Promise<void> {
      if (productIds.length === 0) return;
      await db.execute(sql`
        update ${collectionProducts} set sort_order = o.ord - 1
        from unnest(${sql.param(productIds)}::uuid[]) with ordinality as o(product_id, ord)
        where ${collectionProducts.collectionId} = ${collectionId} and ${collectionProducts.productId} = o.product_id and ${collectionProducts.sortOrder} <> o.ord - 1`);
    },

    async clearHero(collectionId: string): Promise<void> {
      await db
        .update(collectionProducts)
        .set({ isHero: false })
        .where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.isHero, true)));
    },

    async productExists(productId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), isNull(products.deletedAt)))
        .limit(1);
      return !!row;
    },

    async facets(condition: SQL | undefined) {
      const [years, seasons, featured, [total]] = await Promise.all([
        db
          .select({ value: collections.year, count: count() })
          .from(collections)
          .where(condition)
          .groupBy(collections.year)
          .orderBy(desc(collections.year)),
        db
          .select({ value: collections.season, count: count() })
          .from(collections)
          .where(condition)
          .groupBy(collections.season)
          .orderBy(asc(collections.season)),
        db.select({ value: collections.isFeatured, count: count() }).from(collections).where(condition).groupBy(collections.isFeatured),
        db.select({ value: count() }).from(collections).where(condition),
      ]);
      return { years, seasons, featured, total: total?.value ?? 0 };
    },

    async statistics() {
      const live = isNull(collections.deletedAt);
      const [[totals], bySeason, byYear, [members], [withoutHero]] = await Promise.all([
        db
          .select({
            total: count(),
            featured: sql<number>`(count(*) filter (where ${collections.isFeatured}))::int`,
            deleted: sql<number>`(count(*) filter (where ${collections.deletedAt} is not null))::int`,
          })
          .from(collections),
        db.select({ season: collections.season, count: count() }).from(collections).where(live).groupBy(collections.season),
        db
          .select({ year: collections.year, count: count() })
          .from(collections)
          .where(live)
          .groupBy(collections.year)
          .orderBy(desc(collections.year)),
        db
          .select({ value: count() })
          .from(collectionProducts)
          .innerJoin(collections, and(eq(collections.id, collectionProducts.collectionId), live)),
        db
          .select({ value: count() })
          .from(collections)
          .where(
            and(
              live,
              sql`not exists (select 1 from ${collectionProducts} where ${collectionProducts.collectionId} = "collections"."id" and ${collectionProducts.isHero})`,
            ),
          ),
      ]);
      return { totals: totals!, bySeason, byYear, members: members?.value ?? 0, withoutHero: withoutHero?.value ?? 0 };
    },
  };
}
