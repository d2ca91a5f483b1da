import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Availability, MetalType, ProductStatus } from '@mirror/contract';
import type { Db } from '../../db/client';
import {
  categories,
  collectionProducts,
  collections,
  designers,
  products,
  searchTerms,
  vendors,
  type NewProductRow,
  type ProductRow,
} from '../../db/schema/index';

/** Who is reading: admins see everything, a vendor also sees its own drafts, everyone else live pieces only. */
export interface ProductViewer {
  isAdmin: boolean;
  vendorId: string | null;
}

export interface ProductFilter {
  categoryId?: string | undefined;
  metalType?: MetalType | undefined;
  vendorId?: string | undefined;
  designerId?: string | undefined;
  collectionId?: string | undefined;
  featured?: boolean | undefined;
  availability?: Availability | undefined;
  /** Stock strictly above zero. */
  available?: boolean | undefined;
  lowStock?: boolean | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  status?: ProductStatus | undefined;
  includeDeleted?: boolean | undefined;
}

export type ProductSortField = 'name' | 'price' | 'createdAt' | 'stock';
export interface ProductSort {
  field: ProductSortField;
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  name: { column: products.name, cast: sql`text` },
  price: { column: products.sortPrice, cast: sql`integer` },
  createdAt: { column: products.createdAt, cast: sql`timestamptz` },
  stock: { column: products.stockQuantity, cast: sql`integer` },
} as const;

/** Every column a reader needs: the search vector (the largest column) stays in the database. */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);
export { productColumns };
/** A product as reads return it. */
export type ProductReadRow = Omit<ProductRow, 'searchVector'>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Facet dimensions and the filter fields that belong to each: a facet's counts ignore its own fields. */
const FACET_FILTER_KEYS = {
  category: ['categoryId'],
  metal: ['metalType'],
  vendor: ['vendorId'],
  designer: ['designerId'],
  collection: ['collectionId'],
  featured: ['featured'],
  availability: ['availability', 'available', 'lowStock'],
  status: ['status'],
  price: ['minPrice', 'maxPrice'],
} as const satisfies Record<string, readonly (keyof ProductFilter)[]>;
type FacetDimension = keyof typeof FACET_FILTER_KEYS;
/** The facets counted by GROUPING SETS over one products scan (collections join another table; price is min/max). */
export const GROUPED_FACETS = ['category', 'metal', 'vendor', 'designer', 'featured', 'availability', 'status'] as const;
export type GroupedFacet = (typeof GROUPED_FACETS)[number];
const FACET_COLUMNS: Record<GroupedFacet, string> = {
  category: 'category_id',
  metal: 'metal',
  vendor: 'vendor_id',
  designer: 'designer_id',
  featured: 'is_featured',
  availability: 'availability',
  status: 'status',
};

