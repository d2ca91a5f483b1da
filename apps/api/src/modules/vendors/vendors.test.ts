import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import type {
  Count,
  ErrorResponse,
  Exists,
  Order,
  Product,
  ProductPage,
  Vendor,
  VendorDashboard,
  VendorFacets,
  VendorPage,
} from '@mirror/contract';

let t: TestApp;
let admin: Session;
let customer: Session;
let designerUser: Session;
let ownerA: Session;
let ownerB: Session;
let unlinked: Session;
let f: ReturnType<typeof catalogFactory>;
let categoryId: string;
let vendorA: Vendor;
let vendorB: Vendor;
let vendorC: Vendor;
const missingId = '00000000-0000-4000-8000-000000000000';

const create = <R = Vendor>(body: Record<string, unknown>, token = admin.accessToken) => t.request<R>('/api/vendors', { token, body });
const update = <R = Vendor>(id: string, body: Record<string, unknown>, token?: string) =>
  t.request<R>(`/api/vendors/${id}`, { method: 'PUT', token, body });
const patch = <T = Vendor>(path: string, token?: string) => t.request<T>(path, { method: 'PATCH', token });
const ids = (res: { body: { content: { id: string }[] } }) => res.body.content.map((d) => d.id);

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, designerUser, ownerA, ownerB, unlinked] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('DESIGNER'),
    t.loginAs('VENDOR'),
    t.loginAs('VENDOR'),
    t.loginAs('VENDOR'),
  ]);
  f = catalogFactory(t, admin);
  categoryId = (await f.category()).id;
  const a = await create({
    code: 'MIR-ATL',
    name: 'Mirror Atelier Paris',
    country: 'FR',
    type: 'ATELIER',
    userId: ownerA.userId,
    isVerified: true,
    isFeatured: true,
    description: 'Workshop on rue de la Paix.',
  });
  const b = await create({
    code: 'VAL-ORO',
    name: 'Valenza Orafi',
    country: 'it',
    type: 'MANUFACTURER',
    userId: ownerB.userId,
    isVerified: true,
  });
  const c = await create({
    code: 'ANT-GEM',
    name: 'Antwerp Gem House',
    country: 'BE',
    type: 'GEMSTONE_SUPPLIER',
    email: 'gems@antwerp.example',
    website: 'https://antwerp.example',
  });
  for (const res of [a, b, c]) expect(res.status).toBe(201);
  [vendorA, vendorB, vendorC] = [a.body, b.body, c.body];
});
afterAll(() => t.close());

