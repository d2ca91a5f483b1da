import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape } from '../../test/helpers';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { Public } from '../plugins/auth';
import { openDatabase, type Database } from './client';

// PostgreSQL only: PGlite runs statements in-process and has no statement_timeout.
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
if (!adminUrl) throw new Error('statement-timeout.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');
const dbName = `mirror_timeout_${randomUUID().replaceAll('-', '')}`;
const TIMEOUT_MS = 300;

async function admin(text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(text);
  await c.end();
}

describe('statement timeout (PostgreSQL)', () => {
  // Unset when beforeAll fails early: afterAll still drops the database.
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    // Two connections, so a leaked one would show at once.
    const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2, statementTimeoutMs: TIMEOUT_MS });
    database = opened;
    await opened.migrate();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', WEB_DIST: '/nonexistent' });
    app = await buildApp({ env, database: opened, jwtSecret: 'test-secret-that-is-long-enough-0123456789' });
    // Test-only route: a statement that runs as long as the test asks.
    app.get<{ Querystring: { seconds: string } }>('/test/sleep', { config: { policy: Public } }, async (request) => {
      await opened.db.execute(sql`select pg_sleep(${Number(request.query.seconds)})`);
      return { slept: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('sets statement_timeout on every pool connection', async () => {
    const result = (await database!.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`)) as {
      rows: { statement_timeout: string }[];
    };
    expect(result.rows[0]!.statement_timeout).toBe(`${TIMEOUT_MS}ms`);
  });

  it('ends a runaway statement and answers 503 QUERY_TIMEOUT in the one error shape', async () => {
    const started = performance.now();
    const res = await app!.inject({ url: '/test/sleep?seconds=5' });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(503);
    const body: unknown = res.json();
    expectErrorShape(body, 503, 'QUERY_TIMEOUT');
    expect(body).toEqual({
      status: 503,
      error: 'Service Unavailable',
      code: 'QUERY_TIMEOUT',
      message: 'The request took too long. Please try again.',
    });
    // Cut by the timeout (never before it; a statement left to run would have answered 200 after 5 s).
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
  });

  it('gives the connections back: after more runaway requests than the pool holds, normal requests still work', async () => {
    const slow = await Promise.all([1, 2, 3, 4].map(() => app!.inject({ url: '/test/sleep?seconds=5' })));
    expect(slow.map((r) => r.statusCode)).toEqual([503, 503, 503, 503]);
    // A connection still held by a cancelled statement would make these wait (the pool has no acquire timeout).
    const [quick, list] = await Promise.all([app!.inject({ url: '/test/sleep?seconds=0.01' }), app!.inject({ url: '/api/collections' })]);
    expect(quick.statusCode).toBe(200);
    expect(list.statusCode).toBe(200);
  });
});
