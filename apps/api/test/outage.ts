import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import type { Database } from '../src/db/client';
import type { ErrorResponse } from '@mirror/contract';
import { expectErrorShape, TEST_PASSWORD } from './helpers';

// Shared by database-outage.test.ts (PGlite, unreachable servers) and database-outage.pg.test.ts (a real stop and restart).

const JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

export async function appOn(database: Database, addTestRoutes?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000',
    STUDIO_RENDER: 'false',
  });
  const app = await buildApp({ env, database, jwtSecret: JWT_SECRET });
  addTestRoutes?.(app);
  await app.ready();
  return app;
}

/** Reads and writes a visitor or a signed-in customer makes, sign-in and registration included. */
interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function dataCalls(token?: string): Call[] {
  const auth = token ? { authorization: `Bearer ${token}` } : undefined;
  return [
    { method: 'GET', url: '/api/products' },
    { method: 'GET', url: '/api/products/search?q=ring' },
    { method: 'GET', url: `/api/products/${randomUUID()}` },
    { method: 'GET', url: '/api/collections' },
    { method: 'GET', url: '/api/collections/search?q=aurora' },
    { method: 'GET', url: '/api/locations' },
    { method: 'GET', url: '/api/categories' },
    { method: 'GET', url: '/api/designers' },
    { method: 'GET', url: '/api/vendors' },
    { method: 'POST', url: '/api/auth/authenticate', payload: { username: 'someone', password: TEST_PASSWORD } },
    {
      method: 'POST',
      url: '/api/users',
      payload: { username: `new_${randomUUID().slice(0, 8)}`, email: `${randomUUID().slice(0, 8)}@example.com`, password: TEST_PASSWORD },
    },
    { method: 'POST', url: '/api/users/confirm-email', payload: { token: `${randomUUID()}.${'A'.repeat(43)}` } },
    ...(auth
      ? [
          { method: 'GET' as const, url: '/api/users/me', headers: auth },
          { method: 'GET' as const, url: '/api/orders', headers: auth },
        ]
      : []),
  ];
}

export async function expectAllUnavailable(app: FastifyInstance, token?: string) {
  const wrong: string[] = [];
  for (const call of dataCalls(token)) {
    const res = await app.inject({
      method: call.method,
      url: call.url,
      ...(call.payload ? { payload: call.payload } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
    });
    const body = res.json<ErrorResponse>();
    if (res.statusCode !== 503 || body.code !== 'DATABASE_UNAVAILABLE' || res.headers['retry-after'] !== '5') {
      wrong.push(`${call.method} ${call.url} → ${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.body.slice(0, 120)}`);
    } else {
      expectErrorShape(body, 503, 'DATABASE_UNAVAILABLE');
      expect(res.body).not.toMatch(/select|ECONN|PGlite|stack/i);
    }
  }
  expect(wrong).toEqual([]);
}
