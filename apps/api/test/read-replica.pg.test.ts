import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, startStandby, type PostgresCluster } from '../../../scripts/pg.mjs';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { insertDesigner, insertVendor } from '../src/db/seed/parties';
import { createUsersService } from '../src/modules/users/users.service';
import { STICKY_COOKIE } from '../src/plugins/read-replica';
import type { Category, CategoryPage, TokenPair } from '@mirror/contract';
import { stopAfterAll, TEST_JWT_SECRET, TEST_PASSWORD } from './helpers';

// PostgreSQL only (issue 16): a streaming replica the test starts itself (pg_basebackup -R + hot standby), and two
// API instances (A and B, in this process) on the primary with DATABASE_READ_URL pointing at the replica. Pausing
// the replica's replay makes its lag as long as the test needs, so where each read came from shows in its answer.
if (!process.env.TEST_DATABASE_URL) throw new Error('read-replica.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

const STICKY_SECONDS = 5;

async function instance(primary: PostgresCluster, replica: PostgresCluster): Promise<{ database: Database; app: FastifyInstance }> {
  const database = await openDatabase({ kind: 'postgres', url: primary.url, readUrl: replica.url, poolMax: 4, connectTimeoutMs: 2000 });
  await database.migrate();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000',
    STUDIO_RENDER: 'false',
    DATABASE_READ_STICKY_SECONDS: String(STICKY_SECONDS),
  });
  const app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET });
  await app.ready();
  return { database, app };
}

/** The `name=value` part of the sticky cookie a response sets, if any. */
function stickyCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith(`${STICKY_COOKIE}=`));
}

