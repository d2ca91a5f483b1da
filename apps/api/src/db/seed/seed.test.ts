import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { randomUUID } from 'node:crypto';
import { seedDemo } from './index';
import { storeProductImages } from './catalog';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Without storage: rendering 160 images is exercised once below, not in every seed.
  await seedDemo(t.database.db);
}, 120_000);
afterAll(() => t.close());

describe('demo catalogue', () => {
  it('seeds 80 pieces over six categories, nine collections with one hero each, and a configurator taxonomy', async () => {
    const admin = await t.request<any>('/api/auth/authenticate', { body: { username: 'admin', password: 'Mirror-Demo-2025' } });
    const token = admin.body.accessToken;
    const stats = await t.request<any>('/api/products/statistics', { token });
    expect(stats.body.total).toBe(80);
    expect(stats.body.byCategory.map((c: any) => c.name).sort()).toEqual(['Bracelets', 'Earrings', 'Engagement Rings', 'High Jewelry', 'Necklaces', 'Rings']);
    expect(stats.body.outOfStock).toBeGreaterThan(0);
    expect(stats.body.lowStock).toBeGreaterThan(0);
    expect(Object.values(stats.body.byMetal).filter((n) => (n as number) > 0).length).toBe(5);
    const list = await t.request<any>('/api/collections?size=100');
    expect(list.body.totalElements).toBeGreaterThanOrEqual(8);
    expect(new Set(list.body.content.map((c: any) => c.year)).size).toBeGreaterThanOrEqual(3);
    for (const c of list.body.content) {
      const items = (await t.request<any>(`/api/collections/${c.id}/products-list`, { token })).body;
      expect(items.filter((i: any) => i.isHero)).toHaveLength(1);
    }
    const onRequest = await t.request<any>('/api/products/category/' + stats.body.byCategory.find((c: any) => c.name === 'High Jewelry').categoryId);
    expect(onRequest.body.content.some((p: any) => p.price === null && p.priceRange !== null)).toBe(true);
    expect((await t.request<any>('/api/categories/count')).body.count).toBe(6);
    expect((await t.request<any>('/api/components/count')).body.count).toBeGreaterThanOrEqual(6);
    expect((await t.request<any>('/api/component-optionals/exists/Halo')).body.exists).toBe(true);
    const search = await t.request<any>('/api/products/search?q=saphire');
    expect(search.body.totalElements).toBeGreaterThan(0);
    expect(search.body.content.every((p: any) => /sapphire/i.test(`${p.name} ${p.description} ${p.gemstone?.type}`))).toBe(true);
    const vendorLogin = await t.request<any>('/api/auth/authenticate', { body: { username: 'vendor', password: 'Mirror-Demo-2025' } });
    const own = await t.request<any>('/api/products', { token: vendorLogin.body.accessToken, body: { categoryId: stats.body.byCategory[0].categoryId, name: 'Vendor Piece', sku: 'VEN-TEST-1', metalType: 'SILVER', price: 1000 } });
    expect(own.status).toBe(201);
  });

  it('renders front and detail images at four widths, stores and serves them', async () => {
    const id = randomUUID();
    const images = await storeProductImages(t.storage, { id, sku: 'MIR-TEST-1', name: 'Givre Diamond Solitaire', pieceType: 'ENGAGEMENT_RING', metal: 'PLATINUM', gemstoneType: 'Diamond', gemstoneCut: 'Brilliant', gemstoneColour: 'D', gemstoneCaratPoints: 150 });
    expect(images.map((i) => i.variant)).toEqual(['front', 'detail']);
    expect(images[0]!.sources.map((s) => [s.width, s.height])).toEqual([[320, 400], [640, 800], [960, 1200], [1280, 1600]]);
    expect(images[0]!.sources[1]!.key).toBe(`mirror-storage/products/${id}-front-640.webp`);
    const file = await fetch(`${t.baseUrl}/api/files/mirror-storage/products/${id}-front-640.webp`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 120_000);

  it('seeds boutiques and demo orders in several states, part-paid, for the demo client', async () => {
    expect((await t.request<any>('/api/locations?size=1')).body.totalElements).toBe(12);
    const admin = await t.request<any>('/api/auth/authenticate', { body: { username: 'admin', password: 'Mirror-Demo-2025' } });
    const orders = (await t.request<any>('/api/orders?size=100', { token: admin.body.accessToken })).body.content;
    expect(orders.length).toBeGreaterThanOrEqual(6);
    expect(new Set(orders.map((o: any) => o.status)).size).toBeGreaterThanOrEqual(5);
    expect(orders.some((o: any) => o.paidAmount > 0 && !o.isPaidInFull)).toBe(true);
    expect(orders.some((o: any) => o.isPaidInFull)).toBe(true);
    const client = await t.request<any>('/api/auth/authenticate', { body: { username: 'customer', password: 'Mirror-Demo-2025' } });
    const own = (await t.request<any>('/api/orders?filter=current-user', { token: client.body.accessToken })).body;
    expect(own.totalElements).toBe(orders.filter((o: any) => o.customerEmail === 'customer@mirror.example').length);
    expect(own.totalElements).toBeGreaterThan(0);
  });

  it('never seeds twice', async () => {
    expect(await seedDemo(t.database.db)).toBe(false);
  });
});
