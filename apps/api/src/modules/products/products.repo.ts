/**
 * The products repo as the service and other modules use it: `createProductsRepo` composes the module's queries.
 * Here the WHERE of a viewer's filter, reads by id, SKU and page (list, count), and the writes of one piece.
 * Beside it: products.statements.repo.ts (the reader and filter types, who sees which rows, prepared statements),
 * products.search.repo.ts (search tiers and the lexicon), products.aggregates.repo.ts (facets, the gem index,
 * statistics) and products.backoffice.repo.ts (SKU check, bulk actions, CSV export and import).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  collectionProducts,
  designers,
  products,
  vendors,
  type NewProductRow,
  type ProductRow,
  type StoredImage,
} from '../../db/schema/index';
import { createProductAggregatesRepo } from './products.aggregates.repo';
import { createProductBackOfficeRepo } from './products.backoffice.repo';
import { createProductSearchRepo, scopeLevel, searchCondition, type FilterWhere } from './products.search.repo';
import { METAL_TYPES, PRODUCT_STATUSES } from '@mirror/contract';
import {
  collecting,
  deletedMode,
  inline,
  literal,
  preparedStatements,
  productColumns,
  filterShape,
  shapeKey,
  SORT_COLUMNS,
  visibility,
  type Bind,
  type ProductFilter,
  type ProductReadRow,
  type ProductSort,
  type ProductViewer,
} from './products.statements.repo';

export { productColumns };
export type { ProductFilter, ProductReadRow, ProductSort, ProductSortField, ProductViewer } from './products.statements.repo';
export type { SearchPart, SearchTier } from './products.search.repo';
export { SEARCH_TIERS } from './products.search.repo';
export type { GroupedFacet } from './products.aggregates.repo';
export type { ExportRow, ImportedColumns } from './products.backoffice.repo';

export function createProductsRepo(db: Db, lowStockThreshold: number) {
  function buildWhere(viewer: ProductViewer, filter: ProductFilter, bind: Bind): SQL | undefined {
    const c: (SQL | undefined)[] = [visibility(viewer, deletedMode(viewer, filter), bind)];
    if (filter.categoryId) c.push(eq(products.categoryId, bind('categoryId', filter.categoryId)));
    if (filter.metalType) c.push(sql`${products.metal} = ${literal(filter.metalType, METAL_TYPES)}`);
    if (filter.vendorId) c.push(eq(products.vendorId, bind('vendorId', filter.vendorId)));
    if (filter.designerId) c.push(eq(products.designerId, bind('designerId', filter.designerId)));
    if (filter.collectionId) {
      c.push(
        inArray(
          products.id,
          db
            .select({ id: collectionProducts.productId })
            .from(collectionProducts)
            .where(eq(collectionProducts.collectionId, bind('collectionId', filter.collectionId))),
        ),
      );
    }
    if (filter.featured !== undefined) c.push(sql`${products.isFeatured} = ${literal(filter.featured)}`);
    // The stock states' bounds are the server's, written into the text (`literal`): the planner sees them.
    const lowStock = sql`${products.stockQuantity} between 1 and ${literal(lowStockThreshold)}`;
    if (filter.availability === 'OUT_OF_STOCK') c.push(sql`${products.stockQuantity} = 0`);
    if (filter.availability === 'LOW_STOCK') c.push(lowStock);
    if (filter.availability === 'IN_STOCK') c.push(sql`${products.stockQuantity} > ${literal(lowStockThreshold)}`);
    if (filter.available) c.push(sql`${products.stockQuantity} > 0`);
    if (filter.lowStock) c.push(lowStock);
    if (filter.minPrice !== undefined) c.push(gte(products.sortPrice, bind('minPrice', filter.minPrice)));
    if (filter.maxPrice !== undefined) c.push(lte(products.sortPrice, bind('maxPrice', filter.maxPrice)));
    if (filter.status) c.push(sql`${products.status} = ${literal(filter.status, PRODUCT_STATUSES)}`);
    if (filter.stone) c.push(sql`lower(${products.gemstoneType}) = lower(${bind('stone', filter.stone)})`);
    if (filter.cut) c.push(sql`lower(${products.gemstoneCut}) = lower(${bind('cut', filter.cut)})`);
    // One text parameter whatever the count (arrays bind differently on the two drivers).
    if (filter.ids) c.push(sql`${products.id} = any(string_to_array(${bind('ids', filter.ids.join(','))}, ',')::uuid[])`);
    // Searches are never prepared (decisions §29): the plan's values are inlined.
    if (filter.matches) c.push(searchCondition(filter.matches.words, scopeLevel(filter.matches)) ?? sql`false`);
    return and(...c);
  }

  function where(viewer: ProductViewer, filter: ProductFilter): SQL | undefined {
    return buildWhere(viewer, filter, inline);
  }

  /** The WHERE of a filter as a search page's prepared statement takes it (its shape key, its values bound). */
  function whereOf(viewer: ProductViewer, filter: ProductFilter): FilterWhere {
    return { key: shapeKey(viewer, filter), build: (bind) => buildWhere(viewer, filter, bind) };
  }

  // This repo's own statement cache (one per database handle or transaction, as before the split).
  const { preparedQuery, boundedQuery } = preparedStatements(db);

  return {
    where,
    whereOf,

    async findById(id: string, viewer: ProductViewer, includeDeleted = false): Promise<ProductReadRow | null> {
      const params: Record<string, unknown> = {};
      const bind = collecting(params);
      const withDeleted = includeDeleted && viewer.isAdmin;
      const condition = and(eq(products.id, bind('id', id)), visibility(viewer, withDeleted, bind));
      const run = preparedQuery<ProductReadRow[]>(
        `byId|${shapeKey(viewer, { includeDeleted: withDeleted })}`,
        () => db.select(productColumns).from(products).where(condition).limit(1),
        // The primary key, whatever the id (decision 0133).
        'generic',
      );
      const [row] = await run(params);
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
     * Keyset `after` / `before` (sort value + id) keep deep pages as cheap as page 0. A `before` page walks the
     * index the other way and comes back in that reversed order (the caller turns it round). Offset pages (the
     * service keeps them within OFFSET_WINDOW) pick their 20 ids first from the sort index alone (an index-only
     * scan skips the offset rows without touching the heap), then read just those rows.
     */
    async list(
      viewer: ProductViewer,
      filter: ProductFilter,
      sort: ProductSort,
      page: { offset: number; size: number; after?: { value: string; id: string }; before?: { value: string; id: string } },
    ) {
      const { column, cast } = SORT_COLUMNS[sort.field];
      const cursor = page.after ?? page.before;
      // A `before` page reads backwards from its cursor: the opposite direction.
      const descending = (sort.direction === 'desc') !== !!page.before;
      const order = descending ? [desc(column), desc(products.id)] : [asc(column), asc(products.id)];
      const params: Record<string, unknown> = { limit: page.size };
      const bind = collecting(params);
      const condition = buildWhere(viewer, filter, bind);
      const mode = page.after ? 'after' : page.before ? 'before' : page.offset === 0 ? 'first' : 'offset';
      const keyset = cursor
        ? descending
          ? sql`(${column}, ${products.id}) < (cast(${bind('cursorValue', cursor.value)} as ${cast}), cast(${bind('cursorId', cursor.id)} as uuid))`
          : sql`(${column}, ${products.id}) > (cast(${bind('cursorValue', cursor.value)} as ${cast}), cast(${bind('cursorId', cursor.id)} as uuid))`
        : undefined;
      if (mode === 'offset') params.offset = page.offset;
      const key = `list|${shapeKey(viewer, filter)}|${sort.field}|${sort.direction}|${mode}`;
      const build = (limit: number | Placeholder) => {
        const select = db.select({ product: productColumns, cursorValue: sql<string>`cast(${column} as text)` }).from(products);
        if (mode !== 'offset')
          return select
            .where(and(condition, keyset))
            .orderBy(...order)
            .limit(limit);
        // Offset pages pick their ids from the sort index alone, then read just those rows.
        const ids = db
          .select({ id: products.id })
          .from(products)
          .where(condition)
          .orderBy(...order)
          .limit(limit)
          .offset(sql.placeholder('offset'));
        return select.where(inArray(products.id, ids)).orderBy(...order);
      };
      // A filtered page (not a search's, not by offset) is planned once per session when its generic plan reads only
      // the entries its values select (decision 0134: one index led by the filter's values, then the sort): its LIMIT
      // written into the text, so that the generic plan knows how few rows are wanted.
      if (!filter.matches && mode !== 'offset' && filterShape(filter).length > 0) {
        const bounded = boundedQuery(`${key}|limit=${page.size}`, () => build(literal(page.size) as unknown as number));
        if (bounded) return bounded(params);
      }
      const run = preparedQuery(
        key,
        () => build(sql.placeholder('limit')),
        // A search's matches are planned for their words, at each call. A page of the whole list (no filter beyond who
        // reads, not by offset) walks its sort's index whatever the values: planned once per session (decision 0133).
        // Any other filtered list is planned for its values (at 1M "one category, newest first" from its generic plan
        // read 890,000 buffers for a category with no pieces), as is an offset page (a generic plan does not know the
        // offset: 459 ms for page 500): with the LIMIT a parameter, PostgreSQL never prefers their generic plans.
        filter.matches ? false : mode !== 'offset' && filterShape(filter).length === 0 ? 'generic' : true,
      );
      return run(params);
    },

    async count(viewer: ProductViewer, filter: ProductFilter): Promise<number> {
      const params: Record<string, unknown> = {};
      const condition = buildWhere(viewer, filter, collecting(params));
      // A search's plan depends on how many rows its words match, which a generic plan cannot know (decisions §29).
      const run = preparedQuery<{ value: number }[]>(
        `count|${shapeKey(viewer, filter)}`,
        () =>
          db
            .select({ value: sql<number>`count(*)::int` })
            .from(products)
            .where(condition),
        !filter.matches,
      );
      const [row] = await run(params);
      return row?.value ?? 0;
    },

    async insert(values: NewProductRow): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      return row!;
    },

    /** Sets generated studio images on a piece that still has none (an upload in between wins). */
    async setGeneratedImages(id: string, images: StoredImage[]): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ images })
        .where(and(eq(products.id, id), sql`${products.images} = '[]'::jsonb`))
        .returning({ id: products.id });
      return rows.length > 0;
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

    async references(input: { categoryId?: string | undefined; vendorId?: string | undefined; designerId?: string | null | undefined }) {
      const [category, vendor, designer] = await Promise.all([
        input.categoryId ? db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1) : [],
        input.vendorId
          ? db
              .select({ id: vendors.id })
              .from(vendors)
              .where(and(eq(vendors.id, input.vendorId), isNull(vendors.deletedAt)))
              .limit(1)
          : [],
        input.designerId
          ? db
              .select({ id: designers.id })
              .from(designers)
              .where(and(eq(designers.id, input.designerId), isNull(designers.deletedAt)))
              .limit(1)
          : [],
      ]);
      return { category: category.length > 0, vendor: vendor.length > 0, designer: designer.length > 0 };
    },

    ...createProductSearchRepo(db),
    ...createProductAggregatesRepo(db, lowStockThreshold, where),
    ...createProductBackOfficeRepo(db, where),
  };
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
