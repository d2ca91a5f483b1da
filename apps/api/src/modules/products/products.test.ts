import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type OpenApiDocument, type Session, type TestApp, type TestResponse } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import {
  OFFSET_WINDOW,
  type Health,
  type ErrorResponse,
  type Product,
  type ProductPage,
  type ProductStatistics,
  type ProductFacets,
  type ProductSearchPage,
  type CollectionItem,
  type Collection,
} from '@mirror/contract';
import { createProductsService } from './products.service';

let t: TestApp;
let admin: Session;
let customer: Session;
let designer: Session;
let vendorA: Session;
let vendorB: Session;
let f: ReturnType<typeof catalogFactory>;
let vendorAId: string;
let vendorBId: string;
let rings: { id: string };
let necklaces: { id: string };
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp({ LOW_STOCK_THRESHOLD: '5' });
  [admin, customer, designer, vendorA, vendorB] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('DESIGNER'),
    t.loginAs('VENDOR'),
    t.loginAs('VENDOR'),
  ]);
  f = catalogFactory(t, admin);
  vendorAId = (await f.vendor(vendorA.userId)).id;
  vendorBId = (await f.vendor(vendorB.userId)).id;
  rings = await f.category('Rings');
  necklaces = await f.category('Necklaces');
});
afterAll(() => t.close());

const base = () => ({ vendorId: vendorAId, categoryId: rings.id });