describe('a read replica (DATABASE_READ_URL) behind two instances', () => {
  let primary: PostgresCluster;
  let replica: PostgresCluster;
  let a: { database: Database; app: FastifyInstance };
  let b: { database: Database; app: FastifyInstance };
  let onPrimary: pg.Client;
  let onReplica: pg.Client;
  let adminToken: string;
  let customerToken: string;

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    // The insert location, not pg_current_wal_lsn (the write location): the test cluster commits with
    // synchronous_commit=off, so a commit answers before its WAL is written, and the write location can lie before it.
    const { rows } = await onPrimary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    for (let i = 0; i < 600; i += 1) {
      const r = await onReplica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0]!.lsn]);
      if (r.rows[0]!.done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the replica did not catch up');
  }

  const stopLater = stopAfterAll();

  beforeAll(async () => {
    primary = await startPostgres();
    stopLater(() => primary.stop());
    replica = await startStandby(primary);
    stopLater(() => replica.stop());
    onPrimary = new pg.Client({ connectionString: primary.url });
    onReplica = new pg.Client({ connectionString: replica.url });
    stopLater(() => Promise.all([onPrimary.end().catch(() => {}), onReplica.end().catch(() => {})]));
    // The replica's session ends when the test stops it.
    onReplica.on('error', () => {});
    await Promise.all([onPrimary.connect(), onReplica.connect()]);
    a = await instance(primary, replica);
    stopLater(() => a.app.close().then(() => a.database.close()));
    b = await instance(primary, replica);
    stopLater(() => b.app.close().then(() => b.database.close()));
    const users = createUsersService({ db: a.database.db });
    const login = async (role: 'ADMIN' | 'CUSTOMER') => {
      const username = `${role.toLowerCase()}_${randomUUID().slice(0, 6)}`;
      await users.adminCreate({ username, email: `${username}@example.com`, password: TEST_PASSWORD, role, status: 'ACTIVE' });
      const res = await a.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { username, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
      return res.json<TokenPair>().accessToken;
    };
    adminToken = await login('ADMIN');
    customerToken = await login('CUSTOMER');
  });

  it(
    'serves anonymous catalogue reads from the replica, writes and signed-in reads from the primary, and ' +
      'the writer its own write at once on any instance',
    async () => {
      const admin = { authorization: `Bearer ${adminToken}` };
      const created = await a.app.inject({ method: 'POST', url: '/api/categories', headers: admin, payload: { name: 'Ivory' } });
      expect(created.statusCode).toBe(201);
      const categoryId = created.json<Category>().id;
      const vendor = await insertVendor(a.database.db, {
        code: 'V-RR',
        name: 'Atelier Replica',
        userId: null,
        country: 'IT',
        type: 'ATELIER',
        isActive: true,
      });
      const designer = await insertDesigner(a.database.db, {
        code: 'D-RR',
        displayName: 'Replica Designer',
        userId: null,
        specialty: 'Rings',
      });
      const piece = (sku: string) => ({
        name: `Piece ${sku}`,
        sku,
        metalType: 'WHITE_GOLD',
        price: 150000,
        status: 'ACTIVE',
        categoryId,
        vendorId: vendor.id,
        designerId: designer.id,
      });
      expect((await a.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload: piece('RR-1') })).statusCode).toBe(201);
      await caughtUp();

      const category = (headers: Record<string, string> = {}) => b.app.inject({ url: `/api/categories/${categoryId}`, headers });
      const total = async (headers: Record<string, string> = {}) => {
        const res = await b.app.inject({ url: '/api/products?size=1', headers });
        expect(res.statusCode).toBe(200);
        return res.json<CategoryPage>().totalElements;
      };
      expect((await category()).json<Category>().name).toBe('Ivory');
      // Instance B has the product count in its result cache, read from the primary (a signed-in reader) and from
      // the replica (a visitor).
      const before = await total({ authorization: `Bearer ${customerToken}` });
      expect(await total()).toBe(before);

      // From here the replica replays nothing: whatever it answers is what it had before.
      await onReplica.query('select pg_wal_replay_pause()');
      const renamed = await a.app.inject({
        method: 'PUT',
        url: `/api/categories/${categoryId}`,
        headers: admin,
        payload: { name: 'Ivory Moon' },
      });
      expect(renamed.statusCode).toBe(200);
      const added = await a.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload: piece('RR-2') });
      expect(added.statusCode).toBe(201);

      // Writes went to the primary only (a hot standby would have refused them).
      expect((await onPrimary.query<{ name: string }>('select name from categories where id = $1', [categoryId])).rows[0]!.name).toBe(
        'Ivory Moon',
      );
      expect((await onReplica.query<{ name: string }>('select name from categories where id = $1', [categoryId])).rows[0]!.name).toBe(
        'Ivory',
      );

      // A visitor's catalogue reads come from the replica: the old name, the old count.
      expect((await category()).json<Category>().name).toBe('Ivory');
      expect(await total()).toBe(before);
      // Every public catalogue read answers from the replica (none of them writes).
      for (const url of [
        '/api/products',
        '/api/products/search?q=piece',
        '/api/collections',
        '/api/collections/with-products?size=10&productsLimit=8',
        '/api/categories',
        '/api/components',
        '/api/locations',
        '/api/designers',
        '/api/vendors',
      ]) {
        const res = await b.app.inject({ url });
        expect(`${url} ${res.statusCode}`).toBe(`${url} 200`);
      }

      // Read-your-writes: the write answered with the window's cookie; with it, the writer's next requests read the
      // primary on the other instance too, past its cached count.
      const cookie = stickyCookieOf(added);
      expect(cookie).toBeDefined();
      expect(stickyCookieOf(renamed)).toBeDefined();
      const setCookie = String(added.headers['set-cookie']);
      expect(setCookie).toContain(`Max-Age=${STICKY_SECONDS}`);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('Path=/api');
      expect(setCookie).toContain('SameSite=Lax');
      expect((await category({ cookie: cookie! })).json<Category>().name).toBe('Ivory Moon');
      expect(await total({ cookie: cookie! })).toBe(before + 1);
      // A signed-in reader always reads the primary.
      expect((await category({ authorization: `Bearer ${customerToken}` })).json<Category>().name).toBe('Ivory Moon');
      // An expired window, or one longer than the configured window, is ignored.
      expect((await category({ cookie: `${STICKY_COOKIE}=${Date.now() - 1000}` })).json<Category>().name).toBe('Ivory');
      expect((await category({ cookie: `${STICKY_COOKIE}=${Date.now() + 3_600_000}` })).json<Category>().name).toBe('Ivory');
      // Reads and refused writes open no window.
      expect(stickyCookieOf(await category())).toBeUndefined();
      const refused = await a.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: admin, payload: { name: '' } });
      expect(refused.statusCode).toBe(400);
      expect(stickyCookieOf(refused)).toBeUndefined();

      // Once the replica replays again, visitors see the write.
      await onReplica.query('select pg_wal_replay_resume()');
      await caughtUp();
      expect((await category()).json<Category>().name).toBe('Ivory Moon');
    },
  );

  it("serves the replica's reads from the primary while the replica is down", async () => {
    replica.halt();
    try {
      const res = await b.app.inject({ url: '/api/categories' });
      expect(res.statusCode).toBe(200);
      expect(res.json<CategoryPage>().content.map((c) => c.name)).toContain('Ivory Moon');
      expect((await b.app.inject({ url: '/api/products' })).statusCode).toBe(200);
    } finally {
      replica.resume();
    }
  });
});
