import { createHash } from 'node:crypto';
import {
  and,
  type AnyColumn,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Availability, MetalType, ProductStatus } from '@mirror/contract';
import type { Db } from '../../db/client';
import {
  nameWords,
  tsqueryAt,
  typoBudget,
  variantsOf,
  type NamedGroup,
  type SearchPlan,
  type SearchWord,
  type WordLexicon,
} from './products.search';
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
  type StoredImage,
} from '../../db/schema/index';
import { rowsOf } from '../../db/sql-helpers';

/** Who is reading: admins see everything, a vendor also sees its own drafts, everyone else live pieces only. */
export interface ProductViewer {
  isAdmin: boolean;
  vendorId: string | null;
  /** A vendor's back-office: its own pieces alone (every status), nobody else's live ones. */
  isOwnOnly?: boolean;
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
  /** Gemstone type, case-insensitive exact. */
  stone?: string | undefined;
  /** Gemstone cut, case-insensitive exact. */
  cut?: string | undefined;
  includeDeleted?: boolean | undefined;
  /** ADMIN only: soft-deleted pieces alone (the Trash); wins over `includeDeleted`. */
  deletedOnly?: boolean | undefined;
  /** VENDOR only: narrows the viewer to the caller's own pieces (the service turns it into `isOwnOnly`). */
  mine?: boolean | undefined;
  /** These pieces only (an export of a selection). */
  ids?: string[] | undefined;
  /** A search: rows matching every word of this plan (built by the service from safe words only). */
  matches?: SearchPlan | undefined;
}

/** Relevance tiers by attribute: every word in the name; in the name or stone; in those, SKU/cut/colour/metal, category or collection; the rest. */
export type SearchTier = 'name' | 'stone' | 'strong' | 'other';

export type ProductSortField = 'name' | 'price' | 'createdAt' | 'updatedAt' | 'stock' | 'sku';
export interface ProductSort {
  field: ProductSortField;
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  name: { column: products.name, cast: sql`text` },
  price: { column: products.sortPrice, cast: sql`integer` },
  createdAt: { column: products.createdAt, cast: sql`timestamptz` },
  updatedAt: { column: products.updatedAt, cast: sql`timestamptz` },
  stock: { column: products.stockQuantity, cast: sql`integer` },
  sku: { column: products.sku, cast: sql`text` },
} as const;

/** Every column a reader needs: the search vector (the largest column) stays in the database. */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);
export { productColumns };
/** A product as reads return it. */
export type ProductReadRow = Omit<ProductRow, 'searchVector'>;

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
  stone: ['stone'],
  cut: ['cut'],
  price: ['minPrice', 'maxPrice'],
} as const satisfies Record<string, readonly (keyof ProductFilter)[]>;
type FacetDimension = keyof typeof FACET_FILTER_KEYS;
/** The facets counted by GROUPING SETS over one products scan (collections join another table; price is min/max). */
export const GROUPED_FACETS = ['category', 'metal', 'vendor', 'designer', 'featured', 'availability', 'status', 'stone', 'cut'] as const;
export type GroupedFacet = (typeof GROUPED_FACETS)[number];
const FACET_COLUMNS: Record<GroupedFacet, string> = {
  category: 'category_id',
  metal: 'metal',
  vendor: 'vendor_id',
  designer: 'designer_id',
  featured: 'is_featured',
  availability: 'availability',
  status: 'status',
  stone: 'stone',
  cut: 'cut',
};

/**
 * Binds a value into a query: as itself (a one-off query) or as a named placeholder whose value is collected
 * in `params` (a prepared statement reused across calls with the same shape).
 */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;
function collecting(params: Record<string, unknown>): Bind {
  return (name, value) => {
    params[name] = value;
    return sql.placeholder(name);
  };
}

/** A short, stable statement name for a query shape (PostgreSQL names are limited to 63 bytes). */
function statementName(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
}

