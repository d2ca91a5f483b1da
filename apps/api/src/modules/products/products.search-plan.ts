/**
 * A search's plan as the service runs it (decisions §78; the rules for words are products.search.ts): each query
 * word looked up in the lexicon (remembered until a save brings a new word), category and collection names
 * matched too, and the search narrowed to the structured attributes when some piece matches all its words there.
 */
import { OFFSET_WINDOW } from '@mirror/contract';
import type { ProductsContext } from './products.context';
import type { ProductFilter, ProductViewer } from './products.repo';
import { planSearch, type SearchPlan } from './products.search';

/** `searchWindow`: the rows a search pages through (the contract's OFFSET_WINDOW; tests set less): its counts stop past it. */
export function createSearchPlanner({ repo, aggregates, corrections, plans }: ProductsContext, searchWindow: number = OFFSET_WINDOW) {
  const lexiconOf = (word: string, isLast: boolean) => corrections.get(JSON.stringify([word, isLast]), () => repo.lexiconOf(word, isLast));
  // The JSON of a kept plan, written once: it keys the plan's tier counts at every search.
  const planKeys = new WeakMap<SearchPlan, string>();
  const keyOf = (plan: SearchPlan) => {
    let key = planKeys.get(plan);
    if (key === undefined) planKeys.set(plan, (key = JSON.stringify(plan)));
    return key;
  };

  /**
   * The plan of a search (decisions §78; `products.search.ts`), or null when `q` has no words. Kept per query text
   * (decisions §117): a typo's plan measures its word against up to 200 spellings, and the plan changes only with
   * the lexicon and the category and collection names, whose writes clear it.
   */
  function searchPlanOf(q: string): Promise<SearchPlan | null> {
    return plans.get(q, async () => {
      // Category and collection names are searched too: a few dozen rows, kept with the other aggregates.
      const groups = await aggregates.get('search-groups', () => repo.searchGroups());
      return planSearch(q, lexiconOf, groups);
    });
  }

  /**
   * A search narrowed to the structured attributes whenever some piece matches all its words there (descriptions
   * are the fallback, see `SearchPlan.scope`), with its tier sizes as far as the window reaches (`searchCounts`: a
   * `total` above `searchWindow` means "more than `searchWindow`"). One cached count decides it.
   */
  async function scopedSearch(viewer: ProductViewer, filter: ProductFilter, plan: SearchPlan) {
    // The WHERE is built only when the counts are not kept (most searches find them kept).
    const tiers = await aggregates.get(`${JSON.stringify(['search', viewer, filter])}${keyOf(plan)}`, () =>
      repo.searchCounts(repo.where(viewer, filter), plan, searchWindow),
    );
    const structured = tiers.total - tiers.other > 0;
    return {
      where: repo.whereOf(viewer, filter),
      plan: structured ? { ...plan, scope: 'structured' as const } : plan,
      tiers: structured ? { ...tiers, other: 0, total: tiers.total - tiers.other, exact: { ...tiers.exact, other: 0 } } : tiers,
    };
  }

  /**
   * A list's filter narrowed to what the text `q` finds (facets and CSV export follow the search box); no `q`: the
   * filter as given. A `q` with no searchable word matches nothing (as the search answers), not everything.
   */
  async function narrowedBy(viewer: ProductViewer, filter: ProductFilter, q: string | undefined): Promise<ProductFilter> {
    if (q === undefined) return filter;
    const plan = await searchPlanOf(q);
    return plan ? { ...filter, matches: (await scopedSearch(viewer, filter, plan)).plan } : { ...filter, ids: [] };
  }

  return { searchPlanOf, scopedSearch, narrowedBy, keyOf, searchWindow };
}

export type SearchPlanner = ReturnType<typeof createSearchPlanner>;
