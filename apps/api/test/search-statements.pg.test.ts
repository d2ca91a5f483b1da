import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@mirror/contract';
import { buildApp } from '../src/app';
import { genericPlanClientOf, openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/index';
import { rowsOf } from '../src/db/sql-helpers';
import { createProductsService } from '../src/modules/products/products.service';
import { scratchPgDatabase, TEST_JWT_SECRET, testEnv } from './helpers';

// PostgreSQL only: PGlite has no named statements. A search with few matches is one ranked statement. Kept with its
// matches and filter in one WHERE, PostgreSQL planned it once for any word after five runs, and that generic plan
// intersected the GIN matches with a bitmap of every live piece (215 ms a search at 1M pieces, not 0.2; decisions §114).
// So it is kept only fenced (decision 0124): the matches of its words in a subquery of their own, the filter outside —
// and only when few pieces match those words at all, whatever the filter; otherwise it is sent unnamed, planned each time.
// One connection, so the session's prepared statements are the ones every request made.
if (!process.env.TEST_DATABASE_URL) throw new Error('search-statements.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

describe('the statements of a search (PostgreSQL)', () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    scratch = await scratchPgDatabase('mirror_search');
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 1 });
    await database.migrate();
    await seedDemo(database.db);
    app = await buildApp({ env: testEnv(), database, jwtSecret: TEST_JWT_SECRET });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await scratch?.drop();
  });

  // The statements kept by the pool's session, and by the generic-plan session beside it (decision 0133; poolMax 1: one each).
  const keptOnMain = async () =>
    rowsOf<{ statement: string }>(await database!.db.execute(sql`select statement from pg_prepared_statements`)).map((s) => s.statement);
  const genericSession = () => genericPlanClientOf((database!.db as unknown as { $client: unknown }).$client)!;
  const kept = async () => [
    ...(await keptOnMain()),
    ...(await genericSession().query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((s) => s.statement),
  ];
  const search = async (q: string) => {
    const res = await app!.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}&size=5` });
    expect(res.statusCode, q).toBe(200);
    return res.json<ProductPage>().content.map((p) => p.id);
  };
  // The text of a fenced statement: the matches (text queries only) in a query of their own, everything else outside.
  const FENCED = /^with "products" as \(select .+? from "products" where (.+?) offset \$\d+\) select .+ from "products" where (.+)$/s;

  it('keeps a search with few matches only fenced: its words matched apart from the filter, so one plan fits every word', async () => {
    // The demo's 80 pieces: every search has few matches, so each page is one ranked statement.
    const first: Record<string, string[]> = {};
    for (const q of ['diamond', 'sapphire ring', 'emerald', 'saphire', 'pearl', 'ruby', 'diamond']) {
      first[q] = await search(q);
      expect(first[q].length, q).toBeGreaterThan(0);
    }
    const list = await app!.inject({ url: '/api/products?size=5' });
    expect(list.statusCode).toBe(200);
    const statements = await kept();
    // The list page is kept per shape (decisions §29): proof that this session keeps what is prepared.
    expect(statements.some((s) => /from "products"/.test(s) && !/::tsquery/.test(s))).toBe(true);
    const searches = statements.filter((s) => /::tsquery/.test(s));
    expect(searches.length).toBeGreaterThan(0);
    for (const text of searches) {
      const fenced = FENCED.exec(text);
      expect(fenced, text.slice(0, 200)).not.toBeNull();
      // Inside, the words alone: no filter a generic plan could intersect them with.
      expect(fenced![1]).toMatch(/::tsquery/);
      expect(fenced![1]).not.toMatch(/"status"|"deleted_at"|"vendor_id"|"category_id"/);
      // Outside, who may see them (the storefront's live pieces, written into the text: decision 0134).
      expect(fenced![2]).toMatch(/"status" = 'ACTIVE'/);
    }
    // Planned once for any word (as PostgreSQL does after five runs), the kept statements still answer each word.
    await database!.db.execute(sql`set plan_cache_mode = force_generic_plan`);
    try {
      for (const q of Object.keys(first)) expect(await search(q), q).toEqual(first[q]);
    } finally {
      await database!.db.execute(sql`reset plan_cache_mode`);
    }
  });

  it('sends unnamed a search whose words match many pieces though the filter leaves few', async () => {
    // 1,001 drafts and one live piece named "Veilleuse": the public sees one match, the words match 1,002.
    await database!.db.execute(sql`
      insert into products (name, slug, description, sku, vendor_id, category_id, metal, price, price_min, price_max, currency, stock_quantity, status)
      select 'Veilleuse ' || g, 'veilleuse-' || g, '', 'VEIL-' || g, vendor_id, category_id, metal, price, price_min, price_max, currency, 1,
             (case when g = 0 then 'ACTIVE' else 'DRAFT' end)::product_status
      from (select * from products where deleted_at is null limit 1) as p, generate_series(0, 1000) as g`);
    // Their words into the search lexicon, as a save through the API does.
    await database!.db.execute(sql`
      insert into search_terms (term) select distinct unnest(tsvector_to_array(search_vector)) from products on conflict do nothing`);
    // How often the kept search statements have run (PostgreSQL counts each run's plan, generic or custom).
    const runs = async () =>
      rowsOf<{ n: number }>(
        await database!.db.execute(
          sql`select coalesce(sum(generic_plans + custom_plans), 0)::int as n from pg_prepared_statements where statement like '%::tsquery%'`,
        ),
      )[0]!.n;
    const before = await runs();
    expect(await search('emerald')).not.toHaveLength(0);
    // A fenced search runs a kept statement (the one its shape shares with "veilleuse").
    expect(await runs()).toBeGreaterThan(before);
    const beforeVeilleuse = await runs();
    const found = await search('veilleuse');
    expect(found).toHaveLength(1);
    const [live] = rowsOf<{ id: string }>(await database!.db.execute(sql`select id from products where slug = 'veilleuse-0'`));
    expect(found).toEqual([live!.id]);
    // Fenced, its one plan would read the 1,002 matches to keep one: not kept, planned for the word at each call.
    expect(await runs()).toBe(beforeVeilleuse);
  });

  it('walks a large part from its generic plan, on the sessions kept for it, planned once for any word (decision 0133)', async () => {
    // Tiers walked whatever their size: every page of a part is the walk's statement.
    const service = createProductsService({ db: database!.db, lowStockThreshold: 5, smallSearchMax: 0, searchWalkThreshold: 0 });
    const generic = genericSession();
    expect(generic).toBeDefined();
    const walks = async () =>
      (
        await generic.query<{ statement: string; generic_plans: number; custom_plans: number }>(
          `select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%::tsquery%'`,
        )
      ).rows;
    const settings = await generic.query<{ mode: string; workers: string }>(
      `select current_setting('plan_cache_mode') as mode, current_setting('max_parallel_workers_per_gather') as workers`,
    );
    expect(settings.rows[0]).toEqual({ mode: 'force_generic_plan', workers: '0' });
    for (const q of ['diamond', 'sapphire', 'emerald', 'diamond', 'pearl', 'ruby', 'diamond']) {
      const page = await service.search({ actor: null, q, filter: {}, query: { page: 0, size: 3 } });
      expect(page.content.length, q).toBeGreaterThan(0);
      // The walk gives the page the ranked statement gives (planned for the word on the main sessions).
      const ranked = await search(q);
      expect(
        page.content.map((p) => p.id),
        q,
      ).toEqual(ranked.slice(0, 3));
    }
    const walked = await walks();
    expect(walked.length).toBeGreaterThan(0);
    for (const statement of walked) {
      expect(statement.statement).toMatch(/order by "products"\."created_at" desc/);
      // Never planned for a call's values: the generic plan, made once, ran every time.
      expect(statement.custom_plans).toBe(0);
    }
    const runsBefore = walked.reduce((n, s) => n + s.generic_plans, 0);
    expect(runsBefore).toBeGreaterThanOrEqual(7);
    // A word not searched before runs a kept statement: no new statement, one more run of a generic plan.
    await service.search({ actor: null, q: 'aquamarine', filter: {}, query: { page: 0, size: 3 } });
    const after = await walks();
    expect(after.length).toBe(walked.length);
    expect(after.reduce((n, s) => n + s.generic_plans, 0)).toBeGreaterThan(runsBefore);
    // The main sessions keep no walk: the fenced searches and the plans PostgreSQL chooses per call are named there.
    expect(
      (await keptOnMain()).filter((s) => /order by "products"\."created_at" desc/.test(s) && /::tsquery/.test(s) && / is true/.test(s)),
    ).toEqual([]);
  });

  it('casts the text of a query to the lexemes to_tsquery gives it, for every kind of word the search sends', async () => {
    const texts = [
      'diamond:*',
      '(diamond:* | diamonds) & (ring:A | rings:A)',
      'ring:*AB',
      '18k',
      '14kt:*',
      '750',
      'a1',
      '123abc',
      '1e5',
      'émeraude',
      'ß:*',
      'ηλιος',
      'дом:*',
      '钻石',
      'ไทย',
    ];
    const rows = rowsOf<{ t: string; same: boolean }>(
      await database!.db.execute(
        sql`select t, to_tsquery('simple', t) = t::tsquery as same from unnest(string_to_array(${texts.join('\n')}, E'\n')) as t`,
      ),
    );
    expect(rows).toHaveLength(texts.length);
    for (const row of rows) expect(row.same, row.t).toBe(true);
  });
});
