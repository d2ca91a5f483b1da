import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@mirror/contract';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/index';
import { rowsOf } from '../src/db/sql-helpers';
import { scratchPgDatabase } from './helpers';

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
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      WEB_DIST: '/nonexistent',
      STUDIO_RENDER: 'false',
    });
    app = await buildApp({ env, database, jwtSecret: 'test-secret-that-is-long-enough-0123456789' });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await scratch?.drop();
  });

  const kept = async () =>
    rowsOf<{ statement: string }>(await database!.db.execute(sql`select statement from pg_prepared_statements`)).map((s) => s.statement);
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
    expect(statements.some((s) => /from "products"/.test(s) && !/to_tsquery/.test(s))).toBe(true);
    const searches = statements.filter((s) => /to_tsquery/.test(s));
    expect(searches.length).toBeGreaterThan(0);
    for (const text of searches) {
      const fenced = FENCED.exec(text);
      expect(fenced, text.slice(0, 200)).not.toBeNull();
      // Inside, the words alone: no filter a generic plan could intersect them with.
      expect(fenced![1]).toMatch(/to_tsquery/);
      expect(fenced![1]).not.toMatch(/"status"|"deleted_at"|"vendor_id"|"category_id"/);
      expect(fenced![2]).toMatch(/"status" = \$\d+/);
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
          sql`select coalesce(sum(generic_plans + custom_plans), 0)::int as n from pg_prepared_statements where statement like '%to_tsquery%'`,
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
});
