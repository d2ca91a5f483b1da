import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { randomUUID } from 'node:crypto';
import { seedDemo } from './index';
import { storeProductImages } from './catalog';
import { DEFAULT_BRAND_DOMAIN } from '@mirror/contract/brand';
import { COLLECTION_SEASONS } from '@mirror/contract';
import { createImageryCache, defaultImageryCacheDir, generatorFingerprint } from '@mirror/imagery';
import type {
  CollectionItem,
  CollectionPage,
  Count,
  DesignerPage,
  Exists,
  LocationPage,
  OrderPage,
  Product,
  ProductPage,
  ProductSearchPage,
  ProductStatistics,
  TokenPair,
  UserPage,
  VendorPage,
} from '@mirror/contract';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Without storage: rendering 160 images is exercised once below, not in every seed.
  await seedDemo(t.database.db);
}, 120_000);
afterAll(() => t.close());

describe('demo catalogue', () => {
  it('seeds 80 pieces over six categories, nine collections with one hero each, and a configurator taxonomy', async () => {
    const admin = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: 'admin', password: 'Mirror-Demo-2025' } });
    const token = admin.body.accessToken;
    const stats = await t.request<ProductStatistics>('/api/products/statistics', { token });
    expect(stats.body.total).toBe(80);
    expect(stats.body.byCategory.map((c) => c.name).sort()).toEqual([
      'Bracelets',
      'Earrings',
      'Engagement Rings',
      'High Jewelry',
      'Necklaces',
      'Rings',
    ]);
    expect(stats.body.outOfStock).toBeGreaterThan(0);
    expect(stats.body.lowStock).toBeGreaterThan(0);
    expect(Object.values(stats.body.byMetal).filter((n) => n > 0).length).toBe(5);
    const list = await t.request<CollectionPage>('/api/collections?size=100');
    expect(list.body.totalElements).toBeGreaterThanOrEqual(8);
    expect(new Set(list.body.content.map((c) => c.year)).size).toBeGreaterThanOrEqual(3);
    for (const c of list.body.content) {
      const items = (await t.request<CollectionItem[]>(`/api/collections/${c.id}/products-list`, { token })).body;
      expect(items.filter((i) => i.isHero)).toHaveLength(1);
    }
    const onRequest = await t.request<ProductPage>(
      '/api/products/category/' + stats.body.byCategory.find((c) => c.name === 'High Jewelry')!.categoryId,
    );
    expect(onRequest.body.content.some((p) => p.price === null && p.priceRange !== null)).toBe(true);
    expect((await t.request<Count>('/api/categories/count')).body.count).toBe(6);
    expect((await t.request<Count>('/api/components/count')).body.count).toBeGreaterThanOrEqual(6);
    expect((await t.request<Exists>('/api/component-optionals/exists/Halo')).body.exists).toBe(true);
    const search = await t.request<ProductSearchPage>('/api/products/search?q=saphire');
    expect(search.body.totalElements).toBeGreaterThan(0);
    expect(search.body.content.every((p) => /sapphire/i.test(`${p.name} ${p.description} ${p.gemstone?.type}`))).toBe(true);
    const vendorLogin = await t.request<TokenPair>('/api/auth/authenticate', {
      body: { username: 'vendor', password: 'Mirror-Demo-2025' },
    });
    const own = await t.request<Product>('/api/products', {
      token: vendorLogin.body.accessToken,
      body: { categoryId: stats.body.byCategory[0]!.categoryId, name: 'Vendor Piece', sku: 'VEN-TEST-1', metalType: 'SILVER', price: 1000 },
    });
    expect(own.status).toBe(201);
  });

  it('renders front and detail images at four widths, stores and serves them', async () => {
    const id = randomUUID();
    const images = await storeProductImages(t.storage, {
      id,
      sku: 'MIR-TEST-1',
      name: 'Givre Diamond Solitaire',
      pieceType: 'ENGAGEMENT_RING',
      metal: 'PLATINUM',
      gemstoneType: 'Diamond',
      gemstoneCut: 'Brilliant',
      gemstoneColour: 'D',
      gemstoneCaratPoints: 150,
    });
    expect(images.map((i) => i.variant)).toEqual(['front', 'detail']);
    expect(images[0]!.sources.map((s) => [s.width, s.height])).toEqual([
      [160, 200],
      [320, 400],
      [480, 600],
      [640, 800],
    ]);
    // Named after what drew them (the piece and the render key), as the editor recognises a render; the generator recorded.
    expect(images[0]!.sources[3]!.key).toMatch(/^mirror-storage\/products\/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}-front-640\.webp$/);
    expect(images.map((image) => image.generator)).toEqual([generatorFingerprint(), generatorFingerprint()]);
    const file = await fetch(`${t.baseUrl}/api/files/${images[0]!.sources[3]!.key}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 120_000);

  it('seeds boutiques and demo orders in several states, part-paid, for the demo client', async () => {
    expect((await t.request<LocationPage>('/api/locations?size=1')).body.totalElements).toBe(12);
    const admin = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: 'admin', password: 'Mirror-Demo-2025' } });
    const orders = (await t.request<OrderPage>('/api/orders?size=100', { token: admin.body.accessToken })).body.content;
    expect(orders.length).toBeGreaterThanOrEqual(6);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(5);
    expect(orders.some((o) => o.paidAmount > 0 && !o.isPaidInFull)).toBe(true);
    expect(orders.some((o) => o.isPaidInFull)).toBe(true);
    const client = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: 'customer', password: 'Mirror-Demo-2025' } });
    const own = (await t.request<OrderPage>('/api/orders?filter=current-user', { token: client.body.accessToken })).body;
    expect(own.totalElements).toBe(orders.filter((o) => o.customerEmail === `customer@${DEFAULT_BRAND_DOMAIN}`).length);
    expect(own.totalElements).toBeGreaterThan(0);
  });

  it('curates each collection: every piece is made of the metals and stones its story names', async () => {
    const token = await adminToken(t);
    const list = (await t.request<CollectionPage>('/api/collections?size=100')).body.content;
    expect(list).toHaveLength(9);
    for (const c of list) {
      const story = storyOf(c.description);
      const items = (await t.request<CollectionItem[]>(`/api/collections/${c.id}/products-list`, { token })).body;
      expect(items.length, c.name).toBeGreaterThanOrEqual(6);
      for (const { product } of items) {
        if (story.metals.length) expect(story.metals, `${c.name}: ${product.name} in ${product.metalType}`).toContain(product.metalType);
        if (story.stones.length)
          expect(
            story.stones.some((re) => re.test(product.gemstone?.type ?? '')),
            `${c.name}: ${product.name} with ${product.gemstone?.type}`,
          ).toBe(true);
      }
    }
    // The stories do name what they are made of (the check above is not vacuous).
    const givre = list.find((c) => c.name === 'Aube de Givre');
    expect(storyOf(givre!.description).metals.sort()).toEqual(['PLATINUM', 'WHITE_GOLD']);
  });

  it('chooses a hero per collection, on show, and no two covers alike (same form in the same metal or with the same stone)', async () => {
    const token = await adminToken(t);
    const list = (await t.request<CollectionPage>('/api/collections?size=100')).body.content;
    const heroes = [];
    for (const c of list) {
      const items = (await t.request<CollectionItem[]>(`/api/collections/${c.id}/products-list`, { token })).body;
      const hero = items.find((i) => i.isHero)!.product;
      expect(hero.status, c.name).toBe('ACTIVE');
      heroes.push(hero);
    }
    const byFormAndMetal = new Set(heroes.map((h) => `${h.categoryId}|${h.metalType}`));
    const byFormAndStone = new Set(heroes.map((h) => `${h.categoryId}|${h.gemstone?.type ?? ''}`));
    expect(byFormAndMetal.size).toBe(heroes.length);
    expect(byFormAndStone.size).toBe(heroes.length);
    // The featured collections (the home page's row) open on four different forms.
    const featuredForms = heroes.filter((_, i) => list[i]!.isFeatured).map((h) => h.categoryId);
    expect(new Set(featuredForms).size).toBe(featuredForms.length);
  });

  it('orders the pieces as the house added them: the latest collection first, its hero leading, the same at every install', async () => {
    const token = await adminToken(t);
    const collections = (await t.request<CollectionPage>('/api/collections?size=100')).body.content;
    const latest = [...collections].sort(
      (a, b) => b.year - a.year || COLLECTION_SEASONS.indexOf(b.season) - COLLECTION_SEASONS.indexOf(a.season),
    )[0]!;
    const items = (await t.request<CollectionItem[]>(`/api/collections/${latest.id}/products-list`, { token })).body;
    const newest = (await t.request<ProductPage>('/api/products?size=40&sort=createdAt,desc')).body.content;
    // The storefront's first piece is the latest collection's hero, not whichever random id sorts first.
    expect(newest[0]!.id).toBe(items.find((i) => i.isHero)!.product.id);
    expect(new Set(newest.slice(0, items.length).map((p) => p.id))).toEqual(new Set(items.map((i) => i.product.id)));
    // No two pieces share a creation time: "newest first" never falls back to the ids.
    const all = (await t.request<ProductPage>('/api/products?size=100&sort=createdAt,desc')).body.content;
    expect(new Set(all.map((p) => p.createdAt)).size).toBe(all.length);
  });

  it('sets every price as the house does: rounded to the step of its band', async () => {
    const products = await allProducts(t);
    expect(products).toHaveLength(80);
    const amounts = products.flatMap((p) => [p.price?.amount, p.priceRange?.min, p.priceRange?.max].filter((a): a is number => a != null));
    expect(amounts.length).toBeGreaterThanOrEqual(80);
    const off = amounts.filter((minor) => minor % houseStep(minor) !== 0).map((minor) => minor / 100);
    expect(off).toEqual([]);
  });

  it('says "Made to order" only of what the house makes to order: stock 0 exactly when the piece is made to order', async () => {
    const products = await allProducts(t);
    const madeToOrder = products.filter((p) => /made to order/i.test(p.description));
    expect(madeToOrder.length).toBeGreaterThan(0);
    for (const p of products) {
      const isMadeToOrder = /made to order/i.test(p.description);
      // The storefront labels every out-of-stock piece "Made to order".
      expect(p.availability === 'OUT_OF_STOCK', `${p.name}: ${p.stockQuantity} in stock`).toBe(isMadeToOrder);
      expect(p.priceRange !== null, `${p.name}: price on request`).toBe(isMadeToOrder);
    }
  });

  it('gives every address a client can see the brand domain: boutiques, vendors, designers, the demo accounts', async () => {
    const token = await adminToken(t);
    const seen = [
      ...emailsIn((await t.request<LocationPage>('/api/locations?size=100')).body),
      ...emailsIn((await t.request<VendorPage>('/api/vendors?size=100')).body),
      ...emailsIn((await t.request<DesignerPage>('/api/designers?size=100')).body),
      ...emailsIn((await t.request<UserPage>('/api/users?size=100', { token })).body),
      ...emailsIn((await t.request<CollectionPage>('/api/collections?size=100')).body),
      ...emailsIn(await allProducts(t)),
    ];
    expect(seen.length).toBeGreaterThanOrEqual(12 + 4);
    expect(seen.filter((address) => !address.endsWith(`@${DEFAULT_BRAND_DOMAIN}`))).toEqual([]);
  });

  it('never seeds twice', async () => {
    expect(await seedDemo(t.database.db)).toBe(false);
  });
});

describe('demo seed with storage (a server’s first start)', () => {
  it('resolves only once every piece has its studio images and each collection its own cover, its hero’s front view', async () => {
    const other = await buildTestApp();
    try {
      // The machine's cache (the server's default): drawn once per machine, read on every later run.
      const imageryCache = createImageryCache(process.env.IMAGERY_CACHE_DIR ?? defaultImageryCacheDir());
      await seedDemo(other.database.db, () => {}, { storage: other.storage, imageryCache });
      const products = await allProducts(other);
      expect(products).toHaveLength(80);
      expect(products.filter((p) => p.images.length !== 2).map((p) => p.name)).toEqual([]);
      const token = await adminToken(other);
      const list = (await other.request<CollectionPage>('/api/collections?size=100')).body.content;
      const covers: string[] = [];
      for (const c of list) {
        const hero = (await other.request<CollectionItem[]>(`/api/collections/${c.id}/products-list`, { token })).body.find(
          (i) => i.isHero,
        )!.product;
        expect(c.coverImage?.url, c.name).toBe(hero.images[0]!.url);
        covers.push(c.coverImage!.url);
      }
      expect(new Set(covers).size).toBe(list.length);
      const file = await fetch(`${other.baseUrl}${covers[0]}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
    } finally {
      await other.close();
    }
  }, 1_200_000);
});

