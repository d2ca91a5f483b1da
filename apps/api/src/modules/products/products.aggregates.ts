/**
 * The catalogue's counts as the service answers them, each kept in the aggregates cache: the /all-gems index, the
 * facets of a list or a search, and the back-office statistics (their queries: products.aggregates.repo.ts).
 */
import {
  METAL_TYPES,
  PRODUCT_STATUSES,
  type GemIndex,
  type GemVariant,
  type MetalType,
  type ProductFacets,
  type ProductStatistics,
  type ProductStatus,
} from '@mirror/contract';
import type { Actor } from '../../plugins/auth';
import { assertTrashAccess, productViewerOf, viewerOf } from './products.access';
import type { ProductsContext } from './products.context';
import { mergeByCase, stockValueByCategory, titleCase, toImageDto } from './products.mapper';
import type { GroupedFacet, ProductFilter } from './products.repo';
import type { SearchPlanner } from './products.search-plan';

export function createProductAggregates({ repo, aggregates, lowStockThreshold }: ProductsContext, { narrowedBy }: SearchPlanner) {
  return {
    /**
     * The /all-gems index of the public catalogue (a storefront page: drafts and the Trash never show, whoever
     * asks). One grouped scan, kept like the facets.
     */
    async gems(): Promise<GemIndex> {
      return aggregates.get('gems', async () => {
        const { groups, samples } = await repo.gemGroups(productViewerOf(null));
        const stones = new Map<string, { name: string; count: number; variants: GemVariant[] }>();
        for (const g of groups) {
          const name = titleCase(g.stone);
          const stone = stones.get(name) ?? { name, count: 0, variants: [] };
          stones.set(name, stone);
          stone.count += g.count;
          const colour = g.colour === null ? null : titleCase(g.colour);
          const cut = g.cut === null ? null : titleCase(g.cut);
          const sample = samples.get(g.sampleId);
          stone.variants.push({
            key: `${colour ?? ''}|${cut ?? ''}`,
            colour,
            cut,
            count: g.count,
            sample: { id: g.sampleId, name: sample?.name ?? '', image: sample?.image ? toImageDto(sample.image) : null },
          });
        }
        const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))].sort();
        return {
          stones: [...stones.values()]
            .map((stone) => {
              const variants = stone.variants.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
              return {
                name: stone.name,
                count: stone.count,
                colours: distinct(variants.map((v) => v.colour)),
                cuts: distinct(variants.map((v) => v.cut)),
                variants,
              };
            })
            .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
        };
      });
    },

    /** Facet counts for the filter, and for the search `q` when given (the counts of what the search finds). */
    async facets({
      actor,
      filter: given,
      q,
    }: {
      actor: Actor | null;
      filter: ProductFilter;
      q?: string | undefined;
    }): Promise<ProductFacets> {
      assertTrashAccess(actor, given);
      const viewer = viewerOf(actor, given.mine);
      const filter = await narrowedBy(viewer, given, q);
      return aggregates.get(JSON.stringify(['facets', viewer, filter]), async () => {
        const { groups, total, price, collectionRows } = await repo.facets(viewer, filter);
        const pick = (dimension: GroupedFacet) =>
          groups.filter((r) => r.dimension === dimension).map((r) => ({ value: String(r.value), count: r.count }));
        const categoriesF = pick('category');
        const vendorsF = pick('vendor');
        const designersF = pick('designer');
        const labels = await repo.labels({
          categories: categoriesF.map((f) => f.value),
          vendors: vendorsF.map((f) => f.value),
          designers: designersF.map((f) => f.value),
        });
        const labelled = (list: { value: string; count: number }[]) =>
          list
            .map((f) => ({ ...f, label: labels.get(f.value) ?? f.value }))
            .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
        const byCount = (list: { value: string; count: number }[]) =>
          list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
        return {
          total,
          categories: labelled(categoriesF),
          metals: byCount(pick('metal')),
          vendors: labelled(vendorsF),
          designers: labelled(designersF),
          collections: collectionRows
            .map((c) => ({ value: c.value, label: c.label, count: c.count }))
            .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
          featured: byCount(pick('featured')),
          availability: byCount(pick('availability')),
          statuses: byCount(pick('status')),
          stones: mergeByCase(pick('stone')),
          cuts: mergeByCase(pick('cut')),
          price,
        };
      });
    },

    async statistics(): Promise<ProductStatistics> {
      return aggregates.get('statistics', () => computeStatistics());
    },
  };

  async function computeStatistics(): Promise<ProductStatistics> {
    const { rows, deleted, categoryNames } = await repo.statistics();
    const all = rows.find((r) => r.g_status && r.g_metal && r.g_category && r.g_currency);
    const byStatus = Object.fromEntries(
      PRODUCT_STATUSES.map((s) => [s, rows.find((r) => !r.g_status && r.status === s)?.count ?? 0]),
    ) as Record<ProductStatus, number>;
    const byMetal = Object.fromEntries(METAL_TYPES.map((m) => [m, rows.find((r) => !r.g_metal && r.metal === m)?.count ?? 0])) as Record<
      MetalType,
      number
    >;
    return {
      total: all?.count ?? 0,
      byStatus,
      byMetal,
      byCategory: rows
        .filter((r) => !r.g_category && r.g_currency && r.category_id)
        .map((r) => ({ categoryId: r.category_id!, name: categoryNames.get(r.category_id!) ?? '', count: r.count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      featured: all?.featured ?? 0,
      stockUnits: Number(all?.stock_units ?? 0),
      stockValue: rows
        .filter((r) => !r.g_currency && r.g_category && r.currency)
        .map((r) => ({ currency: r.currency!, amount: Number(r.stock_value ?? 0) }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      stockValueByCategory: stockValueByCategory(
        rows.filter((r) => !r.g_category && !r.g_currency && r.category_id && r.currency),
        categoryNames,
      ),
      lowStock: all?.low_stock ?? 0,
      outOfStock: all?.out_of_stock ?? 0,
      lowStockThreshold,
      deleted,
    };
  }
}
