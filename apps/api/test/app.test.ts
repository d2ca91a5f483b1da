import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type OpenApiDocument, type TestApp } from './helpers';
import { authPlugin } from '../src/plugins/auth';
import { TokenService } from '../src/lib/tokens';
import { createUsersRepo } from '../src/modules/users/users.repo';
import type { ErrorResponse, Health } from '@mirror/contract';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'mirror-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Mirror</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ WEB_DIST: webDist, BODY_LIMIT_BYTES: '4096', CORS_ORIGINS: 'https://shop.mirror.example' });
});
afterAll(() => t.close());

describe('route policies and the OpenAPI document', () => {
  it('declares an access policy on every API route and documents each one', async () => {
    const doc = (await t.request<OpenApiDocument>('/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(20);
    const undocumented: string[] = [];
    for (const route of apiRoutes) {
      expect(route.policy, `${route.method} ${route.url}`).toBeDefined();
      if (route.hidden) continue;
      const openapiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
      const operation = doc.paths[openapiPath]?.[route.method.toLowerCase()];
      if (!operation) undocumented.push(`${route.method} ${route.url}`);
      else expect(operation['x-access-policy'], `${route.method} ${route.url}`).toBeTruthy();
    }
    expect(undocumented).toEqual([]);
  });

  it('refuses to register an API route without a policy', async () => {
    const bare = Fastify();
    const register = async () => {
      await bare.register(authPlugin, { tokens: new TokenService('x'.repeat(40)), users: createUsersRepo(t.database.db) });
      // Registering the route throws; the plugin hands that on as its rejection, as an async plugin would.
      await bare.register(
        (scope) =>
          new Promise<void>((resolve) => {
            scope.get('/api/forgotten', () => Promise.resolve({ ok: true }));
            resolve();
          }),
      );
      await bare.ready();
    };
    await expect(register()).rejects.toThrow(/no access policy/);
  });

  it('serves the API reference locally', async () => {
    const res = await t.request<string>('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.body).not.toMatch(/https?:\/\/(unpkg|cdn|cdnjs|jsdelivr)/);
  });
});

describe('errors and fallbacks', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request<ErrorResponse>('/api/does-not-exist');
    expect(res.status).toBe(404);
    expectErrorShape(res.body, 404, 'ROUTE_NOT_FOUND');
    expect((await t.request('/api/users/me/extra', { method: 'DELETE' })).status).toBe(404);
  });

  it("answers any other path with the SPA's index.html", async () => {
    for (const p of ['/', '/collections/123', '/auth/login', '/anything/at/all']) {
      const res = await t.request<string>(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long caching and 404s missing files', async () => {
    const asset = await t.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.request('/assets/missing-000.js')).status).toBe(404);
  });

  it('rejects malformed JSON with 400, oversized bodies with 413, unknown media types with 415', async () => {
    const malformed = await t.request<ErrorResponse>('/api/auth/authenticate', {
      method: 'POST',
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expectErrorShape(malformed.body, 400);
    const big = await t.request<ErrorResponse>('/api/auth/authenticate', { body: { username: 'a', password: 'x'.repeat(5000) } });
    expect(big.status).toBe(413);
    expectErrorShape(big.body, 413, 'PAYLOAD_TOO_LARGE');
    const xml = await t.request<ErrorResponse>('/api/auth/authenticate', {
      method: 'POST',
      rawBody: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expectErrorShape(xml.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.request<Health>('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBeTruthy();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Refusals carry it too (set as the request arrives, before any route or error handler).
    const missing = await t.request('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.request('/api/users');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.headers.get('x-request-id')).not.toBe(missing.headers.get('x-request-id'));
  });

  it('allows CORS only for configured origins', async () => {
    const ok = await t.request<Health>('/api/health', { headers: { origin: 'https://shop.mirror.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.mirror.example');
    const other = await t.request<Health>('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('checks the database in /api/health', async () => {
    const res = await t.request<Health>('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'UP', database: 'UP' });
  });
});
