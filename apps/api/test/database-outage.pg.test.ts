import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../../../scripts/pg.mjs';
import { openDatabase, type Database } from '../src/db/client';
import { Public } from '../src/plugins/auth';
import type { TokenPair } from '@mirror/contract';
import { rowsOf } from '../src/db/sql-helpers';
import { expectErrorShape, latestConfirmationToken, stopAfterAll, TEST_PASSWORD } from './helpers';
import { appOn, expectAllUnavailable } from './outage';

// PostgreSQL only (issue 14): the server is stopped under a running API and started again. The suite's shared
// cluster (TEST_DATABASE_URL) stays untouched: this file starts its own, so stopping it harms no other file.
if (!process.env.TEST_DATABASE_URL) throw new Error('database-outage.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

describe('PostgreSQL stopped and restarted under a running API', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const stopLater = stopAfterAll();

  beforeAll(async () => {
    cluster = await startPostgres();
    stopLater(() => cluster.stop());
    database = await openDatabase({ kind: 'postgres', url: cluster.url, poolMax: 4, connectTimeoutMs: 2000 });
    stopLater(() => database.close().catch(() => {}));
    await database.migrate();
    app = await appOn(database, (scope) =>
      // Test-only route: a statement still running when the server goes down.
      scope.get<{ Querystring: { seconds: string } }>('/test/sleep', { config: { policy: Public } }, async (request) => {
        await database.db.execute(sql`select pg_sleep(${Number(request.query.seconds)})`);
        return { slept: true };
      }),
    );
    stopLater(() => app.close());
    // An acknowledged write before the outage: an account, then a session for it.
    const register = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'before_outage', email: 'before@example.com', password: TEST_PASSWORD },
    });
    expect(register.statusCode).toBe(202);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/users/confirm-email',
      payload: { token: await latestConfirmationToken(database, 'before@example.com') },
    });
    expect(confirmed.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'before_outage', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    token = login.json<TokenPair>().accessToken;
    // Warm the pool: its idle connections are the ones the shutdown cuts.
    await Promise.all([1, 2, 3, 4].map(() => app.inject({ url: '/api/products' })));
  });

  it(
    'answers 503 DATABASE_UNAVAILABLE with Retry-After while the server is down (in-flight statement, ' +
      'data endpoints, sign-in), then recovers without an API restart',
    async () => {
      const inFlight = app.inject({ url: '/test/sleep?seconds=10' });
      await new Promise((r) => setTimeout(r, 300));
      cluster.halt(); // fast shutdown: the running statement's session ends with 57P01 admin_shutdown

      const cut = await inFlight;
      expect(cut.statusCode).toBe(503);
      expectErrorShape(cut.json(), 503, 'DATABASE_UNAVAILABLE');
      expect(cut.headers['retry-after']).toBe('5');

      // Nothing listens now: every new connection is refused.
      await expectAllUnavailable(app, token);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);

      cluster.resume();

      // Same process, same pool: new connections are made on demand.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/products' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      // The write acknowledged before the outage is still there: the account signs in.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { username: 'before_outage', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      // The registration refused during the outage left nothing behind.
      const count = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users`));
      expect(count[0]!.n).toBe(1);
    },
  );
});
