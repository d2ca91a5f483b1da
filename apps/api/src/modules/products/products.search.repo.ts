/**
 * The catalog search's database side (decisions §78; the plan it runs is products.search.ts): the condition of
 * each relevance tier, a search's tier counts and pages, and the lexicon the query words are looked up in (and
 * that saved pieces add their words to).
 */
import { and, asc, desc, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  nameWords,
  tsqueryAt,
  typoBudget,
  variantsOf,
  type NamedGroup,
  type SearchAlternative,
  type SearchPlan,
  type SearchWord,
  type WordLexicon,
} from './products.search';
import { categories, collectionProducts, collections, products, searchTerms } from '../../db/schema/index';
import { rowsOf } from '../../db/sql-helpers';
import { chunks, collecting, inline, preparedStatements, productColumns, type Bind, type ProductReadRow } from './products.statements.repo';

/** Relevance tiers by attribute: every word in the name; in the name or stone; in those, SKU/cut/colour/metal, category or collection; the rest. */
export type SearchTier = 'name' | 'stone' | 'strong' | 'other';

type SearchLevel = 'A' | 'AB' | 'ABC' | 'ABCD';
const idList = (ids: string) => sql`any(string_to_array(${ids}, ',')::uuid[])`;
// The query's text cast, not parsed by `to_tsquery('simple', …)`: the same lexemes (its words are folded letters and
// digits, `searchTokens`; a PostgreSQL test holds them equal), and a constant of a generic plan, where `to_tsquery` of
// a parameter was evaluated again for every row walked (decision 0133).
const vectorMatches = (tsquery: unknown) => sql`${products.searchVector} @@ ${tsquery}::tsquery`;

/**
 * Rows where every word of a search matches at this attribute level: A the name, AB name or stone, ABC those or
 * SKU/cut/colour/metal or the category or a collection by name, ABCD anything (descriptions too). Null when some
 * word cannot match at that level. Words that name no category or collection share one tsquery (one GIN probe).
 */
export function searchCondition(words: SearchWord[], level: SearchLevel, bind: Bind = inline, prefix: string = level): SQL | null {
  const grouped = level === 'ABC' || level === 'ABCD' ? words.filter((w) => w.categoryIds.length || w.collectionIds.length) : [];
  const plain = words.filter((w) => !grouped.includes(w));
  const conditions: SQL[] = [];
  if (plain.length) {
    const tsquery = tsqueryAt(plain, level);
    if (tsquery === null) return null;
    conditions.push(vectorMatches(bind(`${prefix}.p`, tsquery)));
  }
  // Each value's name says where it sits (level, word, kind): the names a search binds describe its statement's text.
  for (const w of grouped) {
    const at = `${prefix}.w${words.indexOf(w)}`;
    const tsquery = tsqueryAt([w], level);
    conditions.push(
      or(
        tsquery === null ? undefined : vectorMatches(bind(`${at}.q`, tsquery)),
        w.categoryIds.length ? sql`${products.categoryId} = ${idList(bind(`${at}.c`, w.categoryIds.join(',')) as string)}` : undefined,
        w.collectionIds.length
          ? sql`${products.id} in (select ${collectionProducts.productId} from ${collectionProducts} where ${collectionProducts.collectionId} = ${idList(bind(`${at}.l`, w.collectionIds.join(',')) as string)})`
          : undefined,
      )!,
    );
  }
  return and(...conditions) ?? null;
}

/**
 * A filter's WHERE as a search page statement needs it: `key` names its text (the list's shape key), `build` makes it
 * with the values bound as the statement's parameters.
 */
export interface FilterWhere {
  key: string;
  build: (bind: Bind) => SQL | undefined;
}

/**
 * A page's LIMIT is written into the text (a handful of sizes), its OFFSET too when it is 0 (the first page, by far
 * the most read); deeper pages bind it. PostgreSQL can then plan the first page once (decisions §113).
 */
function pagingOf(page: { offset: number; size: number }, params: Record<string, unknown>) {
  if (page.offset === 0) return { offset: 0, key: `${page.size}+0` };
  params.offset = page.offset;
  return { offset: sql.placeholder('offset'), key: `${page.size}+n` };
}

export const scopeLevel = (plan: SearchPlan): SearchLevel => (plan.scope === 'structured' ? 'ABC' : 'ABCD');

/** The tiers in rank order, each with its attribute level (a tier holds the rows of its level not in the one above). */
const TIERS: [SearchTier, SearchLevel][] = [
  ['name', 'A'],
  ['stone', 'AB'],
  ['strong', 'ABC'],
  ['other', 'ABCD'],
];