export function createProductsRepo(db: Db, lowStockThreshold: number) {
  function visibility(viewer: ProductViewer, includeDeleted: boolean): SQL | undefined {
    if (viewer.isAdmin) return includeDeleted ? undefined : isNull(products.deletedAt);
    const live = eq(products.status, 'ACTIVE');
    return and(isNull(products.deletedAt), viewer.vendorId ? or(live, eq(products.vendorId, viewer.vendorId)) : live);
  }

  function where(viewer: ProductViewer, filter: ProductFilter): SQL | undefined {
    const c: (SQL | undefined)[] = [visibility(viewer, !!filter.includeDeleted && viewer.isAdmin)];
    if (filter.categoryId) c.push(eq(products.categoryId, filter.categoryId));
    if (filter.metalType) c.push(eq(products.metal, filter.metalType));
    if (filter.vendorId) c.push(eq(products.vendorId, filter.vendorId));
    if (filter.designerId) c.push(eq(products.designerId, filter.designerId));
    if (filter.collectionId) {
      c.push(
        inArray(
          products.id,
          db.select({ id: collectionProducts.productId }).from(collectionProducts).where(eq(collectionProducts.collectionId, filter.collectionId)),
        ),
      );
    }
    if (filter.featured !== undefined) c.push(eq(products.isFeatured, filter.featured));
    if (filter.availability === 'OUT_OF_STOCK') c.push(eq(products.stockQuantity, 0));
    if (filter.availability === 'LOW_STOCK') c.push(and(gte(products.stockQuantity, 1), lte(products.stockQuantity, lowStockThreshold)));
    if (filter.availability === 'IN_STOCK') c.push(sql`${products.stockQuantity} > ${lowStockThreshold}`);
    if (filter.available) c.push(sql`${products.stockQuantity} > 0`);
    if (filter.lowStock) c.push(and(gte(products.stockQuantity, 1), lte(products.stockQuantity, lowStockThreshold)));
    if (filter.minPrice !== undefined) c.push(gte(products.sortPrice, filter.minPrice));
    if (filter.maxPrice !== undefined) c.push(lte(products.sortPrice, filter.maxPrice));
    if (filter.status) c.push(eq(products.status, filter.status));
    return and(...c);
  }

  /** Counts per value of each of `dims` (one GROUPING SETS pass), plus the total and price bounds when `withTotal`. */
  async function facetGroups(condition: SQL | undefined, dims: GroupedFacet[], withTotal: boolean) {
    if (dims.length === 0 && !withTotal) return [];
    const cols = dims.map((d) => FACET_COLUMNS[d]);
    const sets = [...cols.map((c) => `(${c})`), ...(withTotal ? ['()'] : [])].join(', ');
    const dimension = cols.length ? sql.raw(`case ${cols.map((c, i) => `when grouping(${c}) = 0 then '${dims[i]}'`).join(' ')} end`) : sql.raw('null');
    const value = cols.length ? sql.raw(`coalesce(${cols.map((c) => `case when grouping(${c}) = 0 then ${c}::text end`).join(', ')})`) : sql.raw('null');
    return rowsOf<{ dimension: GroupedFacet | null; value: string | null; count: number; min_price: number | null; max_price: number | null }>(
      await db.execute(sql`
        select ${dimension} as dimension, ${value} as value, count(*)::int as count, min(sort_price) as min_price, max(sort_price) as max_price
        from (
          select ${products.categoryId} as category_id, ${products.metal} as metal, ${products.vendorId} as vendor_id,
                 ${products.designerId} as designer_id, ${products.isFeatured} as is_featured, ${products.status} as status,
                 ${products.sortPrice} as sort_price,
                 case when ${products.stockQuantity} = 0 then 'OUT_OF_STOCK' when ${products.stockQuantity} <= ${lowStockThreshold} then 'LOW_STOCK' else 'IN_STOCK' end as availability
          from ${products}
          where ${condition ?? sql`true`}
        ) p
        group by grouping sets (${sql.raw(sets)})`),
    );
  }

  return {
    where,

    async findById(id: string, viewer: ProductViewer, includeDeleted = false): Promise<ProductReadRow | null> {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .where(and(eq(products.id, id), visibility(viewer, includeDeleted && viewer.isAdmin)))
        .limit(1);
      return row ?? null;
    },

    async findBySku(sku: string, viewer: ProductViewer): Promise<ProductReadRow | null> {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .where(and(sql`upper(${products.sku}) = upper(${sku})`, visibility(viewer, false)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Keyset `after` (sort value + id) keeps deep pages as cheap as page 0. Offset pages pick their 20 ids
     * first from the sort index alone (an index-only scan skips the offset rows without touching the
     * heap), then read just those rows: page 2000 costs index entries, not 40,000 row fetches.
     */
    async list(condition: SQL | undefined, sort: ProductSort, page: { offset: number; size: number; after?: { value: string; id: string } }) {
      const { column, cast } = SORT_COLUMNS[sort.field];
      const order = sort.direction === 'desc' ? [desc(column), desc(products.id)] : [asc(column), asc(products.id)];
      const keyset = page.after
        ? sort.direction === 'desc'
          ? sql`(${column}, ${products.id}) < (cast(${page.after.value} as ${cast}), cast(${page.after.id} as uuid))`
          : sql`(${column}, ${products.id}) > (cast(${page.after.value} as ${cast}), cast(${page.after.id} as uuid))`
        : undefined;
      const select = db.select({ product: productColumns, cursorValue: sql<string>`cast(${column} as text)` }).from(products);
      if (page.after || page.offset === 0) return select.where(and(condition, keyset)).orderBy(...order).limit(page.size);
      const ids = db.select({ id: products.id }).from(products).where(condition).orderBy(...order).limit(page.size).offset(page.offset);
      return select.where(inArray(products.id, ids)).orderBy(...order);
    },

    async count(condition: SQL | undefined): Promise<number> {
      const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(products).where(condition);
      return row?.value ?? 0;
    },

    /** Words of the search lexicon within one or two edits of `token` (a one-letter typo, or two in long words). */
    async typoCorrections(token: string): Promise<string[]> {
      const maxEdits = token.length >= 7 ? 2 : 1;
      const rows = await db
        .select({ term: searchTerms.term })
        .from(searchTerms)
        .where(
          and(
            or(sql`${searchTerms.term} % ${token}`, sql`${searchTerms.term} like ${token.slice(0, 2) + '%'}`),
            sql`levenshtein(${searchTerms.term}, ${token}) <= ${maxEdits}`,
            sql`${searchTerms.term} <> ${token}`,
          ),
        )
        .orderBy(sql`levenshtein(${searchTerms.term}, ${token})`, asc(searchTerms.term))
        .limit(8);
      return rows.map((r) => r.term);
    },

    async search(condition: SQL | undefined, tsquery: string, page: { offset: number; size: number }) {
      const query = sql`to_tsquery('simple', ${tsquery})`;
      const rank = sql<number>`ts_rank(${products.searchVector}, ${query})`;
      return db
        .select(productColumns)
        .from(products)
        .where(and(condition, sql`${products.searchVector} @@ ${query}`))
        .orderBy(desc(rank), asc(products.name), asc(products.id))
        .limit(page.size)
        .offset(page.offset);
    },

    async searchCount(condition: SQL | undefined, tsquery: string): Promise<number> {
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(products)
        .where(and(condition, sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery})`));
      return row?.value ?? 0;
    },

    /** Adds the product's words to the search lexicon (words are never removed: a stale word just finds nothing). */
    async indexTerms(productId: string): Promise<void> {
      await db.execute(sql`
        insert into ${searchTerms} (term)
        select distinct unnest(tsvector_to_array(${products.searchVector})) from ${products} where ${products.id} = ${productId}
        on conflict do nothing`);
    },

    async insert(values: NewProductRow): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      return row!;
    },

    /** Updates a non-deleted product, scoped to a vendor when given; null when no such product. */
    async update(id: string, patch: Partial<NewProductRow>, vendorScope: string | null = null): Promise<ProductRow | null> {
      const [row] = await db
        .update(products)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(products.id, id), isNull(products.deletedAt), vendorScope ? eq(products.vendorId, vendorScope) : undefined))
        .returning();
      return row ?? null;
    },

    async setStock(id: string, quantity: number, vendorScope: string | null): Promise<ProductRow | null> {
      return this.update(id, { stockQuantity: quantity }, vendorScope);
    },

    /** One atomic statement: concurrent adjustments never lose an update and never go below zero. */
    async adjustStock(id: string, delta: number, vendorScope: string | null): Promise<ProductRow | null> {
      const [row] = await db
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${delta}`, updatedAt: new Date() })
        .where(
          and(
            eq(products.id, id),
            isNull(products.deletedAt),
            vendorScope ? eq(products.vendorId, vendorScope) : undefined,
            sql`${products.stockQuantity} + ${delta} >= 0`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async toggleFeatured(id: string): Promise<ProductRow | null> {
      const [row] = await db
        .update(products)
        .set({ isFeatured: sql`not ${products.isFeatured}`, updatedAt: new Date() })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning();
      return row ?? null;
    },

    async softDelete(id: string, vendorScope: string | null): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(products.id, id), isNull(products.deletedAt), vendorScope ? eq(products.vendorId, vendorScope) : undefined))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    async restore(id: string): Promise<ProductRow | null> {
      const [row] = await db
        .update(products)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(and(eq(products.id, id), isNotNull(products.deletedAt)))
        .returning();
      return row ?? null;
    },

    async hardDelete(id: string): Promise<boolean> {
      const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      return rows.length > 0;
    },

    async vendorIdOfUser(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: vendors.id })
        .from(vendors)
        .where(and(eq(vendors.userId, userId), isNull(vendors.deletedAt)))
        .limit(1);
      return row?.id ?? null;
    },

    async references(input: { categoryId?: string | undefined; vendorId?: string | undefined; designerId?: string | null | undefined }) {
      const [category, vendor, designer] = await Promise.all([
        input.categoryId ? db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1) : [],
        input.vendorId ? db.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.id, input.vendorId), isNull(vendors.deletedAt))).limit(1) : [],
        input.designerId ? db.select({ id: designers.id }).from(designers).where(and(eq(designers.id, input.designerId), isNull(designers.deletedAt))).limit(1) : [],
      ]);
      return { category: category.length > 0, vendor: vendor.length > 0, designer: designer.length > 0 };
    },

    /**
     * Facet counts. Each facet ignores its own dimension (choosing PLATINUM still shows the other metals
     * with their counts): the dimensions the filter does not touch share one GROUPING SETS pass with the
     * total; each filtered dimension gets its own pass without its own condition. Every pass reads the
     * covering facets index, so a request costs 1 + (number of filtered dimensions) index scans.
     */
    async facets(viewer: ProductViewer, filter: ProductFilter) {
      const isActive = (d: FacetDimension) => FACET_FILTER_KEYS[d].some((k) => filter[k] !== undefined);
      const without = (d: FacetDimension) => where(viewer, { ...filter, ...Object.fromEntries(FACET_FILTER_KEYS[d].map((k) => [k, undefined])) });
      const full = where(viewer, filter);
      const [shared, own, price, collectionRows] = await Promise.all([
        facetGroups(full, GROUPED_FACETS.filter((d) => !isActive(d)), true),
        Promise.all(GROUPED_FACETS.filter(isActive).map((d) => facetGroups(without(d), [d], false))),
        isActive('price') ? facetGroups(without('price'), [], true) : null,
        db
          .select({ value: collectionProducts.collectionId, label: collections.name, count: sql<number>`count(*)::int` })
          .from(collectionProducts)
          .innerJoin(products, eq(products.id, collectionProducts.productId))
          .innerJoin(collections, and(eq(collections.id, collectionProducts.collectionId), isNull(collections.deletedAt)))
          .where(isActive('collection') ? without('collection') : full)
          .groupBy(collectionProducts.collectionId, collections.name),
      ]);
      const totalRow = shared.find((r) => r.dimension === null);
      const priceRow = price ? price.find((r) => r.dimension === null) : totalRow;
      return {
        groups: [...shared, ...own.flat()].filter((r) => r.dimension !== null && r.value !== null),
        total: Number(totalRow?.count ?? 0),
        price: { min: priceRow?.min_price == null ? null : Number(priceRow.min_price), max: priceRow?.max_price == null ? null : Number(priceRow.max_price) },
        collectionRows,
      };
    },

    async labels(ids: { categories: string[]; vendors: string[]; designers: string[] }) {
      const [c, v, d] = await Promise.all([
        ids.categories.length ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, ids.categories)) : [],
        ids.vendors.length ? db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(inArray(vendors.id, ids.vendors)) : [],
        ids.designers.length ? db.select({ id: designers.id, name: designers.displayName }).from(designers).where(inArray(designers.id, ids.designers)) : [],
      ]);
      return new Map([...c, ...v, ...d].map((r) => [r.id, r.name]));
    },

    /** Back-office figures, aggregated by the database over the covering index. */
    async statistics() {
      const th = lowStockThreshold;
      const rows = rowsOf<{
        g_status: number;
        g_metal: number;
        g_category: number;
        g_currency: number;
        status: string | null;
        metal: string | null;
        category_id: string | null;
        currency: string | null;
        count: number;
        featured: number;
        stock_units: string | number | null;
        stock_value: string | number | null;
        low_stock: number;
        out_of_stock: number;
      }>(
        await db.execute(sql`
          select grouping(status)::int as g_status, grouping(metal)::int as g_metal, grouping(category_id)::int as g_category,
                 grouping(currency)::int as g_currency,
                 status::text as status, metal::text as metal, category_id, currency,
                 count(*)::int as count,
                 (count(*) filter (where is_featured))::int as featured,
                 sum(stock_quantity)::bigint as stock_units,
                 sum(stock_quantity::bigint * price) filter (where price is not null) as stock_value,
                 (count(*) filter (where stock_quantity between 1 and ${th}))::int as low_stock,
                 (count(*) filter (where stock_quantity = 0))::int as out_of_stock
          from ${products}
          where deleted_at is null
          group by grouping sets ((status), (metal), (category_id), (currency), ())`),
      );
      const [deleted] = await db.select({ value: sql<number>`count(*)::int` }).from(products).where(isNotNull(products.deletedAt));
      const names = await db.select({ id: categories.id, name: categories.name }).from(categories);
      return { rows, deleted: deleted?.value ?? 0, categoryNames: new Map(names.map((n) => [n.id, n.name])) };
    },
  };
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
