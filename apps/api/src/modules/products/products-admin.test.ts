import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_CSV_COLUMNS,
  type Product,
  type ProductStatistics,
  type ErrorResponse,
  type ProductBulkResult,
  type ProductSearchPage,
  type ProductPage,
  type SkuAvailability,
  type ProductFacets,
  type ProductImportFailure,
  type ProductImportReport,
} from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';

let t: TestApp;
let admin: Session;
let customer: Session;
let designer: Session;
let vendor: Session;
let f: ReturnType<typeof catalogFactory>;
let vendorId: string;
let otherVendorId: string;
let designerId: string;
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp({ LOW_STOCK_THRESHOLD: '5' });
  [admin, customer, designer, vendor] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('DESIGNER'),
    t.loginAs('VENDOR'),
  ]);
  f = catalogFactory(t, admin);
  vendorId = (await f.vendor(vendor.userId)).id;
  otherVendorId = (await f.vendor()).id;
  designerId = (await f.designer()).id;
});
afterAll(() => t.close());

const get = <T = unknown>(path: string, token?: string) => t.request<T>(path, token ? { token } : {});
const ids = (res: { body: { content: { id: string }[] } }) => res.body.content.map((p) => p.id);
/** Every non-admin caller: anonymous (401), then signed-in roles without the right (403). */
const outsiders = () => [
  { who: 'anonymous', token: undefined, status: 401 },
  { who: 'customer', token: customer.accessToken, status: 403 },
  { who: 'designer', token: designer.accessToken, status: 403 },
];

describe('admin list: stone filter, facets, sorts, search', () => {
  it('filters by stone type, case-insensitively and exactly, and counts stones as a facet that ignores its own filter', async () => {
    const cat = await f.category();
    const s1 = await f.product({ vendorId, categoryId: cat.id, metalType: 'PLATINUM', gemstone: { type: 'Sapphire', carat: 1.2 } });
    const s2 = await f.product({ vendorId, categoryId: cat.id, metalType: 'WHITE_GOLD', gemstone: { type: 'Sapphire' } });
    const s3 = await f.product({ vendorId, categoryId: cat.id, metalType: 'WHITE_GOLD', gemstone: { type: 'sapphire' } });
    const d1 = await f.product({ vendorId, categoryId: cat.id, metalType: 'WHITE_GOLD', gemstone: { type: 'Diamond' } });
    await f.product({ vendorId, categoryId: cat.id, metalType: 'WHITE_GOLD', gemstone: { type: 'Pink Sapphire' } });
    await f.product({ vendorId, categoryId: cat.id, metalType: 'WHITE_GOLD' });

    const list = await get<ProductPage>(`/api/products?categoryId=${cat.id}&stone=SAPPHIRE&size=100`, admin.accessToken);
    expect(list.status).toBe(200);
    expect(ids(list).sort()).toEqual([s1.id, s2.id, s3.id].sort());
    expect(list.body.totalElements).toBe(3);
    expect(list.body.content.every((p) => p.gemstone!.type.toLowerCase() === 'sapphire')).toBe(true);

    const facets = await get<ProductFacets>(`/api/products/filters?categoryId=${cat.id}`, admin.accessToken);
    expect(facets.body.stones).toEqual([
      { value: 'Sapphire', count: 3 },
      { value: 'Diamond', count: 1 },
      { value: 'Pink Sapphire', count: 1 },
    ]);
    // Filtered by stone: the stone facet still shows the other stones; every other facet follows the filter.
    const narrowed = await get<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&stone=sapphire`, admin.accessToken);
    expect(narrowed.body.total).toBe(3);
    expect(narrowed.body.stones).toEqual(facets.body.stones);
    expect(narrowed.body.metals).toEqual([
      { value: 'WHITE_GOLD', count: 2 },
      { value: 'PLATINUM', count: 1 },
    ]);
    const byMetal = await get<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&metalType=PLATINUM`, admin.accessToken);
    expect(byMetal.body.stones).toEqual([{ value: 'Sapphire', count: 1 }]);

    const search = await get<ProductSearchPage>(`/api/products/search?q=piece&categoryId=${cat.id}&stone=diamond`, admin.accessToken);
    expect(search.status).toBe(200);
    expect(ids(search)).toEqual([d1.id]);
    for (const bad of ['stone=', `stone=${'x'.repeat(61)}`]) expect((await get(`/api/products?${bad}`)).status, bad).toBe(400);
  });

  it('searches with the status filter: an ADMIN finds drafts and archived pieces, the public does not', async () => {
    const cat = await f.category();
    const draft = await f.product({ vendorId, categoryId: cat.id, name: 'Quasar Draft Ring', status: 'DRAFT' });
    const archived = await f.product({ vendorId, categoryId: cat.id, name: 'Quasar Old Ring', status: 'ARCHIVED' });
    const live = await f.product({ vendorId, categoryId: cat.id, name: 'Quasar Live Ring' });
    expect(ids(await get<ProductSearchPage>('/api/products/search?q=quasar&status=DRAFT', admin.accessToken))).toEqual([draft.id]);
    expect(ids(await get<ProductSearchPage>('/api/products/search?q=quasar&status=ARCHIVED', admin.accessToken))).toEqual([archived.id]);
    expect(ids(await get<ProductSearchPage>('/api/products/search?q=quasar', admin.accessToken)).sort()).toEqual(
      [draft.id, archived.id, live.id].sort(),
    );
    expect(ids(await get<ProductSearchPage>('/api/products/search?q=quasar&status=DRAFT'))).toEqual([]);
    expect(ids(await get<ProductSearchPage>('/api/products/search?q=quasar'))).toEqual([live.id]);
    expect((await get('/api/products/search?q=quasar&status=GONE', admin.accessToken)).status).toBe(400);
  });

  it('sorts by updatedAt and SKU, with keyset pages matching offset pages', async () => {
    const cat = await f.category();
    const made = [];
    for (const sku of ['ZED-1', 'ALP-2', 'MID-3', 'BET-4']) made.push(await f.product({ vendorId, categoryId: cat.id, sku }));
    // The oldest piece is edited last: it comes first by updatedAt, last by createdAt.
    await t.request<Product>(`/api/products/${made[0]!.id}`, { method: 'PUT', token: admin.accessToken, body: { stockQuantity: 9 } });
    const byUpdated = await get<ProductPage>(`/api/products?categoryId=${cat.id}&sort=updatedAt,desc`, admin.accessToken);
    expect(byUpdated.body.content[0]!.id).toBe(made[0]!.id);
    const updatedAts = byUpdated.body.content.map((p) => p.updatedAt);
    expect(updatedAts).toEqual([...updatedAts].sort().reverse());
    const bySku = await get<ProductPage>(`/api/products?categoryId=${cat.id}&sort=sku,asc`, admin.accessToken);
    expect(bySku.body.content.map((p) => p.sku)).toEqual(['ALP-2', 'BET-4', 'MID-3', 'ZED-1']);
    for (const sort of ['updatedAt,asc', 'sku,desc']) {
      const first = await get<ProductPage>(`/api/products?categoryId=${cat.id}&sort=${sort}&size=2`, admin.accessToken);
      const next = await get<ProductPage>(
        `/api/products?categoryId=${cat.id}&sort=${sort}&size=2&after=${first.body.nextCursor}`,
        admin.accessToken,
      );
      const page1 = await get<ProductPage>(`/api/products?categoryId=${cat.id}&sort=${sort}&size=2&page=1`, admin.accessToken);
      expect(ids(next), sort).toEqual(ids(page1));
    }
  });
});