describe('creating products', () => {
  it('creates a product for an ADMIN with money in minor units and a gemstone', async () => {
    const res = await t.request<Product>('/api/products', {
      token: admin.accessToken,
      body: {
        ...base(),
        name: 'Étoile Solitaire',
        sku: 'ET-SOL-001',
        metalType: 'PLATINUM',
        gemstone: { type: 'Diamond', carat: 1.52, cut: 'Brilliant', colour: 'D', clarity: 'VVS1' },
        price: 1_850_000,
        currency: 'EUR',
        stockQuantity: 3,
        images: [
          {
            variant: 'front',
            alt: 'Étoile',
            sources: [
              { key: 'mirror-storage/products/x-front-320.webp', width: 320, height: 400 },
              { key: 'mirror-storage/products/x-front-640.webp', width: 640, height: 800 },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Étoile Solitaire',
      slug: 'etoile-solitaire-et-sol-001',
      vendorId: vendorAId,
      metalType: 'PLATINUM',
      gemstone: { type: 'Diamond', carat: 1.52, cut: 'Brilliant', colour: 'D', clarity: 'VVS1' },
      price: { amount: 1_850_000, currency: 'EUR' },
      priceRange: null,
      availability: 'LOW_STOCK',
      status: 'DRAFT',
    });
    expect(res.body.images[0]).toMatchObject({ url: '/api/files/mirror-storage/products/x-front-640.webp', width: 640, height: 800 });
    expect(res.body.images[0]!.srcset.map((s) => s.width)).toEqual([320, 640]);
  });

  it('accepts a price-on-request range instead of a fixed price', async () => {
    const p = await f.product({ ...base(), price: null, priceMin: 5_000_000, priceMax: 9_000_000 });
    expect(p.price).toBeNull();
    expect(p.priceRange).toEqual({ min: 5_000_000, max: 9_000_000, currency: 'EUR' });
  });

  it('rejects invalid bodies with 400 and field details', async () => {
    const bad = [
      { ...base(), sku: 'X-1', metalType: 'WHITE_GOLD', price: 100 }, // no name
      { ...base(), name: 'A', sku: 'X-2', metalType: 'TITANIUM', price: 100 },
      { ...base(), name: 'A', sku: 'X-3', metalType: 'SILVER', price: 10.5 },
      { ...base(), name: 'A', sku: 'X-4', metalType: 'SILVER' }, // no price at all
      { ...base(), name: 'A', sku: 'X-5', metalType: 'SILVER', priceMin: 500, priceMax: 100 },
      { ...base(), name: 'A', sku: 'X-6', metalType: 'SILVER', price: 100, stockQuantity: -1 },
      { ...base(), name: 'A', sku: 'X-7', metalType: 'SILVER', price: 100, currency: 'euro' },
      {
        ...base(),
        name: 'A',
        sku: 'X-8',
        metalType: 'SILVER',
        price: 100,
        images: [{ sources: [{ key: '../etc/passwd', width: 1, height: 1 }] }],
      },
      { ...base(), name: 'A', sku: 'X-9', metalType: 'SILVER', price: 100, unknownField: true },
    ];
    for (const body of bad) {
      const res = await t.request<ErrorResponse>('/api/products', { token: admin.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.details!.length).toBeGreaterThan(0);
    }
  });

  it('answers 422 for unknown references and 409 for a taken SKU', async () => {
    const unknown = await t.request<ErrorResponse>('/api/products', {
      token: admin.accessToken,
      body: { ...base(), categoryId: missingId, name: 'A', sku: 'REF-1', metalType: 'SILVER', price: 100 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.details).toEqual([{ path: 'categoryId', message: 'No such category.' }]);
    await f.product({ ...base(), sku: 'DUP-1' });
    const dup = await t.request<ErrorResponse>('/api/products', {
      token: admin.accessToken,
      body: { ...base(), name: 'B', sku: 'dup-1', metalType: 'SILVER', price: 100 },
    });
    expect(dup.status).toBe(409);
    expectErrorShape(dup.body, 409, 'SKU_TAKEN');
  });

  it('forbids customers and designers, and asks anonymous callers to sign in', async () => {
    for (const s of [customer, designer]) {
      const res = await t.request<ErrorResponse>('/api/products', {
        token: s.accessToken,
        body: { ...base(), name: 'A', sku: 'NO-1', metalType: 'SILVER', price: 100 },
      });
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
    const anon = await t.request<ErrorResponse>('/api/products', {
      body: { ...base(), name: 'A', sku: 'NO-2', metalType: 'SILVER', price: 100 },
    });
    expect(anon.status).toBe(401);
  });
});

describe('vendor isolation', () => {
  it("forces a vendor's own vendorId and hides its drafts from other vendors (404 on read, edit, stock, delete)", async () => {
    const created = await t.request<Product>('/api/products', {
      token: vendorA.accessToken,
      body: {
        vendorId: vendorBId,
        categoryId: rings.id,
        name: 'Atelier Draft',
        sku: 'VA-DRAFT-1',
        metalType: 'ROSE_GOLD',
        price: 90_000,
        status: 'DRAFT',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.vendorId).toBe(vendorAId);
    const id = created.body.id;

    expect((await t.request(`/api/products/${id}`, { token: vendorA.accessToken })).status).toBe(200);
    for (const s of [vendorB, customer, designer]) {
      const res = await t.request<ErrorResponse>(`/api/products/${id}`, { token: s.accessToken });
      expect(res.status).toBe(404);
      expectErrorShape(res.body, 404, 'PRODUCT_NOT_FOUND');
    }
    expect((await t.request(`/api/products/${id}`)).status).toBe(404);
    const list = await t.request<ProductPage>(`/api/products?vendorId=${vendorAId}&size=100`, { token: vendorB.accessToken });
    expect(list.body.content.map((p) => p.id)).not.toContain(id);
    const own = await t.request<ProductPage>(`/api/products?vendorId=${vendorAId}&size=100`, { token: vendorA.accessToken });
    expect(own.body.content.map((p) => p.id)).toContain(id);

    const edit = await t.request<ErrorResponse>(`/api/products/${id}`, {
      method: 'PUT',
      token: vendorB.accessToken,
      body: { name: 'Hijacked' },
    });
    expect(edit.status).toBe(404);
    const stock = await t.request<ErrorResponse>(`/api/products/${id}/stock`, {
      method: 'PUT',
      token: vendorB.accessToken,
      body: { quantity: 99 },
    });
    expect(stock.status).toBe(404);
    const del = await t.request<ErrorResponse>(`/api/products/${id}`, { method: 'DELETE', token: vendorB.accessToken });
    expect(del.status).toBe(404);
    const after = await t.request<Product>(`/api/products/${id}`, { token: admin.accessToken });
    expect(after.body).toMatchObject({ name: 'Atelier Draft', stockQuantity: 0, deletedAt: null });

    const ownEdit = await t.request<Product>(`/api/products/${id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { name: 'Atelier Draft II' },
    });
    expect(ownEdit.status).toBe(200);
    expect(ownEdit.body).toMatchObject({ name: 'Atelier Draft II', status: 'DRAFT', vendorId: vendorAId });
    // The house publishes (decisions §67): the vendor's own attempt is refused and changes nothing.
    const publish = await t.request<ErrorResponse>(`/api/products/${id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { name: 'Atelier Draft III', status: 'ACTIVE' },
    });
    expectErrorShape(publish.body, 403, 'FORBIDDEN');
    expect(publish.body.details).toEqual([expect.objectContaining({ path: 'status' })]);
    expect((await t.request(`/api/products/${id}`, { method: 'PUT', token: admin.accessToken, body: { status: 'ACTIVE' } })).status).toBe(
      200,
    );
    // Now live: everyone can read it, still nobody else can edit it.
    expect((await t.request(`/api/products/${id}`, { token: vendorB.accessToken })).status).toBe(200);
    expect((await t.request(`/api/products/${id}`, { method: 'PUT', token: vendorB.accessToken, body: { name: 'X' } })).status).toBe(404);
  });

  it('refuses merchandising (featured) and moving pieces to another vendor', async () => {
    const p = await f.product({ categoryId: rings.id, status: 'DRAFT' }, vendorA.accessToken);
    const feat = await t.request<ErrorResponse>(`/api/products/${p.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { isFeatured: true },
    });
    expect(feat.status).toBe(403);
    const move = await t.request<ErrorResponse>(`/api/products/${p.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { vendorId: vendorBId },
    });
    expect(move.status).toBe(403);
    const toggle = await t.request<ErrorResponse>(`/api/products/${p.id}/toggle-featured`, { method: 'POST', token: vendorA.accessToken });
    expect(toggle.status).toBe(403);
  });

  it('answers 403 to a vendor account without a vendor', async () => {
    const orphan = await t.loginAs('VENDOR');
    const res = await t.request<ErrorResponse>('/api/products', {
      token: orphan.accessToken,
      body: { categoryId: rings.id, name: 'A', sku: 'ORPH-1', metalType: 'SILVER', price: 100 },
    });
    expect(res.status).toBe(403);
    expectErrorShape(res.body, 403, 'VENDOR_NOT_LINKED');
  });
});

describe('reading products', () => {
  it('never shows drafts, archived or deleted pieces to the public', async () => {
    const draft = await f.product({ ...base(), status: 'DRAFT' });
    const archived = await f.product({ ...base(), status: 'ARCHIVED' });
    const live = await f.product({ ...base() });
    for (const p of [draft, archived]) {
      expect((await t.request(`/api/products/${p.id}`)).status).toBe(404);
      expect((await t.request(`/api/products/sku/${p.sku}`, { token: customer.accessToken })).status).toBe(404);
      expect((await t.request(`/api/products/${p.id}`, { token: admin.accessToken })).status).toBe(200);
    }
    const list = await t.request<ProductPage>('/api/products?size=100');
    const ids = list.body.content.map((p) => p.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    expect(list.body.content.every((p) => p.status === 'ACTIVE')).toBe(true);
    const adminDrafts = await t.request<ProductPage>('/api/products?status=DRAFT&size=100', { token: admin.accessToken });
    expect(adminDrafts.body.content.map((p) => p.id)).toContain(draft.id);
  });

  it('finds by id, SKU (case-insensitive), metal and category; 404 and 400 otherwise', async () => {
    const p = await f.product({ ...base(), categoryId: necklaces.id, metalType: 'SILVER', sku: 'NECK-SIL-9' });
    expect((await t.request<Product>(`/api/products/${p.id}`)).body.id).toBe(p.id);
    expect((await t.request<Product>('/api/products/sku/neck-sil-9')).body.id).toBe(p.id);
    const metal = await t.request<ProductPage>('/api/products/metal/SILVER?size=100');
    expect(metal.body.content.every((x) => x.metalType === 'SILVER')).toBe(true);
    expect(metal.body.content.map((x) => x.id)).toContain(p.id);
    const cat = await t.request<ProductPage>(`/api/products/category/${necklaces.id}?size=100`);
    expect(cat.body.content.every((x) => x.categoryId === necklaces.id)).toBe(true);
    expect((await t.request(`/api/products/${missingId}`)).status).toBe(404);
    expect((await t.request('/api/products/sku/NOPE-0')).status).toBe(404);
    const badId = await t.request<ErrorResponse>('/api/products/not-a-uuid');
    expect(badId.status).toBe(400);
    expectErrorShape(badId.body, 400, 'VALIDATION_FAILED');
    expect((await t.request('/api/products/metal/TITANIUM')).status).toBe(400);
    expect((await t.request('/api/products/category/nope')).status).toBe(400);
  });

  it('filters featured, available, low-stock, out-of-stock, price range and vendor', async () => {
    const cheap = await f.product({ ...base(), price: 10_000, stockQuantity: 0 });
    const low = await f.product({ ...base(), price: 20_000, stockQuantity: 2 });
    const plenty = await f.product({ ...base(), price: 30_000, stockQuantity: 50, isFeatured: true });
    const other = await f.product({ vendorId: vendorBId, categoryId: rings.id, price: 25_000, stockQuantity: 9 });
    const ids = async (path: string) => (await t.request<ProductPage>(path)).body.content.map((x) => x.id);
    expect(await ids('/api/products/featured?size=100')).toContain(plenty.id);
    expect(await ids('/api/products/featured?size=100')).not.toContain(low.id);
    const available = await ids('/api/products/available?size=100');
    expect(available).toEqual(expect.arrayContaining([low.id, plenty.id]));
    expect(available).not.toContain(cheap.id);
    const lowStock = await t.request<ProductPage>('/api/products/low-stock?size=100');
    expect(lowStock.body.content.map((x) => x.id)).toContain(low.id);
    expect(lowStock.body.content.every((x) => x.stockQuantity >= 1 && x.stockQuantity <= 5 && x.availability === 'LOW_STOCK')).toBe(true);
    const out = await t.request<ProductPage>('/api/products/out-of-stock?size=100');
    expect(out.body.content.map((x) => x.id)).toContain(cheap.id);
    expect(out.body.content.every((x) => x.stockQuantity === 0)).toBe(true);
    const range = await ids('/api/products/price-range?min=15000&max=26000&size=100');
    expect(range).toEqual(expect.arrayContaining([low.id, other.id]));
    expect(range).not.toContain(cheap.id);
    expect(range).not.toContain(plenty.id);
    expect((await t.request('/api/products/price-range?min=500&max=100')).status).toBe(400);
    expect((await t.request('/api/products/price-range?min=abc&max=100')).status).toBe(400);
    const byVendor = await t.request<ProductPage>(`/api/products?vendorId=${vendorBId}&size=100`);
    expect(byVendor.body.content.length).toBeGreaterThan(0);
    expect(byVendor.body.content.every((x) => x.vendorId === vendorBId)).toBe(true);
    // Same query shape, other values: each call gets its own answer from the shared prepared statement.
    const byVendorA = await t.request<ProductPage>(`/api/products?vendorId=${vendorAId}&size=100`);
    expect(byVendorA.body.content.every((x) => x.vendorId === vendorAId)).toBe(true);
    expect(byVendorA.body.content.map((x) => x.id)).toContain(plenty.id);
    // featured=false is a condition of its own, not "no featured filter".
    const notFeatured = await ids(`/api/products?featured=false&vendorId=${vendorAId}&size=100`);
    expect(notFeatured).toEqual(expect.arrayContaining([cheap.id, low.id]));
    expect(notFeatured).not.toContain(plenty.id);
    const onlyFeatured = await ids(`/api/products?featured=true&vendorId=${vendorAId}&size=100`);
    expect(onlyFeatured).toContain(plenty.id);
    expect(onlyFeatured).not.toContain(low.id);
  });

  it('sorts by price and walks keyset pages that match offset pages', async () => {
    const cat = await f.category();
    for (let i = 0; i < 7; i += 1) await f.product({ ...base(), categoryId: cat.id, price: 1000 * ((i * 3) % 7) + 500 });
    const offsetIds: string[] = [];
    for (let page = 0; page < 3; page += 1) {
      const res = await t.request<ProductPage>(`/api/products?categoryId=${cat.id}&sort=price,asc&size=3&page=${page}`);
      expect(res.body.totalElements).toBe(7);
      expect(res.body.totalPages).toBe(3);
      offsetIds.push(...res.body.content.map((p) => p.id));
    }
    const prices = (await t.request<ProductPage>(`/api/products?categoryId=${cat.id}&sort=price,asc&size=100`)).body.content.map(
      (p) => p.price!.amount,
    );
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const keysetIds: string[] = [];
    let after: string | null = null;
    do {
      const res: TestResponse<ProductPage> = await t.request<ProductPage>(
        `/api/products?categoryId=${cat.id}&sort=price,asc&size=3${after ? `&after=${after}` : ''}`,
      );
      keysetIds.push(...res.body.content.map((p) => p.id));
      after = res.body.nextCursor;
    } while (after);
    expect(keysetIds).toEqual(offsetIds);
    for (const sort of ['createdAt,desc', 'name,asc', 'stock,desc', 'updatedAt,desc', 'sku,asc']) {
      const first = await t.request<ProductPage>(`/api/products?categoryId=${cat.id}&sort=${sort}&size=4`);
      const second = await t.request<ProductPage>(`/api/products?categoryId=${cat.id}&sort=${sort}&size=4&after=${first.body.nextCursor}`);
      const page1 = await t.request<ProductPage>(`/api/products?categoryId=${cat.id}&sort=${sort}&size=4&page=1`);
      expect(
        second.body.content.map((p) => p.id),
        sort,
      ).toEqual(page1.body.content.map((p) => p.id));
    }
  });

  it('walks back with before = prevCursor to the same pages, in the same order, and lands on the first page', async () => {
    const cat = await f.category();
    for (let i = 0; i < 8; i += 1) await f.product({ ...base(), categoryId: cat.id, price: 1000 * ((i * 5) % 8) + 700 });
    for (const sort of ['price,asc', 'price,desc', 'createdAt,desc', 'name,asc', 'stock,desc', 'updatedAt,desc', 'sku,asc']) {
      const list = `/api/products?categoryId=${cat.id}&sort=${sort}&size=3`;
      // Forward by cursor, remembering each page.
      const pages: ProductPage[] = [];
      let res = await t.request<ProductPage>(list);
      expect(res.body.prevCursor, sort).toBeNull();
      pages.push(res.body);
      while (res.body.nextCursor) {
        res = await t.request<ProductPage>(`${list}&after=${res.body.nextCursor}`);
        if (res.body.content.length) pages.push(res.body);
      }
      expect(
        pages.map((p) => p.content.length),
        sort,
      ).toEqual([3, 3, 2]);
      // Back from the last page by cursor: the same pieces in the same order, page by page.
      let back = pages[2];
      for (const expected of [pages[1], pages[0]]) {
        expect(back!.prevCursor, sort).toEqual(expect.any(String));
        back = (await t.request<ProductPage>(`${list}&before=${back!.prevCursor}`)).body;
        expect(
          back.content.map((p) => p.id),
          sort,
        ).toEqual(expected!.content.map((p) => p.id));
        expect(back.nextCursor, sort).toEqual(expected!.nextCursor);
      }
      expect(back!.prevCursor, sort).toBeNull();
      // Two pieces precede the first page's last one: `before` it answers the first page, whole.
      const short = (await t.request<ProductPage>(`${list}&before=${pages[0]!.nextCursor}`)).body;
      expect(
        short.content.map((p) => p.id),
        sort,
      ).toEqual(pages[0]!.content.map((p) => p.id));
      expect(short).toMatchObject({ page: 0, prevCursor: null });
    }
  });

  it(`pages by number only within the first ${OFFSET_WINDOW.toLocaleString('en')} pieces and names the cursor past them`, async () => {
    const lastInWindow = OFFSET_WINDOW / 20 - 1;
    expect((await t.request(`/api/products?size=20&page=${lastInWindow}`)).status).toBe(200);
    expect((await t.request(`/api/products?size=100&page=${OFFSET_WINDOW / 100 - 1}`)).status).toBe(200);
    for (const q of [
      `size=20&page=${lastInWindow + 1}`,
      `size=100&page=${OFFSET_WINDOW / 100}`,
      'size=20&page=2000',
      'size=1&page=100000',
    ]) {
      for (const path of ['/api/products', `/api/products/category/${rings.id}`, `/api/vendors/${vendorAId}/products`]) {
        const res = await t.request<ErrorResponse>(`${path}?${q}`, { token: admin.accessToken });
        expect(res.status, `${path}?${q}`).toBe(400);
        expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
        expect(res.body.details).toEqual([{ path: 'page', message: expect.stringContaining('nextCursor as after') }]);
      }
    }
    // With a cursor the page number is only echoed: a deep page by cursor is served.
    const first = (await t.request<ProductPage>('/api/products?size=1')).body;
    const deep = await t.request<ProductPage>(`/api/products?size=1&page=${OFFSET_WINDOW + 5}&after=${first.nextCursor}`);
    expect(deep.status).toBe(200);
    expect(deep.body.page).toBe(OFFSET_WINDOW + 5);
    const both = await t.request<ErrorResponse>(`/api/products?size=1&after=${first.nextCursor}&before=${first.nextCursor}`);
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual([{ path: 'before', message: expect.any(String) }]);
    // The OpenAPI document says it.
    const doc = (await t.request<OpenApiDocument>('/api/openapi.json')).body;
    const params = doc.paths['/api/products']!.get!.parameters!;
    expect(params.find((p) => p.name === 'page')?.description).toContain('10,000');
    expect(params.find((p) => p.name === 'before')?.description).toContain('prevCursor');
  });

  it('rejects bad list parameters with 400', async () => {
    for (const q of [
      'size=0',
      'size=101',
      'page=-1',
      'sort=colour,asc',
      'metalType=GOLD',
      'featured=maybe',
      'after=not-a-cursor',
      'before=not-a-cursor',
      'vendorId=abc',
      'availability=SOON',
    ]) {
      const res = await t.request<ErrorResponse>(`/api/products?${q}`);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('search', () => {
  it('matches every word as typed (or its plural in the structured fields), the last word as a prefix, and descriptions only as a fallback', async () => {
    const cat = await f.category();
    const named = await f.product({
      ...base(),
      categoryId: cat.id,
      name: 'Sapphire Halo Ring',
      gemstone: { type: 'Sapphire', colour: 'Blue' },
    });
    const described = await f.product({
      ...base(),
      categoryId: cat.id,
      name: 'Midnight Bangle',
      description: 'A bangle with a single sapphire set in the clasp, to catch light from every angle.',
    });
    const ruby = await f.product({
      ...base(),
      categoryId: cat.id,
      name: 'Ruby Eternity Band',
      gemstone: { type: 'Ruby' },
      description: 'Worn with pink sapphires.',
    });
    const hidden = await f.product({ ...base(), categoryId: cat.id, name: 'Sapphire Draft', status: 'DRAFT' });
    const ids = async (q: string, token?: string) => {
      const res = await t.request<ProductSearchPage>(
        `/api/products/search?q=${encodeURIComponent(q)}&categoryId=${cat.id}`,
        token ? { token } : {},
      );
      expect(res.status, q).toBe(200);
      return res.body.content.map((p) => p.id);
    };
    // A piece whose stone or name says sapphire: the bangle only mentions one in its prose, the ruby band in a plural.
    expect(await ids('sapphire')).toEqual([named.id]);
    expect(await ids('SAPPH')).toEqual([named.id]);
    // Every word must match: no ruby piece here is a halo.
    expect(await ids('ruby halo')).toEqual([]);
    // No piece has both words in its structured fields, so descriptions count: the bangle's names its sapphire.
    expect(await ids('sapphire bangle')).toEqual([described.id]);
    // A word found only in descriptions still finds them (the fallback).
    expect(await ids('clasp')).toEqual([described.id]);
    expect(await ids('bangle')).toEqual([described.id]);
    // "bangle" is a word of the catalogue, so it is never corrected to "angle" (and the reverse).
    expect(await ids('angle')).toEqual([described.id]);
    expect(await ids('ruby')).toEqual([ruby.id]);
    const admins = await ids('sapphire', admin.accessToken);
    expect(admins).toContain(hidden.id);
  });

  it('tolerates typos only in a word with no exact match (one from 5 letters, two from 9, a swap is one) and says what it searched', async () => {
    const cat = await f.category();
    const sapphire = await f.product({
      ...base(),
      categoryId: cat.id,
      name: 'Tourmalinated Sapphire Solitaire',
      gemstone: { type: 'Sapphire' },
    });
    const search = (q: string) => t.request<ProductSearchPage>(`/api/products/search?q=${encodeURIComponent(q)}&categoryId=${cat.id}`);
    const typo = await search('saphire');
    expect(typo.body.content.map((p) => p.id)).toEqual([sapphire.id]);
    expect(typo.body.correctedQuery).toBe('sapphire');
    expect((await search('sapphire')).body.correctedQuery).toBeNull();
    expect((await search('sapphrie')).body.content.map((p) => p.id)).toEqual([sapphire.id]);
    // Four letters: no typo allowed.
    expect((await search('sapp solitare')).body.content).toEqual([]);
    expect((await search('solitare')).body.correctedQuery).toBe('solitaire');
    // Nine letters and more: two edits.
    expect((await search('turmalinatd')).body.content.map((p) => p.id)).toEqual([sapphire.id]);
    expect((await search('trmalinatd')).body.content).toEqual([]);
  });

  it('finds a new word at once: a search planned before the piece existed is planned again after the save', async () => {
    const cat = await f.category();
    const word = `zorbal${Date.now().toString(36).replace(/[0-9]/g, 'x')}`;
    const search = (q: string) => t.request<ProductSearchPage>(`/api/products/search?q=${encodeURIComponent(q)}&categoryId=${cat.id}`);
    // Asked twice before the word exists: the plan (no such word, no near spelling) is kept.
    expect((await search(word)).body.content).toEqual([]);
    expect((await search(word)).body.content).toEqual([]);
    const piece = await f.product({ ...base(), categoryId: cat.id, name: `${word} Solitaire` });
    const found = await search(word);
    expect(found.body.content.map((p) => p.id)).toEqual([piece.id]);
    expect(found.body.correctedQuery).toBeNull();
    // A typo of it is now corrected to it.
    const typo = await search(word.slice(0, 3) + word.slice(4));
    expect(typo.body.content.map((p) => p.id)).toEqual([piece.id]);
    expect(typo.body.correctedQuery).toBe(word);
  });

  it('folds accents both ways and finds categories and collections by name', async () => {
    const cat = await f.category(`Parures ${Date.now()}`);
    const eclat = await f.product({ ...base(), categoryId: cat.id, name: 'Éclat Rivière', gemstone: { type: 'Diamond' } });
    const plain = await f.product({ ...base(), categoryId: cat.id, name: 'Eclat Collier' });
    const found = async (q: string) =>
      (await t.request<ProductSearchPage>(`/api/products/search?q=${encodeURIComponent(q)}&categoryId=${cat.id}`)).body.content
        .map((p) => p.id)
        .sort();
    expect(await found('eclat')).toEqual([eclat.id, plain.id].sort());
    expect(await found('ÉCLAT')).toEqual([eclat.id, plain.id].sort());
    expect(await found('riviere')).toEqual([eclat.id]);
    // The category's name ("Parures …"): the singular finds it too.
    expect(await found('parure')).toEqual([eclat.id, plain.id].sort());
    const collection = await t.request<Collection>('/api/collections', {
      token: admin.accessToken,
      body: { name: `Marée Basse ${Date.now()}`, year: 2024, season: 'SUMMER', description: 'Low tide.' },
    });
    expect(collection.status).toBe(201);
    const added = await t.request<CollectionItem[]>(`/api/collections/${collection.body.id}/products`, {
      token: admin.accessToken,
      body: { productId: plain.id },
    });
    expect(added.status).toBeLessThan(300);
    await f.product({ ...base(), categoryId: cat.id, name: 'Cache breaker' });
    expect(await found('maree basse')).toEqual([plain.id]);
  });

  it(
    'ranks by attribute (every word in the name, then name or stone, then ' +
      'SKU/cut/colour/metal/category/collection; newest first within one) and pages across tiers the same ' +
      'way on every read path',
    async () => {
      const cat = await f.category();
      const inName = await f.product({ ...base(), categoryId: cat.id, name: 'Zircon Comet Pendant' });
      const inName2 = await f.product({ ...base(), categoryId: cat.id, name: 'Aurora Zircon Drops' });
      const inStone = await f.product({ ...base(), categoryId: cat.id, name: 'Comet Ring', gemstone: { type: 'Zircon' } });
      const inCut = await f.product({ ...base(), categoryId: cat.id, name: 'Comet Band', gemstone: { type: 'Topaz', cut: 'Zirconia' } });
      await f.product({ ...base(), categoryId: cat.id, name: 'Comet Cuff', description: 'A cuff with one zircon set flush.' });
      // inName2 is newer than inName: newest first within the name tier.
      const expected = [inName2.id, inName.id, inStone.id, inCut.id];
      const http = await t.request<ProductSearchPage>(`/api/products/search?q=zirc&categoryId=${cat.id}`);
      expect(http.body.content.map((p) => p.id)).toEqual(expected);
      expect(http.body.totalElements).toBe(4);
      // Every read path gives the same pages: one ranked statement (few matches, the default here), and
      // tier by tier with sorted matches or with the index walk used for large tiers.
      for (const options of [
        {},
        { smallSearchMax: 0, searchWalkThreshold: 0 },
        { smallSearchMax: 0, searchWalkThreshold: 1_000 },
        { smallSearchMax: 0 },
      ]) {
        const service = createProductsService({ db: t.database.db, lowStockThreshold: 5, ...options });
        const pages = [];
        for (let page = 0; page < 3; page += 1) {
          const result = await service.search({ actor: null, q: 'zirc', filter: { categoryId: cat.id }, query: { page, size: 2 } });
          pages.push(...result.content.map((p) => p.id));
          expect(result.totalElements).toBe(4);
        }
        expect(pages).toEqual(expected);
        const twoWords = await service.search({
          actor: null,
          q: 'comet zircon',
          filter: { categoryId: cat.id },
          query: { page: 0, size: 10 },
        });
        expect(twoWords.content.map((p) => p.id)).toEqual([inName.id, inStone.id]);
      }
    },
  );

  it(
    'ranks, within a tier, the pieces with every word exactly as typed (a typo as corrected) before those matched ' +
      'through a plural, singular or prefix, and pages them the same way on every read path',
    async () => {
      const cat = await f.category();
      const piece = (name: string, gemstone?: { type: string; cut?: string; colour?: string }) =>
        f.product({ ...base(), categoryId: cat.id, name, ...(gemstone ? { gemstone } : {}) });
      // Created oldest first, the two spellings alternating: newest first alone would interleave them.
      const nameOld = await piece('Lunette Pendant');
      const namesOld = await piece('Lunettes Cuff');
      const nameNew = await piece('Lunette Drops');
      const namesNew = await piece('Lunettes Brooch');
      const stone = await piece('Comet Ring', { type: 'Lunette' });
      const stones = await piece('Comet Band', { type: 'Lunettes' });
      const cut = await piece('Comet Hoop', { type: 'Topaz', cut: 'Lunette' });
      const colours = await piece('Comet Studs', { type: 'Topaz', colour: 'Lunettes' });
      const expected: Record<string, string[]> = {
        // Name tier, stone tier, then SKU/cut/colour: each with its exact pieces first, newest first within them.
        lunette: [nameNew, nameOld, namesNew, namesOld, stone, stones, cut, colours].map((p) => p.id),
        lunettes: [namesNew, namesOld, nameNew, nameOld, stones, stone, colours, cut].map((p) => p.id),
        // A typo searches its correction, and ranks as the correction typed would.
        lunete: [nameNew, nameOld, namesNew, namesOld, stone, stones, cut, colours].map((p) => p.id),
      };
      const ids = async (q: string) =>
        (await t.request<ProductSearchPage>(`/api/products/search?q=${encodeURIComponent(q)}&categoryId=${cat.id}`)).body.content.map(
          (p) => p.id,
        );
      for (const [q, order] of Object.entries(expected)) expect(await ids(q), q).toEqual(order);
      // An unfinished word is nobody's exact word: newest first within each tier, as before.
      expect(await ids('lunet')).toEqual([namesNew, nameNew, namesOld, nameOld, stones, stone, colours, cut].map((p) => p.id));

      const categoryOf: Record<string, string> = {};
      // Descriptions: "lunettes" matches only as itself there, but a plural in the name still ranks after the word as typed.
      const prose = await f.category();
      const hoop = await f.product({ ...base(), categoryId: prose.id, name: 'Lunette Hoop', description: 'A hidden clasp.' });
      const brooch = await f.product({ ...base(), categoryId: prose.id, name: 'Lunettes Brooch', description: 'Closed by a clasp.' });
      expected['lunette clasp'] = [hoop.id, brooch.id];
      categoryOf['lunette clasp'] = prose.id;
      // A category's name counts as its pieces' words: "Plumes" is "plume" only through its plural.
      const plumes = await f.category(`Plumes ${Date.now()}`);
      const plumeCut = await f.product({ ...base(), categoryId: plumes.id, name: 'Comet Hoop', gemstone: { type: 'Topaz', cut: 'Plume' } });
      const plumeBrooch = await f.product({ ...base(), categoryId: plumes.id, name: 'Comet Brooch' });
      expected.plume = [plumeCut.id, plumeBrooch.id];
      expected.plumes = [plumeBrooch.id, plumeCut.id];
      categoryOf.plume = categoryOf.plumes = plumes.id;

      // Every read path, pages of 3 (each boundary inside a part), gives the same order: no piece twice, none missing.
      for (const options of [
        {},
        { smallSearchMax: 0, searchWalkThreshold: 0 },
        { smallSearchMax: 0, searchWalkThreshold: 1_000 },
        { smallSearchMax: 0 },
      ]) {
        const service = createProductsService({ db: t.database.db, lowStockThreshold: 5, ...options });
        for (const [q, order] of Object.entries(expected)) {
          const categoryId = categoryOf[q] ?? cat.id;
          const pages: string[] = [];
          for (let page = 0; page * 3 < order.length + 3; page += 1) {
            const result = await service.search({ actor: null, q, filter: { categoryId }, query: { page, size: 3 } });
            expect(result.totalElements, `${q} ${JSON.stringify(options)}`).toBe(order.length);
            pages.push(...result.content.map((p) => p.id));
          }
          expect(pages, `${q} ${JSON.stringify(options)}`).toEqual(order);
        }
      }

      // A search counts and pages its first `searchWindow` rows only (decision 0131): the same order up to there on every
      // read path, "more than" past it (the window's last part counted only to one past it), a page beyond refused.
      for (const searchWindow of [6, 3]) {
        for (const options of [
          {},
          { smallSearchMax: 0, searchWalkThreshold: 0 },
          { smallSearchMax: 0, searchWalkThreshold: 1_000 },
          { smallSearchMax: 0 },
        ]) {
          const service = createProductsService({ db: t.database.db, lowStockThreshold: 5, searchWindow, ...options });
          for (const [q, order] of Object.entries(expected)) {
            const label = `${q} window ${searchWindow} ${JSON.stringify(options)}`;
            const categoryId = categoryOf[q] ?? cat.id;
            const pages: string[] = [];
            for (let page = 0; (page + 1) * 3 <= searchWindow; page += 1) {
              const result = await service.search({ actor: null, q, filter: { categoryId }, query: { page, size: 3 } });
              expect(result.totalElements, label).toBe(Math.min(order.length, searchWindow));
              expect(result.totalExact, label).toBe(order.length <= searchWindow);
              pages.push(...result.content.map((p) => p.id));
            }
            expect(pages, label).toEqual(order.slice(0, searchWindow));
            const beyond = service.search({ actor: null, q, filter: { categoryId }, query: { page: searchWindow / 3, size: 3 } });
            await expect(beyond, label).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'page' }] });
          }
        }
      }
    },
  );

  it(`pages a search through its first ${OFFSET_WINDOW.toLocaleString('en')} pieces (decision 0131)`, async () => {
    const ok = await t.request<ProductSearchPage>(`/api/products/search?q=ring&size=20&page=${OFFSET_WINDOW / 20 - 1}`);
    expect(ok.status).toBe(200);
    expect(ok.body.totalExact).toBe(true);
    for (const q of [`size=20&page=${OFFSET_WINDOW / 20}`, `size=100&page=${OFFSET_WINDOW / 100}`, 'size=1&page=100000']) {
      const res = await t.request<ErrorResponse>(`/api/products/search?q=ring&${q}`);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.details).toEqual([{ path: 'page', message: expect.stringContaining('add a word or a filter') }]);
    }
    const doc = (await t.request<OpenApiDocument>('/api/openapi.json')).body;
    expect(doc.paths['/api/products/search']!.get!.summary).toContain('10,000');
  });

  it('rejects an empty or oversized query with 400', async () => {
    expect((await t.request('/api/products/search')).status).toBe(400);
    expect((await t.request('/api/products/search?q=%20')).status).toBe(400);
    expect((await t.request(`/api/products/search?q=${'a'.repeat(101)}`)).status).toBe(400);
    const punct = await t.request<ProductSearchPage>("/api/products/search?q=')%20%7C%20!");
    expect(punct.status).toBe(200);
    expect(punct.body.content).toEqual([]);
  });
});

describe('facets and statistics', () => {
  it('counts every facet value for the current filter', async () => {
    const cat = await f.category('Facet Bracelets');
    await f.product({ ...base(), categoryId: cat.id, metalType: 'YELLOW_GOLD', stockQuantity: 0, price: 1000 });
    await f.product({ ...base(), categoryId: cat.id, metalType: 'YELLOW_GOLD', stockQuantity: 3, price: 5000, isFeatured: true });
    await f.product({ vendorId: vendorBId, categoryId: cat.id, metalType: 'PLATINUM', stockQuantity: 40, price: 9000 });
    await f.product({ ...base(), categoryId: cat.id, metalType: 'PLATINUM', status: 'DRAFT' });
    const res = await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.metals).toEqual(
      [
        { value: 'PLATINUM', count: 1 },
        { value: 'YELLOW_GOLD', count: 2 },
      ].sort((a, b) => b.count - a.count),
    );
    // The category facet ignores the category filter itself: the chosen category and the others, with counts.
    expect(res.body.categories.find((c) => c.value === cat.id)).toEqual({ value: cat.id, label: 'Facet Bracelets', count: 3 });
    expect(res.body.categories.length).toBeGreaterThan(1);
    expect(res.body.availability).toEqual(
      expect.arrayContaining([
        { value: 'OUT_OF_STOCK', count: 1 },
        { value: 'LOW_STOCK', count: 1 },
        { value: 'IN_STOCK', count: 1 },
      ]),
    );
    expect(res.body.vendors.find((v) => v.value === vendorAId)!.count).toBe(2);
    expect(res.body.featured).toEqual(
      expect.arrayContaining([
        { value: 'true', count: 1 },
        { value: 'false', count: 2 },
      ]),
    );
    expect(res.body.price).toEqual({ min: 1000, max: 9000 });
    const narrowed = await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&metalType=PLATINUM`);
    expect(narrowed.body.total).toBe(1);
    const asAdmin = await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}`, { token: admin.accessToken });
    expect(asAdmin.body.total).toBe(4);
    expect(asAdmin.body.statuses).toEqual(
      expect.arrayContaining([
        { value: 'DRAFT', count: 1 },
        { value: 'ACTIVE', count: 3 },
      ]),
    );
    expect((await t.request('/api/products/filters?metalType=GOLD')).status).toBe(400);
  });

  it('counts each facet without its own filter, so the other values of a chosen facet stay visible', async () => {
    const cat = await f.category('Facet Pendants');
    await f.product({ ...base(), categoryId: cat.id, metalType: 'YELLOW_GOLD', stockQuantity: 0, price: 1000 });
    await f.product({ ...base(), categoryId: cat.id, metalType: 'YELLOW_GOLD', stockQuantity: 10, price: 5000 });
    await f.product({ vendorId: vendorBId, categoryId: cat.id, metalType: 'PLATINUM', stockQuantity: 40, price: 9000 });

    const platinum = await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&metalType=PLATINUM`);
    expect(platinum.status).toBe(200);
    expect(platinum.body.total).toBe(1);
    // The metal facet ignores metalType (but keeps the category); every other facet applies it.
    expect(platinum.body.metals).toEqual([
      { value: 'YELLOW_GOLD', count: 2 },
      { value: 'PLATINUM', count: 1 },
    ]);
    expect(platinum.body.vendors).toEqual([expect.objectContaining({ value: vendorBId, count: 1 })]);
    expect(platinum.body.availability).toEqual([{ value: 'IN_STOCK', count: 1 }]);
    // The category facet ignores categoryId but keeps PLATINUM.
    expect(platinum.body.categories.find((c) => c.value === cat.id)).toEqual({ value: cat.id, label: 'Facet Pendants', count: 1 });

    const outOfStock = await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&availability=OUT_OF_STOCK`);
    expect(outOfStock.body.total).toBe(1);
    expect(outOfStock.body.availability).toEqual(
      expect.arrayContaining([
        { value: 'OUT_OF_STOCK', count: 1 },
        { value: 'IN_STOCK', count: 2 },
      ]),
    );
    expect(outOfStock.body.metals).toEqual([{ value: 'YELLOW_GOLD', count: 1 }]);

    // The price bounds ignore the price filter, so a range slider keeps its full span.
    const pricey = await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&minPrice=2000`);
    expect(pricey.body.total).toBe(2);
    expect(pricey.body.price).toEqual({ min: 1000, max: 9000 });
    expect(pricey.body.metals).toEqual([
      { value: 'PLATINUM', count: 1 },
      { value: 'YELLOW_GOLD', count: 1 },
    ]);
  });

  it('filters by stone and cut (case-insensitive exact) with facets that ignore their own choice and follow the search', async () => {
    const cat = await f.category();
    const blue = await f.product({ ...base(), categoryId: cat.id, name: 'Nocturne Ring', gemstone: { type: 'Sapphire', cut: 'Cushion' } });
    const pink = await f.product({ ...base(), categoryId: cat.id, name: 'Aurore Pendant', gemstone: { type: 'sapphire', cut: 'Oval' } });
    await f.product({
      ...base(),
      categoryId: cat.id,
      name: 'Nocturne Studs',
      gemstone: { type: 'Diamond', cut: 'Oval' },
      description: 'Beside a sapphire.',
    });
    await f.product({ ...base(), categoryId: cat.id, name: 'Nocturne Band' });
    const list = async (query: string) =>
      (await t.request<ProductPage>(`/api/products?categoryId=${cat.id}&${query}`)).body.content.map((p) => p.id).sort();
    expect(await list('stone=SAPPHIRE')).toEqual([blue.id, pink.id].sort());
    expect(await list('stone=Sapphire&cut=oval')).toEqual([pink.id]);
    expect(
      (await t.request<ProductSearchPage>(`/api/products/search?q=nocturne&stone=sapphire&categoryId=${cat.id}`)).body.content.map(
        (p) => p.id,
      ),
    ).toEqual([blue.id]);

    const facets = (await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&stone=sapphire`)).body;
    expect(facets.total).toBe(2);
    // The stone facet ignores the stone filter; spellings differing in case are one value.
    expect(facets.stones.map((v) => [v.value.toLowerCase(), v.count])).toEqual([
      ['sapphire', 2],
      ['diamond', 1],
    ]);
    expect(facets.cuts).toEqual(
      expect.arrayContaining([
        { value: 'Cushion', count: 1 },
        { value: 'Oval', count: 1 },
      ]),
    );
    const byCut = (await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&cut=Oval`)).body;
    expect(byCut.total).toBe(2);
    expect(byCut.cuts).toEqual(
      expect.arrayContaining([
        { value: 'Oval', count: 2 },
        { value: 'Cushion', count: 1 },
      ]),
    );

    // Facets of a search count what it finds.
    const searched = (await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&q=nocturne`)).body;
    expect(searched.total).toBe(3);
    expect(searched.stones).toEqual(
      expect.arrayContaining([
        { value: 'Sapphire', count: 1 },
        { value: 'Diamond', count: 1 },
      ]),
    );
    const none = (await t.request<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&q=${encodeURIComponent('!!')}`)).body;
    expect(none.total).toBe(0);
    expect((await t.request(`/api/products/filters?cut=${'x'.repeat(61)}`)).status).toBe(400);
  });

  it('computes statistics for ADMIN only', async () => {
    const res = await t.request<ProductStatistics>('/api/products/statistics', { token: admin.accessToken });
    expect(res.status).toBe(200);
    const list = await t.request<ProductPage>('/api/products?size=100', { token: admin.accessToken });
    const all = list.body.content;
    expect(res.body.total).toBe(list.body.totalElements);
    expect(res.body.stockUnits).toBe(all.reduce((s, p) => s + p.stockQuantity, 0));
    expect(res.body.stockValue).toEqual([
      { currency: 'EUR', amount: all.reduce((s, p) => s + (p.price ? p.price.amount * p.stockQuantity : 0), 0) },
    ]);
    expect(res.body.outOfStock).toBe(all.filter((p) => p.stockQuantity === 0).length);
    expect(res.body.lowStock).toBe(all.filter((p) => p.stockQuantity >= 1 && p.stockQuantity <= 5).length);
    expect(Object.values(res.body.byStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(res.body.total);
    expect(res.body.byCategory.find((c) => c.categoryId === rings.id)!.name).toBe('Rings');
    for (const s of [customer, vendorA, designer])
      expect((await t.request(`/api/products/statistics`, { token: s.accessToken })).status).toBe(403);
    expect((await t.request('/api/products/statistics')).status).toBe(401);
  });
});

describe('stock', () => {
  it('sets an absolute quantity and adjusts by delta, never below zero', async () => {
    const p = await f.product({ ...base(), stockQuantity: 4 });
    const set = await t.request<Product>(`/api/products/${p.id}/stock`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { quantity: 10 },
    });
    expect(set.status).toBe(200);
    expect(set.body.stockQuantity).toBe(10);
    const dec = await t.request<Product>(`/api/products/${p.id}/stock`, { method: 'PUT', token: admin.accessToken, body: { delta: -7 } });
    expect(dec.body.stockQuantity).toBe(3);
    const tooMany = await t.request<ErrorResponse>(`/api/products/${p.id}/stock`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { delta: -4 },
    });
    expect(tooMany.status).toBe(409);
    expectErrorShape(tooMany.body, 409, 'INSUFFICIENT_STOCK');
    for (const body of [{ quantity: -1 }, { quantity: 1.5 }, { delta: 0.5 }, {}, { quantity: 1, delta: 1 }, { quantity: '3' }]) {
      const res = await t.request<Product>(`/api/products/${p.id}/stock`, { method: 'PUT', token: admin.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await t.request(`/api/products/${missingId}/stock`, { method: 'PUT', token: admin.accessToken, body: { quantity: 1 } })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/products/${missingId}/stock`, { method: 'PUT', token: admin.accessToken, body: { delta: -1 } })).status,
    ).toBe(404);
    for (const s of [customer, designer])
      expect((await t.request(`/api/products/${p.id}/stock`, { method: 'PUT', token: s.accessToken, body: { quantity: 1 } })).status).toBe(
        403,
      );
  });

  it('loses no update under 50 parallel changes', async () => {
    const p = await f.product({ ...base(), stockQuantity: 100 });
    const deltas = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 3 : -2));
    const results = await Promise.all(
      deltas.map((delta) =>
        t.request<Product>(`/api/products/${p.id}/stock`, { method: 'PUT', token: admin.accessToken, body: { delta } }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const final = await t.request<Product>(`/api/products/${p.id}`);
    expect(final.body.stockQuantity).toBe(100 + deltas.reduce((a, b) => a + b, 0));
    // Draining in parallel: exactly the available units succeed, the rest answer 409.
    const drain = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request<Product>(`/api/products/${p.id}/stock`, { method: 'PUT', token: admin.accessToken, body: { delta: -5 } }),
      ),
    );
    expect(drain.filter((r) => r.status === 200)).toHaveLength(Math.floor(125 / 5));
    expect(drain.filter((r) => r.status === 409)).toHaveLength(50 - 25);
    expect((await t.request<Product>(`/api/products/${p.id}`)).body.stockQuantity).toBe(0);
  });
});

describe('updating, featuring and deleting', () => {
  it('updates with PUT and validates', async () => {
    const p = await f.product({ ...base() });
    const res = await t.request<Product>(`/api/products/${p.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { name: 'Renamed Piece', priceMin: 100, priceMax: 200 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed Piece', price: null, priceRange: { min: 100, max: 200 } });
    expect(
      (await t.request(`/api/products/${p.id}`, { method: 'PUT', token: admin.accessToken, body: { stockQuantity: -3 } })).status,
    ).toBe(400);
    expect(
      (await t.request(`/api/products/${p.id}`, { method: 'PUT', token: admin.accessToken, body: { categoryId: missingId } })).status,
    ).toBe(422);
    expect((await t.request(`/api/products/${missingId}`, { method: 'PUT', token: admin.accessToken, body: { name: 'X' } })).status).toBe(
      404,
    );
    expect((await t.request(`/api/products/${p.id}`, { method: 'PUT', token: designer.accessToken, body: { name: 'X' } })).status).toBe(
      403,
    );
  });

  it('toggles featured (ADMIN)', async () => {
    const p = await f.product({ ...base() });
    const on = await t.request<Product>(`/api/products/${p.id}/toggle-featured`, { method: 'POST', token: admin.accessToken });
    expect(on.body.isFeatured).toBe(true);
    const off = await t.request<Product>(`/api/products/${p.id}/toggle-featured`, { method: 'POST', token: admin.accessToken });
    expect(off.body.isFeatured).toBe(false);
    expect((await t.request(`/api/products/${missingId}/toggle-featured`, { method: 'POST', token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/products/${p.id}/toggle-featured`, { method: 'POST', token: customer.accessToken })).status).toBe(403);
  });

  it('soft-deletes, shows deleted pieces only to an ADMIN asking for them, and restores', async () => {
    const p = await f.product({ ...base() });
    expect((await t.request(`/api/products/${p.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/products/${p.id}`)).status).toBe(404);
    expect((await t.request(`/api/products/${p.id}`, { token: admin.accessToken })).status).toBe(404);
    const seen = await t.request<Product>(`/api/products/${p.id}?includeDeleted=true`, { token: admin.accessToken });
    expect(seen.status).toBe(200);
    expect(seen.body.deletedAt).not.toBeNull();
    expect((await t.request(`/api/products/${p.id}?includeDeleted=true`, { token: vendorA.accessToken })).status).toBe(404);
    const listed = await t.request<ProductPage>(`/api/products?includeDeleted=true&size=100&vendorId=${vendorAId}`, {
      token: admin.accessToken,
    });
    expect(listed.body.content.map((x) => x.id)).toContain(p.id);
    const publicList = await t.request<ProductPage>(`/api/products?includeDeleted=true&size=100&vendorId=${vendorAId}`);
    expect(publicList.body.content.map((x) => x.id)).not.toContain(p.id);
    expect((await t.request(`/api/products/${p.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
    const restored = await t.request<Product>(`/api/products/${p.id}/restore`, { method: 'POST', token: admin.accessToken });
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    expect((await t.request(`/api/products/${p.id}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(409);
    expect((await t.request(`/api/products/${p.id}/restore`, { method: 'POST', token: vendorA.accessToken })).status).toBe(403);
    expect((await t.request(`/api/products/${p.id}`, { method: 'DELETE', token: customer.accessToken })).status).toBe(403);
  });

  it('deletes permanently (ADMIN), except a product an order references', async () => {
    const p = await f.product({ ...base() });
    expect((await t.request(`/api/products/${p.id}/permanent`, { method: 'DELETE', token: vendorA.accessToken })).status).toBe(403);
    expect((await t.request(`/api/products/${p.id}/permanent`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/products/${p.id}?includeDeleted=true`, { token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/products/${p.id}/permanent`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);

    // Orders arrive in a later issue; their lines will reference products the same way.
    const ordered = await f.product({ ...base() });
    await t.database.db.execute(
      sql`create table if not exists test_order_lines (id serial primary key, product_id uuid not null references products(id))`,
    );
    await t.database.db.execute(sql`insert into test_order_lines (product_id) values (${ordered.id})`);
    const res = await t.request<ErrorResponse>(`/api/products/${ordered.id}/permanent`, { method: 'DELETE', token: admin.accessToken });
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 409, 'IN_USE');
    expect((await t.request(`/api/products/${ordered.id}`, { token: admin.accessToken })).status).toBe(200);
  });

  it('reports health', async () => {
    const res = await t.request<Health>('/api/products/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'UP', service: 'products', database: 'UP' });
  });
});
