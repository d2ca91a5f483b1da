import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import type { Health, TokenPair } from '@mirror/contract';
import { expectErrorShape, freePort, latestConfirmationToken, TEST_PASSWORD } from './helpers';
import { appOn, expectAllUnavailable } from './outage';

// Issue 14: when the database cannot be reached, data endpoints and sign-in answer 503 DATABASE_UNAVAILABLE with
// Retry-After (the client may retry), not 500. The real PostgreSQL stop/restart is database-outage.pg.test.ts.

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!().catch(() => {});
});

describe('database unavailable → 503 DATABASE_UNAVAILABLE with Retry-After', () => {
  it('PGlite: after the database handle is closed, data endpoints, sign-in and registration answer 503', { timeout: 300_000 }, async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const app = await appOn(database);
    closers.push(() => app.close());
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
    expect((await app.inject({ url: '/api/products' })).statusCode).toBe(200);

    await database.close();

    await expectAllUnavailable(app, login.json<TokenPair>().accessToken);
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json<Health>().database).toBe('DOWN');
  });

  it('PostgreSQL refusing connections (nothing listens on the port) answers 503 at once', async () => {
    const port = await freePort();
    const database = await openDatabase({
      kind: 'postgres',
      url: `postgres://mirror@127.0.0.1:${port}/mirror`,
      poolMax: 2,
      connectTimeoutMs: 2000,
    });
    closers.push(() => database.close());
    const app = await appOn(database);
    closers.push(() => app.close());
    await expectAllUnavailable(app);
  });

  it('PostgreSQL that accepts the socket but never answers: the pool gives up after connectTimeoutMs and answers 503', async () => {
    // A black hole: TCP connects, the startup packet gets no reply (a hung server, a dead proxy).
    const sockets = new Set<Socket>();
    const hole: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          hole.close(() => resolve());
        }),
    );
    const port = (hole.address() as { port: number }).port;
    const database = await openDatabase({
      kind: 'postgres',
      url: `postgres://mirror@127.0.0.1:${port}/mirror`,
      poolMax: 2,
      connectTimeoutMs: 300,
    });
    closers.push(() => database.close());
    const app = await appOn(database);
    closers.push(() => app.close());

    const started = performance.now();
    const res = await app.inject({ url: '/api/products' });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(503);
    expectErrorShape(res.json(), 503, 'DATABASE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('5');
    // It was the connect timeout that gave up (it cannot answer before it fires); how long after is the
    // machine's business — the test's own time limit stands for "not forever".
    expect(elapsed).toBeGreaterThanOrEqual(250);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'someone', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('5');
  });

  it('other failures still answer 500: an unreachable service that is not the database is not called an outage', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    closers.push(() => database.close());
    // Test-only route: a refused socket from some other client (S3, SMTP, the captcha verifier).
    const app = await appOn(database, (scope) =>
      scope.get('/test/other-service', { config: { policy: { access: 'public' } } }, () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' })),
      ),
    );
    closers.push(() => app.close());
    const res = await app.inject({ url: '/test/other-service' });
    expect(res.statusCode).toBe(500);
    expectErrorShape(res.json(), 500, 'INTERNAL_ERROR');
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
