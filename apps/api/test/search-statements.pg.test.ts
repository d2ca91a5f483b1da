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

// PostgreSQL only: PGlite has no named statements. A search with few matches is planned for its words each time
// (decisions §114): kept as a named statement, PostgreSQL planned it once for any word after five runs, and that
// generic plan intersected the GIN matches with a bitmap of every live piece (215 ms a search at 1M pieces, not 0.2).
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

  it('keeps no prepared statement for the matches of a search with few of them; the plain list page is kept', async () => {
    // The demo's 80 pieces: every search has few matches, so each page is one ranked statement.
    for (const q of ['diamond', 'sapphire ring', 'emerald', 'saphire', 'pearl', 'ruby', 'diamond']) {
      const res = await app!.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}&size=5` });
      expect(res.statusCode, q).toBe(200);
      expect(res.json<ProductPage>().content.length, q).toBeGreaterThan(0);
    }
    const list = await app!.inject({ url: '/api/products?size=5' });
    expect(list.statusCode).toBe(200);
    const kept = rowsOf<{ statement: string }>(await database!.db.execute(sql`select statement from pg_prepared_statements`));
    // The list page is kept per shape (decisions §29): proof that this session keeps what is prepared.
    expect(kept.some((s) => /from "products"/.test(s.statement) && !/to_tsquery/.test(s.statement))).toBe(true);
    // No statement that reads a search's matches (the ranked page, a tier of few matches, their counts): none kept
    // holds a text query.
    expect(kept.filter((s) => /to_tsquery/.test(s.statement)).map((s) => s.statement.slice(0, 120))).toEqual([]);
  });
});