/** The tiers in rank order (the order a search's pages walk them). */
export const SEARCH_TIERS: readonly SearchTier[] = TIERS.map(([tier]) => tier);

/** The levels of a tier: its own, and the one above whose rows it leaves out. */
function tierLevels(tier: SearchTier): [SearchLevel, SearchLevel | null] {
  const i = SEARCH_TIERS.indexOf(tier);
  return [TIERS[i]![1], i > 0 ? TIERS[i - 1]![1] : null];
}

/** A tier's part: its rows with every word exactly as typed (`exact`), or its other rows (decisions §119). */
export interface SearchPart {
  tier: SearchTier;
  exact: boolean;
}

/** A search's tier sizes, and how many rows of each tier have every word exactly as typed. */
export type SearchCounts = Record<SearchTier, number> & { total: number; exact: Record<SearchTier, number> };

const noCounts = (): SearchCounts => ({
  name: 0,
  stone: 0,
  strong: 0,
  other: 0,
  total: 0,
  exact: { name: 0, stone: 0, strong: 0, other: 0 },
});

/**
 * The words narrowed to their exact forms (`SearchWord.exactForm`): the same condition builders then give "every
 * word exactly as typed at this level". Null when some word has no exact form (no row can be exact).
 */
function exactWords(words: SearchWord[]): SearchWord[] | null {
  const forms = words.map((w) => w.exactForm);
  if (forms.some((form) => form === null)) return null;
  return words.map((w, i) => ({
    ...w,
    alternatives: forms[i]!.terms.map((term) => ({ term, weights: '', prefix: false })),
    categoryIds: forms[i]!.categoryIds,
    collectionIds: forms[i]!.collectionIds,
  }));
}

/** Every word exactly as typed at this level (its values named `x<level>…`), or null when no row can be. */
const exactCondition = (words: SearchWord[] | null, level: SearchLevel, bind: Bind) =>
  words ? searchCondition(words, level, bind, `x${level}`) : null;

/**
 * A row's rank: 2 × its tier, plus 1 unless every word matches it exactly as typed at its tier's level (decisions
 * §119) — 0 exactly in the name, 1 in the name, 2 exactly in name or stone, … 7 descriptions only. The `case` tests each
 * level once, in order (an exact match at a level implies a match there). For a row of the search, whose WHERE is the
 * plan's condition at its scope.
 */
function rankOf(plan: SearchPlan, bind: Bind): SQL {
  const exact = exactWords(plan.words);
  const whens: SQL[] = [];
  const levels = TIERS.filter(([tier]) => tier !== 'other' || plan.scope !== 'structured');
  const last = levels.length - 1;
  levels.forEach(([, level], i) => {
    const x = exactCondition(exact, level, bind);
    if (x) whens.push(sql`when ${x} then ${sql.raw(String(2 * i))}`);
    // The scope's level is the WHERE itself: its rows that are not exact are the `else`.
    const own = i === last ? null : searchCondition(plan.words, level, bind);
    if (own) whens.push(sql`when ${own} then ${sql.raw(String(2 * i + 1))}`);
  });
  const rest = sql.raw(String(2 * last + 1));
  return whens.length ? sql`case ${sql.join(whens, sql` `)} else ${rest} end` : rest;
}

/**
 * A GIN probe for the rows at this level that some word matches other than exactly: each has one of the words' other
 * forms (a plural or singular, a correction's plural) at this level. Only for words that all have an exact form (so no
 * prefix). Null when no row can (every match is exact); undefined when the probe would miss some (a word matching a
 * category or collection through a plural of its name: then the part is found from the level's own condition alone).
 */
function otherFormsCondition(words: SearchWord[], level: SearchLevel, bind: Bind): SQL | null | undefined {
  const grouped = level === 'ABC' || level === 'ABCD';
  const others: SearchAlternative[] = [];
  for (const w of words) {
    const form = w.exactForm!;
    const otherIds = [
      ...w.categoryIds.filter((id) => !form.categoryIds.includes(id)),
      ...w.collectionIds.filter((id) => !form.collectionIds.includes(id)),
    ];
    if (grouped && otherIds.length) return undefined;
    others.push(...w.alternatives.filter((a) => a.prefix || a.weights !== '' || !form.terms.includes(a.term)));
  }
  const tsquery = others.length ? tsqueryAt([{ ...words[0]!, alternatives: others }], level) : null;
  return tsquery === null ? null : vectorMatches(bind(`v${level}.p`, tsquery));
}

