import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Session, type TestApp } from './helpers';
import { catalogFactory } from './catalog';
import type { Category, Collection, CollectionItem, Product } from '@mirror/contract';

let t: TestApp;
let admin: Session;
let vendor: Session;
let f: ReturnType<typeof catalogFactory>;
let live: { id: string };
let draft: { id: string };
let collectionId: string;

beforeAll(async () => {
  t = await buildTestApp({ CORS_ORIGINS: 'https://shop.mirror.example' });
  [admin, vendor] = await Promise.all([t.loginAs('ADMIN'), t.loginAs('VENDOR')]);
  f = catalogFactory(t, admin);
  const vendorId = (await f.vendor(vendor.userId)).id;
  const categoryId = (await f.category('Rings')).id;
  live = await f.product({ vendorId, categoryId, name: 'Aurore solitaire' });
  draft = await f.product({ vendorId, categoryId, name: 'Aurore draft', status: 'DRAFT' });
  const c = await t.request<Collection>('/api/collections', {
    token: admin.accessToken,
    body: { name: 'Aurore', year: 2025, season: 'WINTER' },
  });
  collectionId = c.body.id;
  for (const p of [live, draft])
    await t.request<CollectionItem[]>(`/api/collections/${collectionId}/products`, { token: admin.accessToken, body: { productId: p.id } });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(t.baseUrl + path, { headers });
const varyOf = (res: Response) => (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());

describe('HTTP caching of catalogue reads', () => {
  it('tags anonymous catalogue answers public, short-lived and revalidatable, and answers If-None-Match with 304', async () => {
    const paths = [
      '/api/products?size=5',
      `/api/products/${live.id}`,
      '/api/products/search?q=aurore',
      '/api/products/filters',
      '/api/collections/with-products?size=5&productsLimit=4',
      `/api/collections/${collectionId}/products`,
      '/api/categories',
      '/api/designers',
      '/api/vendors',
      '/api/locations',
    ];
    for (const path of paths) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
      expect(varyOf(first), path).toContain('authorization');
      const body = await first.text();

      const again = await get(path, { 'if-none-match': etag! });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      // A list of tags, and the strong form of the same tag, match too (weak comparison).
      expect((await get(path, { 'if-none-match': `W/"other", ${etag!.slice(2)}` })).status, path).toBe(304);

      const stale = await get(path, { 'if-none-match': 'W/"not-this-one"' });
      expect(stale.status, path).toBe(200);
      expect(await stale.text(), path).toBe(body);
    }
  });

  it('changes the ETag when the answer changes', async () => {
    const path = `/api/products/${live.id}`;
    const before = (await get(path)).headers.get('etag')!;
    const edit = await t.request<Product>(`/api/products/${live.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { description: 'Set by hand in Paris.' },
    });
    expect(edit.status).toBe(200);
    const after = await get(path, { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(((await after.json()) as { description: string }).description).toBe('Set by hand in Paris.');
  });

  it('keeps signed-in answers private: they depend on who asks', async () => {
    const path = `/api/collections/${collectionId}/products`;
    const anonymous = await get(path);
    const asAdmin = await get(path, { authorization: `Bearer ${admin.accessToken}` });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('cache-control')).toBe('private, no-cache');
    expect(varyOf(asAdmin)).toContain('authorization');
    // The admin sees the draft, a visitor does not: one URL, two answers, two tags.
    expect(((await asAdmin.json()) as { totalElements: number }).totalElements).toBe(2);
    expect(((await anonymous.json()) as { totalElements: number }).totalElements).toBe(1);
    expect(asAdmin.headers.get('etag')).not.toBe(anonymous.headers.get('etag'));
    // The browser may still revalidate its own private copy.
    expect((await get(path, { authorization: `Bearer ${admin.accessToken}`, 'if-none-match': asAdmin.headers.get('etag')! })).status).toBe(
      304,
    );
    // Any Authorization header makes the answer private, even one the server ignores (an expired token).
    expect((await get(path, { authorization: 'Bearer expired' })).headers.get('cache-control')).toBe('private, no-cache');
    // A draft piece by id: the vendor's own answer is private.
    const own = await get(`/api/products/${draft.id}`, { authorization: `Bearer ${vendor.accessToken}` });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('keeps Vary: Origin from CORS next to Authorization', async () => {
    const res = await get('/api/categories', { origin: 'https://shop.mirror.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.mirror.example');
    expect(varyOf(res)).toEqual(expect.arrayContaining(['origin', 'authorization']));
  });

  it('leaves errors, writes, health checks, name probes, private routes and the 3D model alone', async () => {
    const missing = await get('/api/products/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    expect(missing.headers.get('cache-control')).toBeNull();
    const invalid = await get('/api/products?size=1000');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('etag')).toBeNull();
    for (const path of [
      '/api/products/health',
      '/api/health',
      '/api/categories/exists/Rings',
      '/api/users/me',
      '/api/products/statistics',
    ]) {
      const res = await get(path, { authorization: `Bearer ${admin.accessToken}` });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('etag'), path).toBeNull();
    }
    const created = await t.request<Category>('/api/categories', { token: admin.accessToken, body: { name: 'Brooches' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
    // The model keeps its own strong ETag and caching (decisions §69), not a second weak one.
    const model = await get(`/api/products/${live.id}/model.glb`);
    expect(model.status).toBe(200);
    expect(model.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(model.headers.get('cache-control')).toBe('public, max-age=600, stale-while-revalidate=86400');
  });

  it('covers the catalogue read routes and none that needs a signature', () => {
    const reads = [...t.app.catalogueReads];
    for (const url of [
      '/api/products',
      '/api/products/:id',
      '/api/products/search',
      '/api/collections/with-products',
      '/api/collections/:id/products',
      '/api/locations/:id',
      '/api/vendors/:id/products',
      '/api/designers/:id/designs',
    ]) {
      expect(reads, url).toContain(url);
    }
    const policies = new Map(t.app.routeTable.filter((r) => r.method === 'GET').map((r) => [r.url, r.policy?.access]));
    for (const url of reads) expect(policies.get(url), url).toBe('public');
    expect(reads.filter((u) => /health|exists|model\.glb|statistics|dashboard|users|orders/.test(u))).toEqual([]);
  });
});