describe('demo seed on another brand domain', () => {
  it('writes every demo address at BRAND_DOMAIN', async () => {
    const other = await buildTestApp();
    try {
      await seedDemo(other.database.db, () => {}, { brandDomain: 'maison-exemple.test' });
      const token = await adminToken(other);
      const seen = [
        ...emailsIn((await other.request<LocationPage>('/api/locations?size=100')).body),
        ...emailsIn((await other.request<VendorPage>('/api/vendors?size=100')).body),
        ...emailsIn((await other.request<UserPage>('/api/users?size=100', { token })).body),
      ];
      expect(seen.length).toBeGreaterThanOrEqual(12 + 4);
      expect(seen.filter((address) => !address.endsWith('@maison-exemple.test'))).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);
});

async function adminToken(app: TestApp): Promise<string> {
  return (await app.request<TokenPair>('/api/auth/authenticate', { body: { username: 'admin', password: 'Mirror-Demo-2025' } })).body
    .accessToken;
}

/** The demo's own pieces (the first test adds a vendor's piece). */
async function allProducts(app: TestApp): Promise<Product[]> {
  const token = await adminToken(app);
  return (await app.request<ProductPage>('/api/products?size=100', { token })).body.content.filter((p) => p.sku.startsWith('MIR-'));
}

/** Every string in a JSON answer that looks like an email address. */
function emailsIn(value: unknown): string[] {
  return (JSON.stringify(value).match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []).map((a) => a.toLowerCase());
}

/** A house price step, by band: €50 under €2,000, €100 under €10,000, €500 under €100,000, then €5,000. */
function houseStep(minor: number): number {
  const euros = minor / 100;
  return (euros < 2_000 ? 50 : euros < 10_000 ? 100 : euros < 100_000 ? 500 : 5_000) * 100;
}

/** What a collection's story says it is made of: the metals and the stones it names. */
function storyOf(description: string): { metals: string[]; stones: RegExp[] } {
  const text = description.toLowerCase();
  const metals = (
    [
      [/white gold/, 'WHITE_GOLD'],
      [/yellow gold/, 'YELLOW_GOLD'],
      [/rose gold/, 'ROSE_GOLD'],
      [/platinum/, 'PLATINUM'],
      [/silver/, 'SILVER'],
    ] as const
  ).flatMap(([re, metal]) => (re.test(text) ? [metal] : []));
  const stones = [
    [/diamonds?\b/, /^diamond$/i],
    [/sapphires?\b/, /^sapphire$/i],
    [/rub(y|ies)\b/, /^ruby$/i],
    [/emeralds?\b/, /^emerald$/i],
    [/aquamarines?\b/, /^aquamarine$/i],
    [/pearls?\b/, /^pearl$/i],
    [/citrines?\b/, /^citrine$/i],
    [/beryls?\b/, /beryl$/i],
    [/morganites?\b/, /^morganite$/i],
    [/tsavorites?\b/, /^tsavorite$/i],
    [/onyx\b/, /^onyx$/i],
  ].flatMap(([word, type]) => (word!.test(text) ? [type!] : []));
  return { metals, stones };
}
