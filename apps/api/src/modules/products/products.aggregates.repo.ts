/**
 * Counts over the catalogue, each a grouped pass the database aggregates over the covering index: the facets of a
 * list or a search (with the labels they show), the /all-gems index and the back-office statistics. The service
 * keeps their answers in its aggregates cache.
 */
import { and, type AnyColumn, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, collectionProducts, collections, designers, products, vendors, type StoredImage } from '../../db/schema/index';
import { rowsOf } from '../../db/sql-helpers';
import type { ProductFilter, ProductViewer, ProductWhere } from './products.statements.repo';

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

export function createProductAggregatesRepo(db: Db, lowStockThreshold: number, where: ProductWhere) {
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
  };
}