type SearchLevel = 'A' | 'AB' | 'ABC' | 'ABCD';
const idList = (ids: string[]) => sql`any(string_to_array(${ids.join(',')}, ',')::uuid[])`;
const vectorMatches = (tsquery: string) => sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery})`;

/**
 * Rows where every word of a search matches at this attribute level: A the name, AB name or stone, ABC those or
 * SKU/cut/colour/metal or the category or a collection by name, ABCD anything (descriptions too). Null when some
 * word cannot match at that level. Words that name no category or collection share one tsquery (one GIN probe).
 */
export function searchCondition(words: SearchWord[], level: SearchLevel): SQL | null {
  const grouped = level === 'ABC' || level === 'ABCD' ? words.filter((w) => w.categoryIds.length || w.collectionIds.length) : [];
  const plain = words.filter((w) => !grouped.includes(w));
  const conditions: SQL[] = [];
  if (plain.length) {
    const tsquery = tsqueryAt(plain, level);
    if (tsquery === null) return null;
    conditions.push(vectorMatches(tsquery));
  }
  for (const w of grouped) {
    const tsquery = tsqueryAt([w], level);
    conditions.push(
      or(
        tsquery === null ? undefined : vectorMatches(tsquery),
        w.categoryIds.length ? sql`${products.categoryId} = ${idList(w.categoryIds)}` : undefined,
        w.collectionIds.length
          ? sql`${products.id} in (select ${collectionProducts.productId} from ${collectionProducts} where ${collectionProducts.collectionId} = ${idList(w.collectionIds)})`
          : undefined,
      )!,
    );
  }
  return and(...conditions) ?? null;
}

const scopeLevel = (plan: SearchPlan): SearchLevel => (plan.scope === 'structured' ? 'ABC' : 'ABCD');

/** The four attribute tiers of a search, each without the rows of the tiers above it (null: empty tier). */
function searchTiers(plan: SearchPlan): Record<SearchTier, SQL | null> {
  const [name, stone, strong, all] = (['A', 'AB', 'ABC', 'ABCD'] as const).map((level) => searchCondition(plan.words, level));
  const below = (tier: SQL | null | undefined, above: SQL | null | undefined) =>
    tier ? (above ? and(tier, sql`not (${above})`)! : tier) : null;
  return {
    name: name ?? null,
    stone: below(stone, name),
    strong: below(strong, stone),
    other: plan.scope === 'structured' ? null : below(all, strong),
  };
}

export function createProductsRepo(db: Db, lowStockThreshold: number) {
  function visibility(viewer: ProductViewer, includeDeleted: boolean | 'only', bind: Bind = inline): SQL | undefined {
    if (viewer.isAdmin)
      return includeDeleted === 'only' ? isNotNull(products.deletedAt) : includeDeleted ? undefined : isNull(products.deletedAt);
    if (viewer.isOwnOnly && viewer.vendorId)
      return and(isNull(products.deletedAt), eq(products.vendorId, bind('viewerVendorId', viewer.vendorId)));
    const live = eq(products.status, 'ACTIVE');
    return and(
      isNull(products.deletedAt),
      viewer.vendorId ? or(live, eq(products.vendorId, bind('viewerVendorId', viewer.vendorId))) : live,
    );
  }

  function buildWhere(viewer: ProductViewer, filter: ProductFilter, bind: Bind): SQL | undefined {
    const c: (SQL | undefined)[] = [visibility(viewer, deletedMode(viewer, filter), bind)];
    if (filter.categoryId) c.push(eq(products.categoryId, bind('categoryId', filter.categoryId)));
    if (filter.metalType) c.push(eq(products.metal, bind('metalType', filter.metalType)));
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
    if (filter.featured !== undefined) c.push(eq(products.isFeatured, bind('featured', filter.featured)));
    if (filter.availability === 'OUT_OF_STOCK') c.push(eq(products.stockQuantity, 0));
    if (filter.availability === 'LOW_STOCK') c.push(and(gte(products.stockQuantity, 1), lte(products.stockQuantity, lowStockThreshold)));
    if (filter.availability === 'IN_STOCK') c.push(sql`${products.stockQuantity} > ${lowStockThreshold}`);
    if (filter.available) c.push(sql`${products.stockQuantity} > 0`);
    if (filter.lowStock) c.push(and(gte(products.stockQuantity, 1), lte(products.stockQuantity, lowStockThreshold)));
    if (filter.minPrice !== undefined) c.push(gte(products.sortPrice, bind('minPrice', filter.minPrice)));
    if (filter.maxPrice !== undefined) c.push(lte(products.sortPrice, bind('maxPrice', filter.maxPrice)));
    if (filter.status) c.push(eq(products.status, bind('status', filter.status)));
    if (filter.stone) c.push(sql`lower(${products.gemstoneType}) = lower(${bind('stone', filter.stone)})`);
    if (filter.cut) c.push(sql`lower(${products.gemstoneCut}) = lower(${bind('cut', filter.cut)})`);
    // One text parameter whatever the count (arrays bind differently on the two drivers).
    if (filter.ids) c.push(sql`${products.id} = any(string_to_array(${bind('ids', filter.ids.join(','))}, ',')::uuid[])`);
    // Searches are never prepared (decisions §29): the plan's values are inlined.
    if (filter.matches) c.push(searchCondition(filter.matches.words, scopeLevel(filter.matches)) ?? sql`false`);
    return and(...c);
  }

  function deletedMode(viewer: ProductViewer, filter: ProductFilter): boolean | 'only' {
    if (!viewer.isAdmin) return false;
    return filter.deletedOnly ? 'only' : !!filter.includeDeleted;
  }

  function where(viewer: ProductViewer, filter: ProductFilter): SQL | undefined {
    return buildWhere(viewer, filter, inline);
  }

  /** What decides a query's text (never the values): the viewer's kind and which conditions `buildWhere` adds. */
  function shapeKey(viewer: ProductViewer, filter: ProductFilter): string {
    const deleted = deletedMode(viewer, filter);
    const parts = [
      viewer.isAdmin
        ? deleted === 'only'
          ? 'admin+trash'
          : deleted
            ? 'admin+deleted'
            : 'admin'
        : viewer.vendorId
          ? viewer.isOwnOnly
            ? 'vendor-own'
            : 'vendor'
          : 'public',
      ...(
        ['categoryId', 'metalType', 'vendorId', 'designerId', 'collectionId', 'status', 'stone', 'cut', 'ids', 'matches'] as const
      ).filter((k) => filter[k]),
      filter.featured !== undefined ? 'featured' : '',
      filter.availability ? `availability=${filter.availability}` : '',
      filter.available ? 'available' : '',
      filter.lowStock ? 'lowStock' : '',
      filter.minPrice !== undefined ? 'minPrice' : '',
      filter.maxPrice !== undefined ? 'maxPrice' : '',
    ];
    return parts.filter(Boolean).join(',');
  }

  /**
   * Prepared statements per query shape: the SQL is built once, PostgreSQL parses and plans it once per
   * connection, and each call only sends values. Shapes are few (viewer kind × which filters × sort × page
   * mode), and the cache is bounded all the same.
   */
  const prepared = new Map<string, { execute: (params: Record<string, unknown>) => Promise<unknown> }>();
  function preparedQuery<T>(
    key: string,
    build: () => {
      prepare: (name: string) => { execute: (params?: Record<string, unknown>) => Promise<T> };
      execute: (params?: Record<string, unknown>) => Promise<T>;
    },
    reuse = true,
  ) {
    if (!reuse) return (params: Record<string, unknown>) => build().execute(params);
    let statement = prepared.get(key);
    if (!statement) {
      if (prepared.size >= 500) prepared.delete(prepared.keys().next().value!);
      statement = build().prepare(statementName('p', key));
      prepared.set(key, statement);
    }
    return (params: Record<string, unknown>) => statement.execute(params) as Promise<T>;
  }

  /** Counts per value of each of `dims` (one GROUPING SETS pass), plus the total and price bounds when `withTotal`. */
  async function facetGroups(condition: SQL | undefined, dims: GroupedFacet[], withTotal: boolean) {
    if (dims.length === 0 && !withTotal) return [];
    const cols = dims.map((d) => FACET_COLUMNS[d]);
    const sets = [...cols.map((c) => `(${c})`), ...(withTotal ? ['()'] : [])].join(', ');
    const dimension = cols.length
      ? sql.raw(`case ${cols.map((c, i) => `when grouping(${c}) = 0 then '${dims[i]}'`).join(' ')} end`)
      : sql.raw('null');
    const value = cols.length
      ? sql.raw(`coalesce(${cols.map((c) => `case when grouping(${c}) = 0 then ${c}::text end`).join(', ')})`)
      : sql.raw('null');
    return rowsOf<{
      dimension: GroupedFacet | null;
      value: string | null;
      count: number;
      min_price: number | null;
      max_price: number | null;
    }>(
      await db.execute(sql`
        select ${dimension} as dimension, ${value} as value, count(*)::int as count, min(sort_price) as min_price, max(sort_price) as max_price
        from (
          select ${products.categoryId} as category_id, ${products.metal} as metal, ${products.vendorId} as vendor_id,
                 ${products.designerId} as designer_id, ${products.isFeatured} as is_featured, ${products.status} as status,
                 ${products.sortPrice} as sort_price, ${products.gemstoneType} as stone, ${products.gemstoneCut} as cut,
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
      const params: Record<string, unknown> = {};
      const bind = collecting(params);
      const withDeleted = includeDeleted && viewer.isAdmin;
      const condition = and(eq(products.id, bind('id', id)), visibility(viewer, withDeleted, bind));
      const run = preparedQuery<ProductReadRow[]>(`byId|${shapeKey(viewer, { includeDeleted: withDeleted })}`, () =>
        db.select(productColumns).from(products).where(condition).limit(1),
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
      const run = preparedQuery<{ product: ProductReadRow; cursorValue: string }[]>(
        `list|${shapeKey(viewer, filter)}|${sort.field}|${sort.direction}|${mode}`,
        () => {
          const select = db.select({ product: productColumns, cursorValue: sql<string>`cast(${column} as text)` }).from(products);
          if (mode !== 'offset')
            return select
              .where(and(condition, keyset))
              .orderBy(...order)
              .limit(sql.placeholder('limit'));
          // Offset pages pick their ids from the sort index alone, then read just those rows.
          const ids = db
            .select({ id: products.id })
            .from(products)
            .where(condition)
            .orderBy(...order)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'));
          return select.where(inArray(products.id, ids)).orderBy(...order);
        },
        !filter.matches,
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

    /** What the search lexicon knows about one query word (see `WordLexicon`). */
    async lexiconOf(word: string, isLast: boolean): Promise<WordLexicon> {
      const forms = [word, ...variantsOf(word)];
      const budget = typoBudget(word);
      const [exact, prefixed, candidates] = await Promise.all([
        db
          .select({ term: searchTerms.term })
          .from(searchTerms)
          .where(sql`${searchTerms.term} = any(string_to_array(${forms.join(',')}, ','))`),
        isLast
          ? db
              .select({ term: searchTerms.term })
              .from(searchTerms)
              .where(and(sql`${searchTerms.term} like ${`${word}%`}`, sql`${searchTerms.term} <> ${word}`))
              .limit(1)
          : [],
        budget === 0
          ? []
          : db
              .select({ term: searchTerms.term })
              .from(searchTerms)
              .where(
                and(
                  or(sql`${searchTerms.term} % ${word}`, sql`${searchTerms.term} like ${`${word.slice(0, 2)}%`}`),
                  sql`length(${searchTerms.term}) between ${word.length - budget} and ${word.length + budget}`,
                ),
              )
              .orderBy(sql`similarity(${searchTerms.term}, ${word}) desc`, asc(searchTerms.term))
              .limit(200),
      ]);
      return { forms: exact.map((r) => r.term), prefixed: prefixed.length > 0, candidates: candidates.map((r) => r.term) };
    },

    /** Categories and live collections with the words of their names: the search matches them by name. */
    async searchGroups(): Promise<NamedGroup[]> {
      const [c, k] = await Promise.all([
        db.select({ id: categories.id, name: categories.name }).from(categories),
        db.select({ id: collections.id, name: collections.name }).from(collections).where(isNull(collections.deletedAt)),
      ]);
      return [
        ...c.map((r) => ({ kind: 'category' as const, id: r.id, words: nameWords(r.name) })),
        ...k.map((r) => ({ kind: 'collection' as const, id: r.id, words: nameWords(r.name) })),
      ];
    },

    /**
     * Matches per relevance tier for one search (`searchTiers`). One pass over the matched rows (GIN); the tier
     * checks run on those rows only.
     */
    async searchCounts(condition: SQL | undefined, plan: SearchPlan): Promise<Record<SearchTier, number> & { total: number }> {
      const tiers = searchTiers(plan);
      const all = searchCondition(plan.words, 'ABCD');
      if (!all) return { name: 0, stone: 0, strong: 0, other: 0, total: 0 };
      const count = (tier: SQL | null) => (tier ? sql`(count(*) filter (where ${tier}))::int` : sql`0`);
      const [row] = rowsOf<{ name: number; stone: number; strong: number; total: number }>(
        await db.execute(sql`
          select ${count(tiers.name)} as name, ${count(tiers.stone)} as stone, ${count(tiers.strong)} as strong, count(*)::int as total
          from ${products}
          where ${and(condition, all)}`),
      );
      const { name = 0, stone = 0, strong = 0, total = 0 } = row ?? {};
      return { name, stone, strong, other: total - name - stone - strong, total };
    },

    /**
     * One tier's rows, newest first. A tier with few matches is read through the GIN index and sorted; a
     * tier with many walks the (created_at, id) index and checks each row's vector until the page is full
     * — the predicate is wrapped (`is true`) so the planner cannot trade that early stop for a bitmap of
     * half the table. The caller decides which from the tier's exact count, not the planner's estimate.
     */
    async searchTier(
      condition: SQL | undefined,
      plan: SearchPlan,
      tier: SearchTier,
      large: boolean,
      page: { offset: number; size: number },
    ): Promise<ProductReadRow[]> {
      const tierCondition = searchTiers(plan)[tier];
      if (!tierCondition) return [];
      const select = db.select(productColumns).from(products);
      if (large) {
        return select
          .where(and(condition, sql`(${tierCondition}) is true`))
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(page.size)
          .offset(page.offset);
      }
      // `offset 0` keeps the matches a subquery of their own: found through the GIN index (whose heap
      // recheck reads the rows anyway), then sorted. One reference to the table keeps planning cheap.
      // (drizzle leaves out a literal `offset 0`, a placeholder it keeps: any OFFSET stops the subquery's pull-up.)
      const matched = select.where(and(condition, tierCondition)).offset(sql.placeholder('zero')).as('matched');
      return db
        .select()
        .from(matched)
        .orderBy(desc(matched.createdAt), desc(matched.id))
        .limit(page.size)
        .offset(page.offset)
        .execute({ zero: 0 });
    },

    /**
     * A page of a search with few matches in all, in one statement: the matches through the GIN index,
     * ranked by tier (name, stone, strong, rest), newest first within a tier — the order `searchTier` gives
     * tier by tier, without a round trip per tier.
     */
    async searchRanked(condition: SQL | undefined, plan: SearchPlan, page: { offset: number; size: number }): Promise<ProductReadRow[]> {
      const all = searchCondition(plan.words, scopeLevel(plan));
      if (!all) return [];
      const tiers = searchTiers(plan);
      const whens = (['name', 'stone', 'strong'] as const).flatMap((t, i) =>
        tiers[t] ? [sql`when ${tiers[t]} then ${sql.raw(String(i))}`] : [],
      );
      const rank = whens.length ? sql`case ${sql.join(whens, sql` `)} else 3 end` : sql`3`;
      return db
        .select(productColumns)
        .from(products)
        .where(and(condition, all))
        .orderBy(rank, desc(products.createdAt), desc(products.id))
        .limit(page.size)
        .offset(page.offset);
    },

    /** Adds the product's words to the search lexicon (words are never removed: a stale word just finds nothing). */
    async indexTerms(productId: string): Promise<number> {
      const result = await db.execute(sql`
        insert into ${searchTerms} (term)
        select distinct unnest(tsvector_to_array(${products.searchVector})) from ${products} where ${products.id} = ${productId}
        on conflict do nothing`);
      return (
        (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ??
        (result as { rowCount?: number | null }).rowCount ??
        0
      );
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

    /**
     * Facet counts. Each facet ignores its own dimension (choosing PLATINUM still shows the other metals
     * with their counts): the dimensions the filter does not touch share one GROUPING SETS pass with the
     * total; each filtered dimension gets its own pass without its own condition. Every pass reads the
     * covering facets index, so a request costs 1 + (number of filtered dimensions) index scans.
     */
    async facets(viewer: ProductViewer, filter: ProductFilter) {
      const isActive = (d: FacetDimension) => FACET_FILTER_KEYS[d].some((k) => filter[k] !== undefined);
      const without = (d: FacetDimension) =>
        where(viewer, { ...filter, ...Object.fromEntries(FACET_FILTER_KEYS[d].map((k) => [k, undefined])) });
      const full = where(viewer, filter);
      const [shared, own, price, collectionRows] = await Promise.all([
        facetGroups(
          full,
          GROUPED_FACETS.filter((d) => !isActive(d)),
          true,
        ),
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
        total: totalRow?.count ?? 0,
        price: {
          min: priceRow?.min_price == null ? null : priceRow.min_price,
          max: priceRow?.max_price == null ? null : priceRow.max_price,
        },
        collectionRows,
      };
    },

    async labels(ids: { categories: string[]; vendors: string[]; designers: string[] }) {
      const [c, v, d] = await Promise.all([
        ids.categories.length
          ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, ids.categories))
          : [],
        ids.vendors.length ? db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(inArray(vendors.id, ids.vendors)) : [],
        ids.designers.length
          ? db.select({ id: designers.id, name: designers.displayName }).from(designers).where(inArray(designers.id, ids.designers))
          : [],
      ]);
      return new Map([...c, ...v, ...d].map((r) => [r.id, r.name]));
    },

    /**
     * The /all-gems index: the viewer's pieces with a stone, grouped by stone, colour and cut as spelled
     * after lower-casing, trimming and `_`/`-` → space (how the index names them); each group's count and
     * its first piece by name (then id), with that piece's name and first image.
     */
    async gemGroups(viewer: ProductViewer) {
      const normal = (column: AnyColumn) => sql<string | null>`nullif(lower(regexp_replace(btrim(${column}), '[_-]+', ' ', 'g')), '')`;
      const stone = normal(products.gemstoneType);
      const colour = normal(products.gemstoneColour);
      const cut = normal(products.gemstoneCut);
      const groups = await db
        .select({
          stone: sql<string>`${stone}`,
          colour: sql<string | null>`${colour}`,
          cut: sql<string | null>`${cut}`,
          count: sql<number>`count(*)::int`,
          sampleId: sql<string>`(array_agg(${products.id} order by ${products.name}, ${products.id}))[1]`,
        })
        .from(products)
        .where(and(where(viewer, {}), sql`${stone} is not null`))
        .groupBy(stone, colour, cut);
      const ids = groups.map((g) => g.sampleId);
      const samples = ids.length
        ? await db
            .select({ id: products.id, name: products.name, image: sql<StoredImage | null>`${products.images} -> 0` })
            .from(products)
            .where(inArray(products.id, ids))
        : [];
      return { groups, samples: new Map(samples.map((s) => [s.id, s])) };
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
          group by grouping sets ((status), (metal), (category_id), (currency), (category_id, currency), ())`),
      );
      const [deleted] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(products)
        .where(isNotNull(products.deletedAt));
      const names = await db.select({ id: categories.id, name: categories.name }).from(categories);
      return { rows, deleted: deleted?.value ?? 0, categoryNames: new Map(names.map((n) => [n.id, n.name])) };
    },

    // ---------- Back-office: SKU check, bulk actions, export and import ----------

    /** The piece holding a SKU (case-insensitive, the unique index's rule), soft-deleted ones included. */
    async skuHolder(sku: string, excludeId: string | undefined): Promise<{ id: string; deletedAt: Date | null } | null> {
      const [row] = await db
        .select({ id: products.id, deletedAt: products.deletedAt })
        .from(products)
        .where(and(sql`upper(${products.sku}) = upper(${sku})`, excludeId ? sql`${products.id} <> ${excludeId}` : undefined))
        .limit(1);
      return row ?? null;
    },

    /** The state a bulk action decides on, rows locked until the transaction ends (call inside one). */
    async lockForBulk(ids: string[]) {
      return db
        .select({ id: products.id, deletedAt: products.deletedAt, isFeatured: products.isFeatured, status: products.status })
        .from(products)
        .where(inArray(products.id, ids))
        .for('update');
    },

    /** One statement for every id; returns the ids written. */
    async setMany(ids: string[], patch: Partial<NewProductRow>): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(products)
        .set({ ...patch, updatedAt: new Date() })
        .where(inArray(products.id, ids))
        .returning({ id: products.id });
      return rows.map((r) => r.id);
    },

    /**
     * One keyset batch of the CSV export, in the list's order on the list's indexes. Plain rows straight from
     * the driver (no ORM mapping, `updated_at` already ISO text): at a million rows the mapping and date
     * parsing cost more than the query.
     */
    async exportBatch(
      viewer: ProductViewer,
      filter: ProductFilter,
      sort: ProductSort,
      size: number,
      after?: { value: string; id: string },
    ): Promise<ExportRow[]> {
      const { column, cast } = SORT_COLUMNS[sort.field];
      const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
      const keyset = after
        ? sql`(${column}, ${products.id}) ${sql.raw(sort.direction === 'desc' ? '<' : '>')} (cast(${after.value} as ${cast}), cast(${after.id} as uuid))`
        : undefined;
      const result = await db.execute(sql`
        select ${products.id} as id, sku, name, slug, status::text as status, category_id, metal::text as metal,
               gemstone_type, gemstone_carat_points, gemstone_cut, gemstone_colour, gemstone_clarity, currency, price, price_min, price_max,
               stock_quantity, is_featured, vendor_id, designer_id, description,
               to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
               cast(${column} as text) as cursor_value
        from ${products}
        where ${and(where(viewer, filter), keyset) ?? sql`true`}
        order by ${column} ${dir}, ${products.id} ${dir}
        limit ${size}`);
      return rowsOf<ExportRow>(result);
    },

    async categoryNames(): Promise<Map<string, string>> {
      const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Pieces by SKU (case-insensitive), deleted ones included; `lock` holds them for the caller's transaction. */
    async findBySkus(skus: string[], lock: boolean): Promise<ProductReadRow[]> {
      const out: ProductReadRow[] = [];
      for (const chunk of chunks(skus, 5_000)) {
        // SKUs hold no comma (contract), so one text parameter carries the list.
        const query = db
          .select(productColumns)
          .from(products)
          .where(sql`upper(${products.sku}) = any(string_to_array(upper(${chunk.join(',')}), ','))`);
        out.push(...(await (lock ? query.for('update') : query)));
      }
      return out;
    },

    /** Categories named by id or by (case-insensitive) name. */
    async categoriesByIdOrName(ids: string[], names: string[]) {
      if (ids.length === 0 && names.length === 0) return [];
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(
          or(
            ids.length ? inArray(categories.id, ids) : undefined,
            names.length
              ? inArray(
                  sql`lower(${categories.name})`,
                  names.map((n) => n.toLowerCase()),
                )
              : undefined,
          ),
        );
    },

    async liveVendorIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: vendors.id })
        .from(vendors)
        .where(and(inArray(vendors.id, ids), isNull(vendors.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    async liveDesignerIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: designers.id })
        .from(designers)
        .where(and(inArray(designers.id, ids), isNull(designers.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    /** Who holds each of these slugs. */
    async slugHolders(slugs: string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (const chunk of chunks(slugs, 5_000)) {
        if (chunk.length === 0) continue;
        const rows = await db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, chunk));
        for (const r of rows) out.set(r.slug, r.id);
      }
      return out;
    },

    /** Multi-row inserts, 500 rows per statement; returns the new ids. */
    async insertMany(rows: NewProductRow[]): Promise<string[]> {
      const ids: string[] = [];
      for (const chunk of chunks(rows, 500)) {
        if (chunk.length === 0) continue;
        ids.push(...(await db.insert(products).values(chunk).returning({ id: products.id })).map((r) => r.id));
      }
      return ids;
    },

    /**
     * Rewrites the editable columns of many live pieces, 500 per statement (`update … from (values …)`).
     * Returns the ids written: fewer than given means some piece was deleted meanwhile.
     */
    async updateMany(rows: (ImportedColumns & { id: string })[]): Promise<string[]> {
      const ids: string[] = [];
      for (const chunk of chunks(rows, 500)) {
        if (chunk.length === 0) continue;
        const values = sql.join(
          chunk.map(
            (r) =>
              sql`(${sql.join(
                IMPORT_COLUMNS.map(([key, type]) => sql`cast(${r[key]} as ${sql.raw(type)})`),
                sql`, `,
              )})`,
          ),
          sql`, `,
        );
        const names = sql.raw(IMPORT_COLUMNS.map(([key]) => `"${key}"`).join(', '));
        const set = sql.raw(IMPORT_COLUMNS.flatMap(([key]) => (key === 'id' ? [] : [`${IMPORT_TARGETS[key]} = v."${key}"`])).join(', '));
        const result = await db.execute(sql`
          update ${products} p set ${set}, updated_at = now()
          from (values ${values}) as v(${names})
          where p.id = v."id" and p.deleted_at is null
          returning p.id`);
        ids.push(...rowsOf<{ id: string }>(result).map((r) => r.id));
      }
      return ids;
    },

    /** Adds the words of these pieces to the search lexicon (one statement per 5,000 pieces). */
    async indexTermsOf(ids: string[]): Promise<number> {
      let added = 0;
      for (const chunk of chunks(ids, 5_000)) {
        if (chunk.length === 0) continue;
        const result = await db.execute(sql`
          insert into ${searchTerms} (term)
          select distinct unnest(tsvector_to_array(${products.searchVector})) from ${products}
          where ${products.id} = any(string_to_array(${chunk.join(',')}, ',')::uuid[])
          on conflict do nothing`);
        added +=
          (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ??
          (result as { rowCount?: number | null }).rowCount ??
          0;
      }
      return added;
    },
  };
}

/** A product as the export reads it (column names as in the table; numbers may arrive as text from some drivers). */
export interface ExportRow {
  id: string;
  sku: string;
  name: string;
  slug: string;
  status: string;
  category_id: string;
  metal: string;
  gemstone_type: string | null;
  gemstone_carat_points: number | string | null;
  gemstone_cut: string | null;
  gemstone_colour: string | null;
  gemstone_clarity: string | null;
  currency: string;
  price: number | string | null;
  price_min: number | string | null;
  price_max: number | string | null;
  stock_quantity: number | string;
  is_featured: boolean;
  vendor_id: string;
  designer_id: string | null;
  description: string;
  updated_at: string;
  cursor_value: string;
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The columns an import rewrites, with their SQL types (the `values` list is cast column by column). */
const IMPORT_COLUMNS = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['slug', 'text'],
  ['description', 'text'],
  ['sku', 'text'],
  ['vendorId', 'uuid'],
  ['designerId', 'uuid'],
  ['categoryId', 'uuid'],
  ['metal', 'metal_type'],
  ['gemstoneType', 'text'],
  ['gemstoneCaratPoints', 'integer'],
  ['gemstoneCut', 'text'],
  ['gemstoneColour', 'text'],
  ['gemstoneClarity', 'text'],
  ['price', 'integer'],
  ['priceMin', 'integer'],
  ['priceMax', 'integer'],
  ['currency', 'text'],
  ['stockQuantity', 'integer'],
  ['isFeatured', 'boolean'],
  ['status', 'product_status'],
] as const;
type ImportKey = Exclude<(typeof IMPORT_COLUMNS)[number][0], 'id'>;
const IMPORT_TARGETS: Record<ImportKey, string> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  sku: 'sku',
  vendorId: 'vendor_id',
  designerId: 'designer_id',
  categoryId: 'category_id',
  metal: 'metal',
  gemstoneType: 'gemstone_type',
  gemstoneCaratPoints: 'gemstone_carat_points',
  gemstoneCut: 'gemstone_cut',
  gemstoneColour: 'gemstone_colour',
  gemstoneClarity: 'gemstone_clarity',
  price: 'price',
  priceMin: 'price_min',
  priceMax: 'price_max',
  currency: 'currency',
  stockQuantity: 'stock_quantity',
  isFeatured: 'is_featured',
  status: 'status',
};
/** Every editable column of a piece (images excepted: a CSV does not carry them). */
export type ImportedColumns = Pick<ProductRow, ImportKey>;

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