/**
 * One part of one tier (the rows `rankOf` gives 2 × tier, or 2 × tier + 1), as a condition built alone: a page of a
 * part binds only the values it uses. Null: an empty part.
 */
function partConditionOf(plan: SearchPlan, { tier, exact }: SearchPart, bind: Bind): SQL | null {
  if (tier === 'other' && plan.scope === 'structured') return null;
  const [level, above] = tierLevels(tier);
  const words = exactWords(plan.words);
  const x = exactCondition(words, level, bind);
  // The other rows: every word matching at the level, not every one exactly (found through the other forms' probe).
  const others = !exact && x ? otherFormsCondition(plan.words, level, bind) : undefined;
  if (others === null) return null;
  const own = exact ? x : searchCondition(plan.words, level, bind);
  if (!own) return null;
  const over = above ? searchCondition(plan.words, above, bind) : null;
  return and(others, own, over ? sql`not (${over})` : undefined, !exact && x ? sql`not (${x})` : undefined)!;
}

export function createProductSearchRepo(db: Db) {
  // The search pages' statements, one per shape of search (`FilterWhere.key`, tier, paging, the values' names).
  const { preparedQuery } = preparedStatements();
  return {
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
     * Matches per relevance tier, and per tier how many match every word exactly (`rankOf`), as far as paging can
     * reach: a search pages through its first `window` rows (the contract's OFFSET_WINDOW), so counting stops there
     * (decision 0131, as Elasticsearch's `track_total_hits`). First the ranks of the first `window` + 1 matches in one
     * pass (GIN); when that is all of them, the counts are exact. Otherwise the parts are counted in rank order, each up
     * to what the window has left: the last part counted holds the window's last row and is counted to one past it
     * (`total` = `window` + 1: "more than `window`"); the parts after it, which no page reaches, count 0.
     */
    async searchCounts(condition: SQL | undefined, plan: SearchPlan, window: number): Promise<SearchCounts> {
      let counts = noCounts();
      const all = searchCondition(plan.words, 'ABCD');
      if (!all) return counts;
      const unscoped: SearchPlan = { ...plan, scope: 'all' };
      const rows = rowsOf<{ rank: number; n: number }>(
        await db.execute(sql`
          select rank, count(*)::int as n
          from (select ${rankOf(unscoped, inline)} as rank from ${products} where ${and(condition, all)} limit ${window + 1}) as matched
          group by 1`),
      );
      const add = ({ tier, exact }: SearchPart, n: number) => {
        counts[tier] += n;
        if (exact) counts.exact[tier] += n;
        counts.total += n;
      };
      for (const { rank, n } of rows) add({ tier: TIERS[rank >> 1]![0], exact: rank % 2 === 0 }, n);
      if (counts.total <= window) return counts;
      counts = noCounts();
      for (const tier of SEARCH_TIERS) {
        for (const exact of [true, false]) {
          if (counts.total > window) return counts;
          const part = partConditionOf(unscoped, { tier, exact }, inline);
          if (!part) continue;
          const [row] = rowsOf<{ n: number }>(
            await db.execute(
              sql`select count(*)::int as n from (select 1 from ${products} where ${and(condition, part)} limit ${window + 1 - counts.total}) as part`,
            ),
          );
          add({ tier, exact }, row?.n ?? 0);
        }
      }
      return counts;
    },

    /**
     * One tier part's rows (`SearchPart`), newest first. A part with few matches is read through the GIN index and
     * sorted; a part with many walks the (created_at, id) index and checks each row's vector until the page is full
     * — the predicate is wrapped (`is true`) so the planner cannot trade that early stop for a bitmap of
     * half the table. The caller decides which from the part's exact count, not the planner's estimate.
     */
    async searchTier(
      where: FilterWhere,
      plan: SearchPlan,
      part: SearchPart,
      large: boolean,
      page: { offset: number; size: number },
    ): Promise<ProductReadRow[]> {
      const params: Record<string, unknown> = {};
      const bind = collecting(params);
      const tierCondition = partConditionOf(plan, part, bind);
      if (!tierCondition) return [];
      const condition = where.build(bind);
      const { offset, key: paging } = pagingOf(page, params);
      // A tier with few matches is not prepared either (its generic plan intersects the GIN matches with the status's
      // bitmap, as `searchRanked` says); the walk of a large tier is, its plan fixed by the wrapped predicate, and runs
      // from its generic plan.
      const run = preparedQuery<ProductReadRow[]>(
        `tier|${where.key}|${part.tier}|${part.exact}|${large}|${paging}|${Object.keys(params).join(',')}`,
        () => {
          const select = db.select(productColumns).from(products);
          if (large) {
            return select
              .where(and(condition, sql`(${tierCondition}) is true`))
              .orderBy(desc(products.createdAt), desc(products.id))
              .limit(page.size)
              .offset(offset);
          }
          // `offset 0` keeps the matches a subquery of their own: found through the GIN index (whose heap
          // recheck reads the rows anyway), then sorted. One reference to the table keeps planning cheap.
          // (drizzle leaves out a literal `offset 0`, a placeholder it keeps: any OFFSET stops the subquery's pull-up.)
          const matched = select.where(and(condition, tierCondition)).offset(sql.placeholder('zero')).as('matched');
          return db.select().from(matched).orderBy(desc(matched.createdAt), desc(matched.id)).limit(page.size).offset(offset);
        },
        // The walk's plan is the same for any word: planned once per session (decision 0133).
        large ? 'generic' : 'unnamed',
      );
      return run({ ...params, zero: 0 });
    },

    /**
     * How many pieces match every word of the plan at any level, whoever reads and whatever the filter — counted up to
     * `cap + 1` only (a common word stops there): whether `searchRanked` may read the matches before filtering them.
     */
    async searchMatchesUpTo(plan: SearchPlan, cap: number): Promise<number> {
      const all = searchCondition(plan.words, 'ABCD');
      if (!all) return 0;
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from (select 1 from ${products} where ${all} limit ${cap + 1}) as matched`),
      );
      return row?.n ?? 0;
    },

    /**
     * A page of a search with few matches in all, in one statement: the matches through the GIN index,
     * ranked by tier (name, stone, strong, rest) and exactness within it (`rankOf`), newest first within a part —
     * the order `searchTier` gives part by part, without a round trip per part.
     *
     * `fenced` (the caller knows few pieces match the words at all, whatever the filter; `searchMatchesUpTo`): the
     * matches are read in a subquery of their own (`offset 0`: nothing is pushed into it), the filter and the rank
     * applied to those few rows outside it. The statement is then prepared and kept like a list page's: its one plan —
     * the GIN matches, filtered, sorted — is right for any word, so PostgreSQL neither parses nor plans it again
     * (about 0.6 ms of its 0.8 ms a rare-word search at 1M pieces; decision 0124).
     *
     * Not fenced (a word matching many pieces that the filter narrows to few, or a word matching a category or
     * collection by name, whose condition the GIN index alone cannot find): not prepared, planned for its words and
     * filter values at every call. Prepared, after five runs PostgreSQL planned it once for any word, and that
     * generic plan, not knowing how rare the word is nor how common the filter's status, intersected the GIN matches
     * with a bitmap of every live piece (880,000 rows, 215 ms, against 0.2 ms planned for the word: 8 searches a
     * second at 1M pieces, bench/results/api-2026-12-01-1m-filter-keys.md; decisions §114).
     */
    async searchRanked(
      where: FilterWhere,
      plan: SearchPlan,
      page: { offset: number; size: number },
      fenced = false,
    ): Promise<ProductReadRow[]> {
      const params: Record<string, unknown> = {};
      const bind = collecting(params);
      const level = scopeLevel(plan);
      const all = searchCondition(plan.words, level, bind, 'all');
      if (!all) return [];
      const rank = rankOf(plan, bind);
      const condition = where.build(bind);
      const { offset, key: paging } = pagingOf(page, params);
      // The values' names say which conditions the text holds (`searchCondition`); the text is built once per shape.
      const run = preparedQuery<ProductReadRow[]>(
        `ranked|${fenced}|${where.key}|${level}|${paging}|${Object.keys(params).join(',')}`,
        () => {
          if (!fenced) {
            return db
              .select(productColumns)
              .from(products)
              .where(and(condition, all))
              .orderBy(rank, desc(products.createdAt), desc(products.id))
              .limit(page.size)
              .offset(offset);
          }
          // The matches as a query named like the table (`with "products" as (… offset $n)`): the filter and the rank,
          // written for the table, read its rows. PostgreSQL inlines it as a subquery, which the OFFSET keeps apart.
          const matches = db.$with('products').as(db.select().from(products).where(all).offset(sql.placeholder('zero')));
          return db
            .with(matches)
            .select(productColumns)
            .from(products)
            .where(condition)
            .orderBy(rank, desc(products.createdAt), desc(products.id))
            .limit(page.size)
            .offset(offset);
        },
        fenced || 'unnamed',
      );
      return run(fenced ? { ...params, zero: 0 } : params);
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