describe('creating vendors', () => {
  it('lets ADMIN create, with codes unique regardless of case and a checked owner', async () => {
    expect(vendorB).toMatchObject({
      country: 'IT',
      type: 'MANUFACTURER',
      isActive: true,
      isVerified: true,
      isFeatured: false,
      userId: ownerB.userId,
      logoUrl: null,
    });
    const dup = await create({ code: 'mir-atl', name: 'Copy', country: 'FR', type: 'ATELIER' });
    expect(dup.status).toBe(409);
    expectErrorShape(dup.body, 409, 'CODE_TAKEN');
    const ownerTaken = await create({ code: 'NEW-1', name: 'Second', country: 'FR', type: 'ATELIER', userId: ownerA.userId });
    expect(ownerTaken.status).toBe(409);
    expectErrorShape(ownerTaken.body, 409, 'OWNER_TAKEN');
    const wrongRole = await create<ErrorResponse>({
      code: 'NEW-2',
      name: 'Wrong',
      country: 'FR',
      type: 'ATELIER',
      userId: designerUser.userId,
    });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.details).toEqual([{ path: 'userId', message: expect.stringContaining('VENDOR') }]);
  });

  it('validates the body', async () => {
    for (const body of [
      { code: 'OK-1', name: 'No type', country: 'FR' },
      { code: 'OK-1', name: 'Bad type', country: 'FR', type: 'SHOP' },
      { code: 'OK-1', name: 'Bad country', country: 'FRA', type: 'ATELIER' },
      { code: 'OK-1', name: '', country: 'FR', type: 'ATELIER' },
      { code: 'OK-1', name: 'Bad logo', country: 'FR', type: 'ATELIER', logoKey: '/abs/logo.png' },
      { code: 'OK-1', name: 'Bad site', country: 'FR', type: 'ATELIER', website: 'ftp://files.example' },
      { code: 'OK-1', name: 'Extra', country: 'FR', type: 'ATELIER', isDeleted: true },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
  });

  it('is ADMIN only', async () => {
    for (const s of [customer, designerUser, ownerA])
      expect((await create({ code: 'NOPE', name: 'Nope', country: 'FR', type: 'ATELIER' }, s.accessToken)).status).toBe(403);
    expect((await t.request('/api/vendors', { body: { code: 'NOPE', name: 'Nope', country: 'FR', type: 'ATELIER' } })).status).toBe(401);
  });
});

describe('reading vendors', () => {
  it('reads by id, code, country and type; lists verified and featured; answers exists and count', async () => {
    const one = await t.request<Vendor>(`/api/vendors/${vendorA.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ code: 'MIR-ATL', name: 'Mirror Atelier Paris', type: 'ATELIER' });
    expect(one.body).not.toHaveProperty('userId');
    expect((await t.request<Vendor>('/api/vendors/code/val-oro')).body.id).toBe(vendorB.id);
    expect(ids(await t.request<VendorPage>('/api/vendors/country/it'))).toEqual([vendorB.id]);
    expect(ids(await t.request<VendorPage>('/api/vendors/country/BE'))).toEqual([vendorC.id]);
    expect(ids(await t.request<VendorPage>('/api/vendors/type/GEMSTONE_SUPPLIER'))).toEqual([vendorC.id]);
    expect(ids(await t.request<VendorPage>('/api/vendors/verified?sort=code,asc'))).toEqual([vendorA.id, vendorB.id]);
    expect(ids(await t.request<VendorPage>('/api/vendors/featured'))).toEqual([vendorA.id]);
    expect((await t.request<Exists>('/api/vendors/exists/ANT-gem')).body).toEqual({ exists: true });
    expect((await t.request<Exists>('/api/vendors/exists/NONE')).body).toEqual({ exists: false });
    expect((await t.request<Count>('/api/vendors/count')).body).toEqual({ count: 3 });
    const list = await t.request<VendorPage>('/api/vendors?sort=name,desc&size=2');
    expect(list.body).toMatchObject({ page: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(list.body.content.map((v) => v.name)).toEqual(['Valenza Orafi', 'Mirror Atelier Paris']);
  });

  it('searches name, code, country, type and description', async () => {
    const res = await t.request<VendorPage>('/api/vendors/search?search=paix');
    expect(res.body).toMatchObject({ page: 0, size: 20, totalElements: 1 });
    expect(ids(res)).toEqual([vendorA.id]);
    expect(ids(await t.request<VendorPage>('/api/vendors/search?search=manufacturer'))).toEqual([vendorB.id]);
    expect(ids(await t.request<VendorPage>('/api/vendors/search?search=ant-'))).toEqual([vendorC.id]);
    expect((await t.request<VendorPage>('/api/vendors/search?search=%25')).body.totalElements).toBe(0);
    expect((await t.request<VendorPage>('/api/vendors/search?page=2&size=1')).body).toMatchObject({
      page: 2,
      size: 1,
      totalElements: 3,
      content: [expect.any(Object)],
    });
  });

  it('answers 404 and 400 for missing records and bad parameters', async () => {
    const missing = await t.request<ErrorResponse>(`/api/vendors/${missingId}`);
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'VENDOR_NOT_FOUND');
    expect((await t.request('/api/vendors/code/NONE')).status).toBe(404);
    expect((await t.request('/api/vendors/abc')).status).toBe(400);
    expect((await t.request('/api/vendors/type/SHOP')).status).toBe(400);
    expect((await t.request('/api/vendors/country/France')).status).toBe(400);
    expect((await t.request('/api/vendors/exists/x')).status).toBe(400);
    expect((await t.request('/api/vendors/search?page=-1')).status).toBe(400);
  });

  it('answers the caller’s own vendor for filter=current-user', async () => {
    const mine = await t.request<VendorPage>('/api/vendors?filter=current-user', { token: ownerA.accessToken });
    expect(ids(mine)).toEqual([vendorA.id]);
    expect(mine.body.content[0]!.userId).toBe(ownerA.userId);
    expect(ids(await t.request<VendorPage>('/api/vendors?filter=current-user', { token: ownerB.accessToken }))).toEqual([vendorB.id]);
    for (const s of [unlinked, customer, designerUser])
      expect((await t.request<VendorPage>('/api/vendors?filter=current-user', { token: s.accessToken })).body.totalElements).toBe(0);
    expect((await t.request('/api/vendors?filter=current-user')).status).toBe(401);
  });
});

describe('updating, activation and deletion', () => {
  it('lets a vendor edit its own profile but not its flags, nor another vendor', async () => {
    const own = await update(
      vendorA.id,
      {
        name: 'Mirror Atelier',
        website: 'https://atelier.example',
        logoKey: 'mirror-storage/public/logo.png',
        email: 'hello@atelier.example',
      },
      ownerA.accessToken,
    );
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      name: 'Mirror Atelier',
      website: 'https://atelier.example',
      email: 'hello@atelier.example',
      code: 'MIR-ATL',
    });
    expect(own.body.logoUrl).toContain('mirror-storage/public/logo.png');
    const flags = await update<ErrorResponse>(vendorA.id, { isVerified: false, isActive: false }, ownerA.accessToken);
    expect(flags.status).toBe(403);
    expect(flags.body.details!.map((d) => d.path).sort()).toEqual(['isActive', 'isVerified']);
    const other = await update(vendorB.id, { name: 'Hijacked' }, ownerA.accessToken);
    expect(other.status).toBe(403);
    expectErrorShape(other.body, 403, 'FORBIDDEN');
    expect((await update(vendorC.id, { name: 'Hijacked' }, unlinked.accessToken)).status).toBe(403);
    expect((await update(vendorB.id, { name: 'Hijacked' }, designerUser.accessToken)).status).toBe(403);
    expect((await update(vendorB.id, { name: 'Hijacked' })).status).toBe(401);
    expect((await t.request<Vendor>(`/api/vendors/${vendorB.id}`)).body.name).toBe('Valenza Orafi');
    expect((await t.request<Vendor>(`/api/vendors/${vendorA.id}`)).body.isVerified).toBe(true);
  });

  it('lets ADMIN change everything, with 409/400/404 on bad input', async () => {
    const res = await update(vendorC.id, { code: 'AGH', isVerified: true, type: 'DISTRIBUTOR' }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'AGH', isVerified: true, type: 'DISTRIBUTOR' });
    expect((await update(vendorC.id, { code: 'val-oro' }, admin.accessToken)).status).toBe(409);
    expect((await update(vendorC.id, { country: 'Belgium' }, admin.accessToken)).status).toBe(400);
    expect((await update(missingId, { name: 'X' }, admin.accessToken)).status).toBe(404);
  });

  it('deactivates and activates (ADMIN only); inactive vendors are hidden from the public', async () => {
    for (const s of [ownerB, customer, designerUser])
      expect((await patch(`/api/vendors/${vendorB.id}/deactivate`, s.accessToken)).status).toBe(403);
    expect((await patch(`/api/vendors/${vendorB.id}/deactivate`, admin.accessToken)).body.isActive).toBe(false);
    expect((await t.request(`/api/vendors/${vendorB.id}`)).status).toBe(404);
    expect(ids(await t.request<VendorPage>('/api/vendors/country/IT'))).toEqual([]);
    expect((await t.request<Count>('/api/vendors/count')).body.count).toBe(2);
    expect((await t.request(`/api/vendors/${vendorB.id}/products`)).status).toBe(404);
    expect((await t.request(`/api/vendors/${vendorB.id}`, { token: ownerB.accessToken })).status).toBe(200);
    expect((await t.request(`/api/vendors/${vendorB.id}`, { token: admin.accessToken })).status).toBe(200);
    expect(ids(await t.request<VendorPage>('/api/vendors/country/IT', { token: admin.accessToken }))).toEqual([vendorB.id]);
    expect((await patch(`/api/vendors/${vendorB.id}/activate`, admin.accessToken)).body.isActive).toBe(true);
    expect((await t.request(`/api/vendors/${vendorB.id}`)).status).toBe(200);
    expect((await patch(`/api/vendors/${missingId}/activate`, admin.accessToken)).status).toBe(404);
  });

  it('soft-deletes (ADMIN only); the record disappears but ADMIN can still open it', async () => {
    const owner = await t.loginAs('VENDOR');
    const v = (await create({ code: 'TMP', name: 'Temporary', country: 'DE', type: 'DISTRIBUTOR', userId: owner.userId })).body;
    expect((await t.request(`/api/vendors/${v.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(403);
    expect((await t.request(`/api/vendors/${v.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/vendors/${v.id}`)).status).toBe(404);
    expect((await t.request<Vendor>(`/api/vendors/${v.id}`, { token: admin.accessToken })).body.deletedAt).not.toBeNull();
    expect((await t.request<VendorPage>('/api/vendors?filter=current-user', { token: owner.accessToken })).body.totalElements).toBe(0);
    expect((await t.request(`/api/vendors/${v.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/vendors/${missingId}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
  });
});

describe('products and dashboards', () => {
  let ring: Product;
  let draft: Product;
  let other: Product;

  beforeAll(async () => {
    ring = await f.product({ vendorId: vendorA.id, categoryId, price: 120_000, stockQuantity: 6, isFeatured: true });
    draft = await f.product({ vendorId: vendorA.id, categoryId, price: 80_000, stockQuantity: 1, status: 'DRAFT' });
    other = await f.product({ vendorId: vendorB.id, categoryId, price: 300_000, stockQuantity: 3 });
  });

  it('lists the vendor’s pieces: live ones publicly, drafts too for the owner and ADMIN', async () => {
    expect((await t.request<ProductPage>(`/api/vendors/${vendorA.id}/products`)).body.content.map((p) => p.id)).toEqual([ring.id]);
    const own = await t.request<ProductPage>(`/api/vendors/${vendorA.id}/products?sort=price,asc`, { token: ownerA.accessToken });
    expect(own.body.content.map((p) => p.id)).toEqual([draft.id, ring.id]);
    expect(
      (await t.request<ProductPage>(`/api/vendors/${vendorA.id}/products`, { token: ownerB.accessToken })).body.content.map((p) => p.id),
    ).toEqual([ring.id]);
    expect((await t.request<ProductPage>(`/api/vendors/${vendorB.id}/products`)).body.content.map((p) => p.id)).toEqual([other.id]);
    expect((await t.request(`/api/vendors/${missingId}/products`)).status).toBe(404);
    expect((await t.request(`/api/vendors/${vendorA.id}/products?sort=colour`)).status).toBe(400);
  });

  it('computes the vendor’s figures from its own order lines only', async () => {
    const placed = await t.request<Order>('/api/orders', {
      token: admin.accessToken,
      body: {
        customerId: customer.userId,
        lines: [
          { productId: ring.id, quantity: 2 },
          { productId: other.id, quantity: 1 },
        ],
      },
    });
    expect(placed.status).toBe(201);
    const cancelled = await t.request<Order>('/api/orders', {
      token: admin.accessToken,
      body: { customerId: customer.userId, lines: [{ productId: ring.id, quantity: 1 }] },
    });
    expect(
      (await t.request(`/api/orders/${cancelled.body.id}/status`, { token: admin.accessToken, body: { status: 'CANCELLED' } })).status,
    ).toBe(200);

    const res = await t.request<VendorDashboard>('/api/vendors/dashboard', { token: ownerA.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.vendor.id).toBe(vendorA.id);
    expect(res.body).toMatchObject({
      pieces: 2,
      livePieces: 1,
      featuredPieces: 1,
      stockUnits: 6 - 2 + 1,
      ordersCount: 1,
      unitsSold: 2,
      revenue: [{ amount: 240_000, currency: 'EUR' }],
    });
    expect(res.body.recentOrders.map((o) => [o.number, o.status, o.units, o.amount.amount])).toEqual([
      [cancelled.body.number, 'CANCELLED', 1, 120_000],
      [placed.body.number, 'PENDING', 2, 240_000],
    ]);
    const b = await t.request<VendorDashboard>('/api/vendors/dashboard', { token: ownerB.accessToken });
    expect(b.body).toMatchObject({
      pieces: 1,
      unitsSold: 1,
      ordersCount: 1,
      stockUnits: 2,
      revenue: [{ amount: 300_000, currency: 'EUR' }],
    });
    expect((await t.request<VendorDashboard>(`/api/vendors/${vendorA.id}/dashboard`, { token: admin.accessToken })).body).toMatchObject({
      unitsSold: 2,
      ordersCount: 1,
    });
    expect((await t.request<VendorDashboard>(`/api/vendors/${vendorA.id}/dashboard`, { token: ownerA.accessToken })).body).toEqual(
      res.body,
    );
  });

  it('keeps dashboards private to the vendor and ADMIN', async () => {
    const other = await t.request<ErrorResponse>(`/api/vendors/${vendorA.id}/dashboard`, { token: ownerB.accessToken });
    expect(other.status).toBe(403);
    expectErrorShape(other.body, 403, 'FORBIDDEN');
    for (const s of [customer, designerUser, admin])
      expect((await t.request('/api/vendors/dashboard', { token: s.accessToken })).status).toBe(403);
    for (const s of [customer, designerUser])
      expect((await t.request(`/api/vendors/${vendorA.id}/dashboard`, { token: s.accessToken })).status).toBe(403);
    expect((await t.request('/api/vendors/dashboard')).status).toBe(401);
    const notLinked = await t.request<ErrorResponse>('/api/vendors/dashboard', { token: unlinked.accessToken });
    expect(notLinked.status).toBe(403);
    expectErrorShape(notLinked.body, 403, 'VENDOR_NOT_LINKED');
    expect((await t.request(`/api/vendors/${missingId}/dashboard`, { token: admin.accessToken })).status).toBe(404);
  });
});

describe('back-office list filters and facets', () => {
  let v1: Vendor;
  let v2: Vendor;
  let v3: Vendor;

  beforeAll(async () => {
    const made = await Promise.all([
      create({ code: 'JPN-ONE', name: 'Kyoto Pearls', country: 'jp', type: 'DISTRIBUTOR', isVerified: true }),
      create({
        code: 'JPN-TWO',
        name: 'Osaka Settings',
        country: 'JP',
        type: 'ATELIER',
        isActive: false,
        description: 'Platinum prong specialists.',
      }),
      create({ code: 'KOR-ONE', name: 'Seoul Stones', country: 'KR', type: 'DISTRIBUTOR', isFeatured: true }),
    ]);
    for (const res of made) expect(res.status).toBe(201);
    [v1, v2, v3] = made.map((r) => r.body) as [Vendor, Vendor, Vendor];
  });

  it('combines text, country, type and the flags on GET /api/vendors', async () => {
    const list = (query: string) => t.request<VendorPage>(`/api/vendors?sort=code,asc&${query}`, { token: admin.accessToken });
    const byCountry = await list('country=jp');
    expect(byCountry.status).toBe(200);
    expect(ids(byCountry)).toEqual([v1.id, v2.id]);
    expect(ids(await list('type=DISTRIBUTOR&q=-one'))).toEqual([v1.id, v3.id]);
    expect(ids(await list('type=DISTRIBUTOR&country=KR'))).toEqual([v3.id]);
    expect(ids(await list('q=prong'))).toEqual([v2.id]);
    expect(ids(await t.request<VendorPage>('/api/vendors?q=prong'))).toEqual([]);
    expect(ids(await list('country=JP&active=false'))).toEqual([v2.id]);
    expect(ids(await list('country=JP&verified=true'))).toEqual([v1.id]);
    expect(ids(await list('type=DISTRIBUTOR&featured=true'))).toEqual([v3.id]);
  });

  it('refuses bad filter values in the one error shape', async () => {
    const badType = await t.request<ErrorResponse>('/api/vendors?type=SHOP', { token: admin.accessToken });
    expect(badType.status).toBe(400);
    expectErrorShape(badType.body, 400, 'VALIDATION_FAILED');
    expect((await t.request('/api/vendors?country=1')).status).toBe(400);
    expect((await t.request(`/api/vendors?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('answers the countries and types in use with counts, over what the caller can see', async () => {
    const countOf = (facets: { value: string; count: number }[], value: string) => facets.find((f) => f.value === value)?.count;
    const asAdmin = await t.request<VendorFacets>('/api/vendors/filters', { token: admin.accessToken });
    expect(asAdmin.status).toBe(200);
    expect(countOf(asAdmin.body.countries, 'JP')).toBe(2);
    expect(countOf(asAdmin.body.countries, 'KR')).toBe(1);
    const distributors = countOf(asAdmin.body.types, 'DISTRIBUTOR');
    expect(distributors).toBeGreaterThanOrEqual(2);
    const asPublic = await t.request<VendorFacets>('/api/vendors/filters');
    expect(asPublic.status).toBe(200);
    expect(countOf(asPublic.body.countries, 'JP')).toBe(1);
    const total = (await t.request<VendorPage>('/api/vendors?size=1', { token: admin.accessToken })).body.totalElements;
    expect(asAdmin.body.types.reduce((n: number, f) => n + f.count, 0)).toBe(total);
    expect((await t.request<VendorPage>('/api/vendors?type=DISTRIBUTOR&size=1', { token: admin.accessToken })).body.totalElements).toBe(
      distributors,
    );
  });
});
