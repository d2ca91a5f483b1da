import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, freePort, stopAfterAll, type TestApp } from './helpers';
import type { ErrorResponse } from '@mirror/contract';

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const bin = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();
  if (!bin) throw new Error("redis-server is missing: install Debian's redis-server package (npm test does it when run as root)");
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error('redis-server did not start');
}

describe('per-IP rate limit, one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '5' });
  });
  afterAll(() => t.close());

  it('answers 429 in the one error shape with Retry-After once the limit is spent', async () => {
    for (let i = 0; i < 5; i += 1) expect((await t.request('/api/users/health')).status).toBe(200);
    const limited = await t.request<ErrorResponse>('/api/users/health');
    expect(limited.status).toBe(429);
    expectErrorShape(limited.body, 429, 'TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The health check used by load balancers is never limited.
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

describe('shared rate limit across instances (REDIS_URL)', () => {
  let redis: { url: string; child: ChildProcess };
  let a: TestApp;
  let b: TestApp;
  const stopLater = stopAfterAll();
  beforeAll(async () => {
    redis = await startRedis();
    stopLater(() => redis.child.kill());
    [a, b] = await Promise.all([
      buildTestApp({ RATE_LIMIT_MAX: '6', REDIS_URL: redis.url }),
      buildTestApp({ RATE_LIMIT_MAX: '6', REDIS_URL: redis.url }),
    ]);
    stopLater(() => Promise.all([a.close(), b.close()]));
  });

  it('counts requests to both instances against one budget', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await a.request('/api/users/health')).status).toBe(200);
      expect((await b.request('/api/users/health')).status).toBe(200);
    }
    expect((await a.request('/api/users/health')).status).toBe(429);
    expect((await b.request('/api/users/health')).status).toBe(429);
  });
});