describe('the Trash (deleted=only)', () => {
  it('lists soft-deleted pieces alone, for ADMIN only, in lists, search, facets and the by-id read', async () => {
    const cat = await f.category();
    const kept = await f.product({ vendorId, categoryId: cat.id, name: 'Nebula Kept' });
    const gone = await f.product({ vendorId, categoryId: cat.id, name: 'Nebula Gone', gemstone: { type: 'Opal' } });
    expect((await t.request(`/api/products/${gone.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);

    const trash = await get<ProductPage>(`/api/products?categoryId=${cat.id}&deleted=only&sort=updatedAt,desc`, admin.accessToken);
    expect(trash.status).toBe(200);
    expect(ids(trash)).toEqual([gone.id]);
    expect(trash.body.content[0]!.deletedAt).not.toBeNull();
    expect(trash.body.totalElements).toBe(1);
    expect(ids(await get<ProductPage>(`/api/products?categoryId=${cat.id}`, admin.accessToken))).toEqual([kept.id]);
    expect(ids(await get<ProductPage>(`/api/products?categoryId=${cat.id}&includeDeleted=true&sort=name,asc`, admin.accessToken))).toEqual([
      gone.id,
      kept.id,
    ]);
    expect(ids(await get<ProductSearchPage>(`/api/products/search?q=nebula&deleted=only`, admin.accessToken))).toEqual([gone.id]);
    const facets = await get<ProductFacets>(`/api/products/filters?categoryId=${cat.id}&deleted=only`, admin.accessToken);
    expect(facets.body.total).toBe(1);
    expect(facets.body.stones).toEqual([{ value: 'Opal', count: 1 }]);

    for (const path of [`/api/products?deleted=only`, `/api/products/search?q=nebula&deleted=only`, `/api/products/filters?deleted=only`]) {
      for (const o of [...outsiders(), { who: 'vendor', token: vendor.accessToken, status: 403 }]) {
        const res = await get(path, o.token);
        expect(res.status, `${o.who} ${path}`).toBe(o.status);
        expectErrorShape(res.body, o.status);
      }
    }
    expect((await get('/api/products?deleted=all', admin.accessToken)).status).toBe(400);
  });
});

describe('POST /api/products/bulk', () => {
  const bulk = (body: unknown, token = admin.accessToken) => t.request<ProductBulkResult>('/api/products/bulk', { token, body });
  const read = async (id: string) => (await get<Product>(`/api/products/${id}?includeDeleted=true`, admin.accessToken)).body;

  it('features, unfeatures and sets status in one call, reporting only the pieces it changed', async () => {
    const cat = await f.category();
    const [a, b, c] = [
      await f.product({ vendorId, categoryId: cat.id }),
      await f.product({ vendorId, categoryId: cat.id }),
      await f.product({ vendorId, categoryId: cat.id, isFeatured: true }),
    ];
    const feature = await bulk({ ids: [a.id, b.id, c.id], action: 'FEATURE' });
    expect(feature.status).toBe(200);
    expect(feature.body).toEqual({ updated: 2, ids: [a.id, b.id] });
    expect((await read(a.id)).isFeatured).toBe(true);
    expect((await bulk({ ids: [a.id, b.id], action: 'FEATURE' })).body).toEqual({ updated: 0, ids: [] });
    expect((await bulk({ ids: [c.id, a.id], action: 'UNFEATURE' })).body).toEqual({ updated: 2, ids: [c.id, a.id] });
    const archive = await bulk({ ids: [a.id, b.id, a.id], action: 'SET_STATUS', status: 'ARCHIVED' });
    expect(archive.body).toEqual({ updated: 2, ids: [a.id, b.id] });
    expect((await read(b.id)).status).toBe('ARCHIVED');
    // The aggregate caches are cleared: the list sees the change at once.
    expect(ids(await get<ProductPage>(`/api/products?categoryId=${cat.id}&status=ARCHIVED`, admin.accessToken)).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });

  it('soft-deletes and restores (an Undo sends back the ids it got)', async () => {
    const cat = await f.category();
    const [a, b] = [await f.product({ vendorId, categoryId: cat.id }), await f.product({ vendorId, categoryId: cat.id })];
    const del = await bulk({ ids: [a.id, b.id], action: 'DELETE' });
    expect(del.body).toEqual({ updated: 2, ids: [a.id, b.id] });
    expect((await read(a.id)).deletedAt).not.toBeNull();
    expect(ids(await get<ProductPage>(`/api/products?categoryId=${cat.id}`, admin.accessToken))).toEqual([]);
    expect((await bulk({ ids: [a.id], action: 'DELETE' })).body).toEqual({ updated: 0, ids: [] });
    const undo = await bulk({ ids: del.body.ids, action: 'RESTORE' });
    expect(undo.body).toEqual({ updated: 2, ids: [a.id, b.id] });
    expect((await read(b.id)).deletedAt).toBeNull();
  });

  it('changes nothing when an id is unknown (404 naming it) or a piece to edit is in the Trash (409)', async () => {
    const cat = await f.category();
    const [a, b] = [await f.product({ vendorId, categoryId: cat.id }), await f.product({ vendorId, categoryId: cat.id })];
    const unknown = await bulk({ ids: [a.id, missingId, b.id], action: 'FEATURE' });
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.body, 404, 'PRODUCT_NOT_FOUND');
    expect(unknown.body.message).toContain(missingId);
    expect(unknown.body.details).toEqual([{ path: 'ids.1', message: 'No such product' }]);
    expect((await read(a.id)).isFeatured).toBe(false);
    expect((await read(b.id)).isFeatured).toBe(false);

    await bulk({ ids: [b.id], action: 'DELETE' });
    const trashed = await bulk({ ids: [a.id, b.id], action: 'SET_STATUS', status: 'ARCHIVED' });
    expect(trashed.status).toBe(409);
    expectErrorShape(trashed.body, 409, 'CONFLICT');
    expect(trashed.body.details).toEqual([{ path: 'ids.1', message: 'In the Trash' }]);
    expect((await read(a.id)).status).toBe('ACTIVE');
    expect((await bulk({ ids: [missingId], action: 'RESTORE' })).status).toBe(404);
  });

  it('validates the body and allows ADMIN only', async () => {
    const p = await f.product({ vendorId, categoryId: (await f.category()).id });
    const bad = [
      { ids: [], action: 'FEATURE' },
      { ids: Array.from({ length: 501 }, () => p.id), action: 'FEATURE' },
      { ids: ['nope'], action: 'FEATURE' },
      { ids: [p.id], action: 'EXPLODE' },
      { ids: [p.id], action: 'SET_STATUS' },
      { ids: [p.id], action: 'FEATURE', status: 'DRAFT' },
      { ids: [p.id], action: 'SET_STATUS', status: 'SOLD' },
      { ids: [p.id], action: 'FEATURE', extra: 1 },
    ];
    for (const body of bad) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    for (const o of [...outsiders(), { who: 'vendor', token: vendor.accessToken, status: 403 }]) {
      const res = await t.request<ProductBulkResult>('/api/products/bulk', { token: o.token, body: { ids: [p.id], action: 'FEATURE' } });
      expect(res.status, o.who).toBe(o.status);
    }
    expect((await read(p.id)).isFeatured).toBe(false);
  });
});

describe('GET /api/products/sku-available', () => {
  it('answers free, taken (any case), own SKU when editing, and held by a piece in the Trash', async () => {
    const cat = await f.category();
    const p = await f.product({ vendorId, categoryId: cat.id, sku: 'AVAIL-1' });
    const gone = await f.product({ vendorId, categoryId: cat.id, sku: 'AVAIL-GONE' });
    await t.request<null>(`/api/products/${gone.id}`, { method: 'DELETE', token: admin.accessToken });

    const free = await get<SkuAvailability>('/api/products/sku-available?sku=AVAIL-2', admin.accessToken);
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ sku: 'AVAIL-2', available: true, message: expect.any(String) });
    const taken = await get<SkuAvailability>('/api/products/sku-available?sku=avail-1', vendor.accessToken);
    expect(taken.body).toMatchObject({ sku: 'avail-1', available: false });
    expect(
      (await get<SkuAvailability>(`/api/products/sku-available?sku=AVAIL-1&excludeId=${p.id}`, admin.accessToken)).body.available,
    ).toBe(true);
    expect(
      (await get<SkuAvailability>(`/api/products/sku-available?sku=AVAIL-1&excludeId=${gone.id}`, admin.accessToken)).body.available,
    ).toBe(false);
    const trashed = await get<SkuAvailability>('/api/products/sku-available?sku=AVAIL-GONE', admin.accessToken);
    expect(trashed.body.available).toBe(false);
    expect(trashed.body.message).toMatch(/Trash/);
    // The editor's answer is what creating would do.
    const create = await t.request<ErrorResponse>('/api/products', {
      token: admin.accessToken,
      body: { vendorId, categoryId: cat.id, name: 'X', sku: 'avail-gone', metalType: 'SILVER', price: 1 },
    });
    expect(create.status).toBe(409);
  });

  it('validates and allows ADMIN and VENDOR only', async () => {
    for (const q of ['', 'sku=', 'sku=a', 'sku=bad%20sku', `sku=${'A'.repeat(41)}`, 'sku=OK-1&excludeId=nope']) {
      const res = await get<ErrorResponse>(`/api/products/sku-available?${q}`, admin.accessToken);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    for (const o of outsiders()) expect((await get('/api/products/sku-available?sku=OK-1', o.token)).status, o.who).toBe(o.status);
  });
});

describe('statistics: stock value by category', () => {
  it('is empty (not an error) on an empty database, then values each category per currency', async () => {
    const empty = await buildTestApp();
    try {
      const boss = await empty.loginAs('ADMIN');
      const res = await empty.request<ProductStatistics>('/api/products/statistics', { token: boss.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        total: 0,
        stockUnits: 0,
        stockValue: [],
        stockValueByCategory: [],
        byCategory: [],
        lowStock: 0,
        outOfStock: 0,
        deleted: 0,
      });

      const g = catalogFactory(empty, boss);
      const v = (await g.vendor()).id;
      const [rings, cuffs] = [await g.category('Rings'), await g.category('Cuffs')];
      await g.product({ vendorId: v, categoryId: rings.id, price: 1_000, stockQuantity: 3 });
      await g.product({ vendorId: v, categoryId: rings.id, price: 2_500, stockQuantity: 2, currency: 'CHF' });
      await g.product({ vendorId: v, categoryId: rings.id, price: null, priceMin: 100, priceMax: 900, stockQuantity: 50 });
      await g.product({ vendorId: v, categoryId: cuffs.id, price: 700, stockQuantity: 10, status: 'DRAFT' });
      const gone = await g.product({ vendorId: v, categoryId: cuffs.id, price: 99_999, stockQuantity: 99 });
      await empty.request<null>(`/api/products/${gone.id}`, { method: 'DELETE', token: boss.accessToken });

      const stats = (await empty.request<ProductStatistics>('/api/products/statistics', { token: boss.accessToken })).body;
      expect(stats.stockValueByCategory).toEqual([
        { categoryId: cuffs.id, name: 'Cuffs', value: [{ currency: 'EUR', amount: 7_000 }] },
        {
          categoryId: rings.id,
          name: 'Rings',
          value: [
            { currency: 'CHF', amount: 5_000 },
            { currency: 'EUR', amount: 3_000 },
          ],
        },
      ]);
      // The existing figures are unchanged by the new grouping set.
      expect(stats.stockValue).toEqual([
        { currency: 'CHF', amount: 5_000 },
        { currency: 'EUR', amount: 10_000 },
      ]);
      expect(stats.byCategory).toEqual([
        { categoryId: rings.id, name: 'Rings', count: 3 },
        { categoryId: cuffs.id, name: 'Cuffs', count: 1 },
      ]);
      expect(stats.total).toBe(4);
    } finally {
      await empty.close();
    }
  });
});

// ---------------------------------------------------------------- CSV export

async function exportCsv(query: string, token = admin.accessToken) {
  const res = await fetch(`${t.baseUrl}/api/products/export.csv${query ? `?${query}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  // Bytes, not res.text(): a decoder would drop the byte-order mark the file starts with.
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  return { res, text, rows: res.ok ? parse<Record<string, string>>(text, { bom: true, columns: true }) : [] };
}

describe('GET /api/products/export.csv', () => {
  it('streams every matching piece with a header, in the list order, with the values the API gives', async () => {
    const cat = await f.category('Export Rings');
    for (let i = 0; i < 5; i += 1) {
      await f.product({
        vendorId,
        designerId: i === 0 ? designerId : null,
        categoryId: cat.id,
        price: 10_000 + ((i * 7) % 5) * 1_000,
        stockQuantity: i,
        gemstone: i % 2 ? { type: 'Ruby', carat: 0.75, cut: 'Oval', colour: 'Red', clarity: 'VS1' } : null,
        description: i === 1 ? 'Two lines,\nwith "quotes"' : '',
      });
    }
    await f.product({ vendorId, categoryId: cat.id, price: null, priceMin: 50_000, priceMax: 90_000, status: 'DRAFT' });
    const { res, text, rows } = await exportCsv(`categoryId=${cat.id}&sort=price,asc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{4}-\d\d-\d\d-\d{6}\.csv"$/);
    expect(res.headers.get('x-total-count')).toBe('6');
    expect(text.startsWith(`\uFEFF${PRODUCT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);

    const api = (await get<ProductPage>(`/api/products?categoryId=${cat.id}&sort=price,asc&size=100`, admin.accessToken)).body.content;
    expect(rows.map((r) => r.sku)).toEqual(api.map((p) => p.sku));
    for (const [i, p] of api.entries()) {
      const r = rows[i]!;
      expect(r).toEqual({
        sku: p.sku,
        name: p.name,
        slug: p.slug,
        status: p.status,
        categoryId: cat.id,
        category: 'Export Rings',
        metalType: p.metalType,
        stoneType: p.gemstone?.type ?? '',
        carat: p.gemstone?.carat == null ? '' : String(p.gemstone.carat),
        cut: p.gemstone?.cut ?? '',
        colour: p.gemstone?.colour ?? '',
        clarity: p.gemstone?.clarity ?? '',
        currency: p.currency,
        price: p.price ? String(p.price.amount) : '',
        priceMin: p.priceRange ? String(p.priceRange.min) : '',
        priceMax: p.priceRange ? String(p.priceRange.max) : '',
        stockQuantity: String(p.stockQuantity),
        isFeatured: String(p.isFeatured),
        vendorId: p.vendorId,
        designerId: p.designerId ?? '',
        description: p.description,
        updatedAt: p.updatedAt,
      });
    }
    expect(rows.some((r) => r.description === 'Two lines,\nwith "quotes"')).toBe(true);
  });

  it('escapes cells a spreadsheet would run as formulas and quotes per RFC 4180', async () => {
    const cat = await f.category();
    const hostile = await f.product({
      vendorId,
      categoryId: cat.id,
      name: '=HYPERLINK("http://evil","x")',
      description: '@SUM(1+1)',
      gemstone: { type: '+Opal', cut: '-cut' },
    });
    const { text, rows } = await exportCsv(`categoryId=${cat.id}`);
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(r.name).toBe(`'${hostile.name}`);
    expect(r.description).toBe("'@SUM(1+1)");
    expect(r.stoneType).toBe("'+Opal");
    expect(r.cut).toBe("'-cut");
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    // No cell of the file starts with a formula character.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('walks keyset batches over thousands of rows without losing or repeating one', async () => {
    const cat = await f.category();
    await t.database.db.execute(sql`
      insert into products (name, slug, sku, vendor_id, category_id, metal, price, stock_quantity, status, created_at)
      select 'Batch piece ' || g, 'batch-piece-' || g, 'BATCH-' || lpad(g::text, 5, '0'), ${vendorId}::uuid, ${cat.id}::uuid, 'SILVER', 1000 + (g % 37), g % 7, 'ACTIVE',
             now() - g * interval '1 second'
      from generate_series(1, 2345) g`);
    const { res, rows } = await exportCsv(`categoryId=${cat.id}&sort=price,desc`);
    expect(res.headers.get('x-total-count')).toBe('2345');
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(2345);
    const prices = rows.map((r) => Number(r.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const byStock = await exportCsv(`categoryId=${cat.id}&availability=OUT_OF_STOCK&sort=stock,asc`);
    expect(byStock.rows).toHaveLength(Math.floor(2345 / 7));
    expect(byStock.rows.every((r) => r.stockQuantity === '0')).toBe(true);
  });

  it('exports a selection (ids=), a search (q=) and the Trash', async () => {
    const cat = await f.category();
    const [a, b, c] = [
      await f.product({ vendorId, categoryId: cat.id, name: 'Meridian Cuff' }),
      await f.product({ vendorId, categoryId: cat.id, name: 'Meridian Ring' }),
      await f.product({ vendorId, categoryId: cat.id, name: 'Solstice Ring' }),
    ];
    await t.request<null>(`/api/products/${c.id}`, { method: 'DELETE', token: admin.accessToken });
    expect((await exportCsv(`ids=${a.id},${c.id},${missingId}`)).rows.map((r) => r.sku)).toEqual([a.sku]);
    expect((await exportCsv(`q=meridian&categoryId=${cat.id}&sort=name,asc`)).rows.map((r) => r.sku)).toEqual([a.sku, b.sku]);
    expect((await exportCsv(`q=meridan&categoryId=${cat.id}&sort=name,asc`)).rows.map((r) => r.sku)).toEqual([a.sku, b.sku]);
    expect((await exportCsv(`q=${encodeURIComponent('!!')}&categoryId=${cat.id}`)).rows).toEqual([]);
    expect((await exportCsv(`categoryId=${cat.id}&deleted=only`)).rows.map((r) => r.sku)).toEqual([c.sku]);
    expect((await exportCsv(`categoryId=${cat.id}&stone=Ruby`)).rows).toEqual([]);
  });

  it('validates its query and allows ADMIN only', async () => {
    const many = Array.from({ length: 301 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    for (const q of ['sort=colour,asc', 'ids=nope', `ids=${many}`, 'metalType=GOLD', 'q=', 'deleted=all']) {
      const { res, text } = await exportCsv(q);
      expect(res.status, q).toBe(400);
      expectErrorShape(JSON.parse(text), 400, 'VALIDATION_FAILED');
    }
    for (const o of [...outsiders(), { who: 'vendor', token: vendor.accessToken, status: 403 }]) {
      const res = await fetch(`${t.baseUrl}/api/products/export.csv`, { headers: o.token ? { authorization: `Bearer ${o.token}` } : {} });
      expect(res.status, o.who).toBe(o.status);
      expectErrorShape(await res.json(), o.status);
    }
  });
});

// ---------------------------------------------------------------- CSV import

const HEADER = 'sku,name,categoryId,metalType,price,priceMin,priceMax,stockQuantity,vendorId,stoneType,carat,description';
function csvFile(lines: string[], header = HEADER) {
  return `${header}\r\n${lines.join('\r\n')}\r\n`;
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the answer the test expects, as t.request<T> does
async function importCsv<T = unknown>(
  body: string | Buffer | Blob,
  mode: 'dry-run' | 'apply' = 'dry-run',
  opts: { as?: 'multipart' | 'text'; token?: string | null; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  const token = opts.token === undefined ? admin.accessToken : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: RequestInit['body'];
  if ((opts.as ?? 'multipart') === 'multipart') {
    const form = new FormData();
    form.append('file', body instanceof Blob ? body : new Blob([body], { type: 'text/csv' }), 'products.csv');
    payload = form;
  } else {
    headers['content-type'] = opts.type ?? 'text/csv';
    payload = body as RequestInit['body'];
  }
  const res = await fetch(`${t.baseUrl}/api/products/import?mode=${mode}`, { method: 'POST', headers, body: payload });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: json as T };
}

describe('POST /api/products/import', () => {
  it('dry-run reports rows to create, to update (by SKU, any case) and each bad row by line and column, changing nothing', async () => {
    const cat = await f.category();
    const existing = await f.product({ vendorId, categoryId: cat.id, sku: 'IMP-EXIST-1', price: 5_000, stockQuantity: 2 });
    const file = csvFile([
      `IMP-NEW-1,Aurora Ring,${cat.id},PLATINUM,120000,,,3,${vendorId},Diamond,1.05,"A ring,\nin two lines"`,
      `imp-exist-1,Renamed Piece,${cat.id},SILVER,6000,,,,,,,`,
      `IMP-NEW-2,Bad Price,${cat.id},SILVER,12.50,,,1,${vendorId},,,`,
      `IMP-NEW-3,,${missingId},TITANIUM,,,,1,${otherVendorId},,2,`,
    ]);
    const res = await importCsv<ProductImportReport>(file, 'dry-run');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'dry-run', applied: false, rows: 4, toCreate: 1, toUpdate: 1, errorCount: 6 });
    // Line 2's description spans two lines: the next rows start one line further down than their row number.
    expect(res.body.errors).toEqual([
      { line: 5, row: 4, column: 'price', reason: expect.stringContaining('minor units (cents)') },
      { line: 6, row: 5, column: 'name', reason: 'Enter a name' },
      { line: 6, row: 5, column: 'categoryId', reason: 'No such category' },
      { line: 6, row: 5, column: 'metalType', reason: expect.any(String) },
      { line: 6, row: 5, column: 'stoneType', reason: 'Give the stone type for its carat, cut, colour or clarity' },
      { line: 6, row: 5, column: 'price', reason: 'Give a price or a price range' },
    ]);
    const after = (await get<Product>(`/api/products/${existing.id}`, admin.accessToken)).body;
    expect(after).toMatchObject({ name: existing.name, price: { amount: 5_000 } });
    expect((await get('/api/products/sku/IMP-NEW-1', admin.accessToken)).status).toBe(404);
  });

  it('apply with any bad row answers 422 with the report and writes nothing', async () => {
    const cat = await f.category();
    const existing = await f.product({ vendorId, categoryId: cat.id, sku: 'IMP-ATOM-1', price: 5_000 });
    const file = csvFile([
      `IMP-ATOM-NEW,Good Piece,${cat.id},SILVER,100,,,1,${vendorId},,,`,
      `IMP-ATOM-1,Changed,${cat.id},SILVER,200,,,,,,,`,
      `IMP-ATOM-BAD,Bad,${cat.id},SILVER,-5,,,1,${vendorId},,,`,
    ]);
    const res = await importCsv<ProductImportFailure>(file, 'apply');
    expect(res.status).toBe(422);
    expectErrorShape(res.body, 422, 'UNPROCESSABLE');
    expect(res.body.details).toEqual([{ path: 'line 4, price', message: 'Must not be negative' }]);
    expect(res.body.report).toMatchObject({
      mode: 'apply',
      applied: false,
      rows: 3,
      toCreate: 1,
      toUpdate: 1,
      errors: [{ line: 4, column: 'price' }],
    });
    expect((await get('/api/products/sku/IMP-ATOM-NEW', admin.accessToken)).status).toBe(404);
    expect((await get<Product>(`/api/products/${existing.id}`, admin.accessToken)).body.name).toBe(existing.name);
  });

  it('apply creates and updates every row in one go (text/csv body too), searchable at once', async () => {
    const cat = await f.category('Import Bracelets');
    const existing = await f.product({
      vendorId,
      categoryId: cat.id,
      sku: 'IMP-UPD-1',
      price: 5_000,
      stockQuantity: 7,
      designerId,
      gemstone: { type: 'Ruby' },
      isFeatured: true,
    });
    const file = csvFile(
      [
        `IMP-CRE-1,Zephyrine Bangle,Import Bracelets,ROSE_GOLD,,80000,120000,4,${vendorId},,,ACTIVE,true`,
        `imp-upd-1,Updated Bracelet,import bracelets,WHITE_GOLD,9900,,,,,,,,`,
      ],
      'sku,name,category,metalType,price,priceMin,priceMax,stockQuantity,vendorId,stoneType,designerId,status,isFeatured',
    );
    const res = await importCsv(file, 'apply', { as: 'text' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'apply', applied: true, rows: 2, toCreate: 1, toUpdate: 1, errors: [], errorCount: 0 });
    const created = (await get<Product>('/api/products/sku/IMP-CRE-1', admin.accessToken)).body;
    expect(created).toMatchObject({
      name: 'Zephyrine Bangle',
      slug: 'zephyrine-bangle-imp-cre-1',
      categoryId: cat.id,
      metalType: 'ROSE_GOLD',
      price: null,
      priceRange: { min: 80_000, max: 120_000, currency: 'EUR' },
      stockQuantity: 4,
      vendorId,
      status: 'ACTIVE',
      isFeatured: true,
      gemstone: null,
    });
    const updated = (await get<Product>(`/api/products/${existing.id}`, admin.accessToken)).body;
    // Blank optional cells keep the value (stock, featured, status); blank nullable ones clear it (stone, designer).
    expect(updated).toMatchObject({
      name: 'Updated Bracelet',
      sku: 'imp-upd-1',
      metalType: 'WHITE_GOLD',
      price: { amount: 9_900 },
      stockQuantity: 7,
      isFeatured: true,
      status: 'ACTIVE',
      gemstone: null,
      designerId: null,
    });
    expect(ids(await get<ProductSearchPage>('/api/products/search?q=zephyrine'))).toEqual([created.id]);
    expect(ids(await get<ProductSearchPage>('/api/products/search?q=zephyrin'))).toEqual([created.id]);
  });

  it('round-trips its own export: formula cells come back as they were, and stale rows are refused', async () => {
    const cat = await f.category();
    const tricky = await f.product({
      vendorId,
      categoryId: cat.id,
      name: '=1+2 Ring',
      description: '- hand finished\n- signed',
      gemstone: { type: 'Sapphire', carat: 1.5, cut: '+Oval' },
    });
    const plain = await f.product({ vendorId, categoryId: cat.id, price: null, priceMin: 100, priceMax: 200 });
    const { text } = await exportCsv(`categoryId=${cat.id}`);
    const dry = await importCsv(text, 'dry-run');
    expect(dry.body).toMatchObject({ rows: 2, toCreate: 0, toUpdate: 2, errors: [] });
    const applied = await importCsv(text, 'apply');
    expect(applied.status).toBe(200);
    const back = (await get<Product>(`/api/products/${tricky.id}`, admin.accessToken)).body;
    expect(back).toMatchObject({
      name: '=1+2 Ring',
      description: '- hand finished\n- signed',
      gemstone: { type: 'Sapphire', carat: 1.5, cut: '+Oval' },
      price: tricky.price,
    });
    expect((await get<Product>(`/api/products/${plain.id}`, admin.accessToken)).body.priceRange).toEqual(plain.priceRange);

    // Someone edits a piece after this file was exported (the import itself counted as an edit too).
    await t.request<Product>(`/api/products/${plain.id}/stock`, { method: 'PUT', token: admin.accessToken, body: { delta: 1 } });
    const stale = await importCsv<ProductImportReport>(text, 'dry-run');
    expect(stale.body.errors.map((e) => [e.column, e.reason.slice(0, 40)])).toEqual([
      ['updatedAt', 'This piece changed after the file was ex'],
      ['updatedAt', 'This piece changed after the file was ex'],
    ]);
  });

  it('refuses formula cells, repeated SKUs, a SKU held in the Trash, unknown references and taken slugs', async () => {
    const cat = await f.category();
    const trashed = await f.product({ vendorId, categoryId: cat.id, sku: 'IMP-TRASH-1' });
    await t.request<null>(`/api/products/${trashed.id}`, { method: 'DELETE', token: admin.accessToken });
    const taken = await f.product({ vendorId, categoryId: cat.id });
    const file = csvFile(
      [
        `IMP-F-1,=cmd|' /C calc'!A0,${cat.id},SILVER,100,${vendorId},,`,
        `IMP-F-2,Safe Name,${cat.id},SILVER,100,${vendorId},@SUM(A1),`,
        `IMP-F-3,Safe Name,${cat.id},SILVER,100,${vendorId},'@escaped,`,
        `imp-f-3,Again,${cat.id},SILVER,100,${vendorId},,`,
        `IMP-TRASH-1,Back,${cat.id},SILVER,100,${vendorId},,`,
        `IMP-F-4,Nobody,${cat.id},SILVER,100,${missingId},,`,
        `IMP-F-5,Slug Thief,${cat.id},SILVER,100,${vendorId},,${taken.slug}`,
        `IMP-F-6,No Vendor,${cat.id},SILVER,100,,,`,
      ],
      'sku,name,categoryId,metalType,price,vendorId,description,slug',
    );
    const res = await importCsv<ProductImportReport>(file);
    expect(res.status).toBe(200);
    expect(res.body.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'name'],
      [3, 'description'],
      [5, 'sku'],
      [6, 'sku'],
      [7, 'vendorId'],
      [8, 'slug'],
      [9, 'vendorId'],
    ]);
    expect(res.body.errors[0]!.reason).toMatch(/formula/);
    expect(res.body.errors[2]!.reason).toBe('The same SKU is already on line 4');
    expect(res.body.errors[3]!.reason).toMatch(/Trash/);
    expect(res.body).toMatchObject({ rows: 8, toCreate: 1, toUpdate: 0 });
  });

  it('accepts semicolon-separated files from European spreadsheets', async () => {
    const cat = await f.category();
    const res = await importCsv(
      `sku;name;categoryId;metalType;price;vendorId\nIMP-SEMI-1;Semi Ring;${cat.id};SILVER;100;${vendorId}\n`,
      'apply',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: true, toCreate: 1 });
  });

  it('answers 422 naming missing and unknown header columns, and for malformed or empty files', async () => {
    const wrong = await importCsv('name,colour2,metalType,price\nA,b,SILVER,1\n');
    expect(wrong.status).toBe(422);
    expectErrorShape(wrong.body, 422, 'UNPROCESSABLE');
    expect(wrong.body.details).toEqual(
      expect.arrayContaining([
        { path: 'colour2', message: 'Unknown column' },
        { path: 'sku', message: 'Missing column' },
        { path: 'categoryId', message: expect.stringContaining('Missing column') },
      ]),
    );
    expect(wrong.body.message).toMatch(/missing sku, categoryId; unknown colour2/);
    const noPrice = await importCsv<ErrorResponse>('sku,name,categoryId,metalType,priceMin\n');
    expect(noPrice.body.details).toEqual([{ path: 'price', message: expect.stringContaining('Missing column') }]);
    const twice = await importCsv<ErrorResponse>('sku,name,categoryId,metalType,price,SKU\n');
    expect(twice.body.details).toEqual([{ path: 'sku', message: 'Column appears twice' }]);
    for (const body of ['', '\r\n\r\n', `${HEADER}\r\nA-1,"unclosed,x\r\n`]) {
      const res = await importCsv(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectErrorShape(res.body, 422, 'UNPROCESSABLE');
    }
    const ragged = await importCsv<ProductImportReport>(csvFile(['A-1,too,few']));
    expect(ragged.body.errors).toEqual([{ line: 2, row: 2, column: null, reason: 'This row has 3 cells; the header has 12.' }]);
  });

  it('answers 415 for binary files, other encodings and other content types; 413 over 20 MB', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const latin1 = Buffer.from(`sku,name,categoryId,metalType,price\nA-1,\xC9toile,${missingId},SILVER,1\n`, 'latin1');
    for (const [name, body] of [
      ['png', png],
      ['latin1', latin1],
    ] as const) {
      const res = await importCsv(new Blob([body], { type: 'text/csv' }));
      expect(res.status, name).toBe(415);
      expectErrorShape(res.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    const json = await importCsv(JSON.stringify({ sku: 'x' }), 'dry-run', { as: 'text', type: 'application/json' });
    expect(json.status).toBe(415);
    expectErrorShape(json.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await importCsv('sku,name', 'dry-run', { as: 'text', type: 'text/plain' })).status).toBe(415);
    expect((await importCsv('sku,name', 'dry-run', { as: 'text', type: 'application/octet-stream' })).status).toBe(415);
    expect((await importCsv('sku,name', 'dry-run', { as: 'text', type: 'multipart/form-data' })).status).toBe(415);

    const noise = Buffer.alloc(21 * 1_048_576, 'a');
    for (const as of ['multipart', 'text'] as const) {
      const res = await importCsv(noise, 'dry-run', { as });
      expect(res.status, as).toBe(413);
      expectErrorShape(res.body, 413, 'PAYLOAD_TOO_LARGE');
    }
    const form = new FormData();
    form.append('upload', new Blob(['sku'], { type: 'text/csv' }), 'x.csv');
    const wrongField = await fetch(`${t.baseUrl}/api/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      body: form,
    });
    expect(wrongField.status).toBe(400);
  });

  it('allows ADMIN only and validates the mode', async () => {
    const file = csvFile([]);
    for (const o of [...outsiders(), { who: 'vendor', token: vendor.accessToken, status: 403 }]) {
      const res = await importCsv(file, 'dry-run', { token: o.token ?? null });
      expect(res.status, o.who).toBe(o.status);
      expectErrorShape(res.body, o.status);
    }
    const res = await fetch(`${t.baseUrl}/api/products/import?mode=now`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'text/csv' },
      body: file,
    });
    expect(res.status).toBe(400);
    const empty = await importCsv(file, 'apply');
    expect(empty.body).toEqual({ mode: 'apply', applied: true, rows: 0, toCreate: 0, toUpdate: 0, errors: [], errorCount: 0 });
  });
});
