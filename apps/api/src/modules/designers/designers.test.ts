import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import type {
  Count,
  Designer,
  DesignerDashboard,
  DesignerFacets,
  DesignerPage,
  ErrorResponse,
  Exists,
  Order,
  Product,
  ProductPage,
} from '@mirror/contract';

let t: TestApp;
let admin: Session;
let customer: Session;
let vendorUser: Session;
let ownerA: Session;
let ownerB: Session;
let unlinked: Session;
let f: ReturnType<typeof catalogFactory>;
let vendorId: string;
let categoryId: string;
let designerA: Designer;
let designerB: Designer;
const missingId = '00000000-0000-4000-8000-000000000000';

const create = <R = Designer>(body: Record<string, unknown>, token = admin.accessToken) => t.request<R>('/api/designers', { token, body });
const update = <R = Designer>(id: string, body: Record<string, unknown>, token?: string) =>
  t.request<R>(`/api/designers/${id}`, { method: 'PUT', token, body });
const patch = <T = Designer>(path: string, token?: string) => t.request<T>(path, { method: 'PATCH', token });
const ids = (res: { body: { content: { id: string }[] } }) => res.body.content.map((d) => d.id);

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, vendorUser, ownerA, ownerB, unlinked] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('VENDOR'),
    t.loginAs('DESIGNER'),
    t.loginAs('DESIGNER'),
    t.loginAs('DESIGNER'),
  ]);
  f = catalogFactory(t, admin);
  vendorId = (await f.vendor(vendorUser.userId)).id;
  categoryId = (await f.category()).id;
  const a = await create({
    code: 'amara',
    displayName: 'Amara Okafor',
    specialty: 'High jewelry',
    bio: 'Sculptural pieces.',
    userId: ownerA.userId,
    isVerified: true,
    isFeatured: true,
    country: 'fr',
  });
  const b = await create({
    code: 'LDU',
    displayName: 'Louis Duval',
    specialty: 'Engagement rings',
    userId: ownerB.userId,
    isVerified: true,
  });
  expect(a.status).toBe(201);
  expect(b.status).toBe(201);
  designerA = a.body;
  designerB = b.body;
});
afterAll(() => t.close());

describe('creating designers', () => {
  it('lets ADMIN create with defaults, a normalised country and the owner shown to ADMIN', async () => {
    const res = await create({
      code: 'MSA',
      displayName: 'Mei Sato',
      specialty: 'Coloured gemstones',
      website: 'https://meisato.example',
      email: 'mei@example.com',
      avatarKey: 'mirror-storage/public/mei.webp',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code: 'MSA',
      displayName: 'Mei Sato',
      isActive: true,
      isVerified: false,
      isFeatured: false,
      userId: null,
      website: 'https://meisato.example',
      deletedAt: null,
    });
    expect(res.body.avatarUrl).toContain('mirror-storage/public/mei.webp');
    expect(designerA).toMatchObject({ code: 'amara', country: 'FR', userId: ownerA.userId, isVerified: true, isFeatured: true });
  });

  it('refuses a code already used, whatever its case (409)', async () => {
    const res = await create({ code: 'AMARA', displayName: 'Someone else', specialty: 'Rings' });
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 409, 'CODE_TAKEN');
    expect(res.body.details).toEqual([{ path: 'code', message: expect.any(String) }]);
  });

  it('checks the owner: a live DESIGNER account that owns no other profile', async () => {
    const other = await create({ code: 'OWN-2', displayName: 'Double', specialty: 'Rings', userId: ownerA.userId });
    expect(other.status).toBe(409);
    expectErrorShape(other.body, 409, 'OWNER_TAKEN');
    const wrongRole = await create<ErrorResponse>({ code: 'OWN-3', displayName: 'Wrong', specialty: 'Rings', userId: customer.userId });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.details).toEqual([{ path: 'userId', message: expect.stringContaining('DESIGNER') }]);
    const nobody = await create({ code: 'OWN-4', displayName: 'Nobody', specialty: 'Rings', userId: missingId });
    expect(nobody.status).toBe(400);
    expectErrorShape(nobody.body, 400, 'VALIDATION_FAILED');
  });

  it('validates the body in the one error shape', async () => {
    for (const body of [
      { code: 'x', displayName: 'Short code', specialty: 'Rings' },
      { code: 'has space', displayName: 'Bad code', specialty: 'Rings' },
      { code: 'OK-1', displayName: '', specialty: 'Rings' },
      { code: 'OK-1', displayName: 'No specialty' },
      { code: 'OK-1', displayName: 'Bad site', specialty: 'Rings', website: 'javascript:alert(1)' },
      { code: 'OK-1', displayName: 'Bad mail', specialty: 'Rings', email: 'not-an-email' },
      { code: 'OK-1', displayName: 'Bad country', specialty: 'Rings', country: 'France' },
      { code: 'OK-1', displayName: 'Bad key', specialty: 'Rings', avatarKey: '../../etc/passwd' },
      { code: 'OK-1', displayName: 'Extra', specialty: 'Rings', rating: 5 },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    expect((await t.request<Exists>('/api/designers/exists/OK-1', { token: admin.accessToken })).body.exists).toBe(false);
  });

  it('is ADMIN only', async () => {
    for (const s of [customer, vendorUser, ownerA]) {
      const res = await create({ code: 'NOPE', displayName: 'Nope', specialty: 'Rings' }, s.accessToken);
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
    expect((await t.request('/api/designers', { body: { code: 'NOPE', displayName: 'Nope', specialty: 'Rings' } })).status).toBe(401);
  });
});

describe('reading designers', () => {
  it('reads by id and by code (any case); the owner account is hidden from the public and other users', async () => {
    const byId = await t.request<Designer>(`/api/designers/${designerA.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.displayName).toBe('Amara Okafor');
    expect(byId.body).not.toHaveProperty('userId');
    expect((await t.request<Designer>(`/api/designers/${designerA.id}`, { token: ownerB.accessToken })).body).not.toHaveProperty('userId');
    expect((await t.request<Designer>(`/api/designers/${designerA.id}`, { token: ownerA.accessToken })).body.userId).toBe(ownerA.userId);
    expect((await t.request<Designer>('/api/designers/code/AMARA')).body.id).toBe(designerA.id);
    expect((await t.request<Exists>('/api/designers/exists/Ldu')).body).toEqual({ exists: true });
    expect((await t.request<Exists>('/api/designers/exists/NOBODY')).body).toEqual({ exists: false });
    const missing = await t.request<ErrorResponse>(`/api/designers/${missingId}`);
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'DESIGNER_NOT_FOUND');
    expect((await t.request('/api/designers/code/NOBODY')).status).toBe(404);
    expect((await t.request('/api/designers/not-a-uuid')).status).toBe(400);
    expect((await t.request('/api/designers/code/bad%20code')).status).toBe(400);
  });

  it('lists in the page envelope with sort, and filters by specialty, verified and featured', async () => {
    const list = await t.request<DesignerPage>('/api/designers?size=2&sort=name,asc');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(list.body.content.map((d) => d.displayName)).toEqual(['Amara Okafor', 'Louis Duval']);
    expect((await t.request<DesignerPage>('/api/designers?page=1&size=2&sort=name,asc')).body.content.map((d) => d.displayName)).toEqual([
      'Mei Sato',
    ]);
    expect(ids(await t.request<DesignerPage>('/api/designers/specialty/engagement%20RINGS'))).toEqual([designerB.id]);
    expect(ids(await t.request<DesignerPage>('/api/designers/verified?sort=code,asc'))).toEqual([designerA.id, designerB.id]);
    expect(ids(await t.request<DesignerPage>('/api/designers/featured'))).toEqual([designerA.id]);
    expect(ids(await t.request<DesignerPage>('/api/designers?verified=false'))).toHaveLength(1);
    expect((await t.request('/api/designers?size=101')).status).toBe(400);
    expect((await t.request('/api/designers?sort=rating,asc')).status).toBe(400);
    expect((await t.request('/api/designers?filter=everyone')).status).toBe(400);
    expect((await t.request('/api/designers/verified?featured=maybe')).status).toBe(400);
  });

  it('searches code, name, specialty and biography with page (from 0) and size (20) defaults', async () => {
    const res = await t.request<DesignerPage>('/api/designers/search?search=sculptural');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 20, totalElements: 1 });
    expect(ids(res)).toEqual([designerA.id]);
    expect(ids(await t.request<DesignerPage>('/api/designers/search?search=ldu'))).toEqual([designerB.id]);
    expect(ids(await t.request<DesignerPage>('/api/designers/search?search=gemstones'))).toHaveLength(1);
    expect((await t.request<DesignerPage>('/api/designers/search?search=%25')).body.totalElements).toBe(0);
    expect((await t.request<DesignerPage>('/api/designers/search')).body.totalElements).toBe(3);
    const paged = await t.request<DesignerPage>('/api/designers/search?search=a&page=1&size=1');
    expect(paged.body).toMatchObject({ page: 1, size: 1, totalElements: 3, totalPages: 3 });
    expect((await t.request('/api/designers/search?size=0')).status).toBe(400);
    expect((await t.request(`/api/designers/search?search=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('current-user filter', () => {
  it('answers the caller’s own profile, and nothing for callers without one', async () => {
    const mine = await t.request<DesignerPage>('/api/designers?filter=current-user', { token: ownerA.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ totalElements: 1, page: 0 });
    expect(ids(mine)).toEqual([designerA.id]);
    expect(mine.body.content[0]!.userId).toBe(ownerA.userId);
    expect(ids(await t.request<DesignerPage>('/api/designers?filter=current-user', { token: ownerB.accessToken }))).toEqual([designerB.id]);
    for (const s of [unlinked, customer, vendorUser, admin]) {
      expect((await t.request<DesignerPage>('/api/designers?filter=current-user', { token: s.accessToken })).body).toMatchObject({
        content: [],
        totalElements: 0,
      });
    }
    const anonymous = await t.request<ErrorResponse>('/api/designers?filter=current-user');
    expect(anonymous.status).toBe(401);
    expectErrorShape(anonymous.body, 401, 'UNAUTHORIZED');
  });
});

describe('updating designers', () => {
  it('lets the owner edit its profile fields', async () => {
    const res = await update(
      designerA.id,
      {
        displayName: 'Amara O.',
        bio: 'New bio',
        website: 'https://amara.example',
        avatarKey: 'mirror-storage/public/amara.webp',
        country: 'ng',
      },
      ownerA.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Amara O.',
      bio: 'New bio',
      website: 'https://amara.example',
      country: 'NG',
      code: 'amara',
      isFeatured: true,
    });
    expect((await t.request<Designer>(`/api/designers/${designerA.id}`)).body.displayName).toBe('Amara O.');
  });

  it('refuses the owner anything else (code, flags, owner), naming the fields, and changes nothing', async () => {
    const res = await update(
      designerA.id,
      { displayName: 'Sneaky', code: 'NEW', isFeatured: false, isVerified: true, userId: ownerB.userId },
      ownerA.accessToken,
    );
    expect(res.status).toBe(403);
    expectErrorShape(res.body, 403, 'FORBIDDEN');
    expect(res.body.details!.map((d) => d.path).sort()).toEqual(['code', 'isFeatured', 'isVerified', 'userId']);
    expect((await t.request<Designer>(`/api/designers/${designerA.id}`)).body.displayName).toBe('Amara O.');
  });

  it('isolates designers: one cannot edit another; other roles cannot edit at all', async () => {
    const other = await update(designerB.id, { bio: 'Hijacked' }, ownerA.accessToken);
    expect(other.status).toBe(403);
    expectErrorShape(other.body, 403, 'FORBIDDEN');
    expect((await update(designerB.id, { bio: 'Hijacked' }, unlinked.accessToken)).status).toBe(403);
    expect((await update(designerB.id, { bio: 'Hijacked' }, vendorUser.accessToken)).status).toBe(403);
    expect((await update(designerB.id, { bio: 'Hijacked' }, customer.accessToken)).status).toBe(403);
    expect((await update(designerB.id, { bio: 'Hijacked' })).status).toBe(401);
    expect((await t.request<Designer>(`/api/designers/${designerB.id}`)).body.bio).toBeNull();
  });

  it('lets ADMIN change code, flags and owner, with 409 for a taken code and 400/404 on bad input', async () => {
    const res = await update(designerB.id, { code: 'L-DUVAL', isFeatured: true }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'L-DUVAL', isFeatured: true });
    const taken = await update(designerB.id, { code: 'Amara' }, admin.accessToken);
    expect(taken.status).toBe(409);
    expectErrorShape(taken.body, 409, 'CODE_TAKEN');
    const ownerTaken = await update(designerB.id, { userId: ownerA.userId }, admin.accessToken);
    expect(ownerTaken.status).toBe(409);
    expectErrorShape(ownerTaken.body, 409, 'OWNER_TAKEN');
    expect((await update(designerB.id, { displayName: '' }, admin.accessToken)).status).toBe(400);
    expect((await update(designerB.id, { colour: 'red' }, admin.accessToken)).status).toBe(400);
    const missing = await update(missingId, { bio: 'x' }, admin.accessToken);
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'DESIGNER_NOT_FOUND');
    expect((await update(designerB.id, { isFeatured: false }, admin.accessToken)).body.isFeatured).toBe(false);
  });
});

describe('activation and deletion', () => {
  it('deactivation hides a designer from the public but not from ADMIN or its owner; ADMIN only', async () => {
    const countBefore = (await t.request<Count>('/api/designers/count')).body.count;
    for (const s of [ownerB, customer, vendorUser])
      expect((await patch(`/api/designers/${designerB.id}/deactivate`, s.accessToken)).status).toBe(403);
    expect((await patch(`/api/designers/${designerB.id}/deactivate`)).status).toBe(401);
    const off = await patch(`/api/designers/${designerB.id}/deactivate`, admin.accessToken);
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await t.request(`/api/designers/${designerB.id}`)).status).toBe(404);
    expect((await t.request(`/api/designers/${designerB.id}`, { token: ownerA.accessToken })).status).toBe(404);
    expect((await t.request(`/api/designers/code/L-DUVAL`)).status).toBe(404);
    expect((await t.request<Exists>('/api/designers/exists/L-DUVAL')).body.exists).toBe(false);
    expect((await t.request<Count>('/api/designers/count')).body.count).toBe(countBefore - 1);
    expect(ids(await t.request<DesignerPage>('/api/designers/verified'))).not.toContain(designerB.id);
    expect((await t.request(`/api/designers/${designerB.id}/designs`)).status).toBe(404);
    // The owner still sees and edits its own profile; ADMIN sees everything.
    expect((await t.request(`/api/designers/${designerB.id}`, { token: ownerB.accessToken })).status).toBe(200);
    expect(ids(await t.request<DesignerPage>('/api/designers?filter=current-user', { token: ownerB.accessToken }))).toEqual([designerB.id]);
    expect((await update(designerB.id, { bio: 'Back soon' }, ownerB.accessToken)).status).toBe(200);
    expect(ids(await t.request<DesignerPage>('/api/designers?size=100', { token: admin.accessToken }))).toContain(designerB.id);
    expect(ids(await t.request<DesignerPage>('/api/designers?active=false', { token: admin.accessToken }))).toEqual([designerB.id]);
    expect(ids(await t.request<DesignerPage>('/api/designers?active=false'))).not.toContain(designerB.id);
    expect((await t.request<Count>('/api/designers/count', { token: admin.accessToken })).body.count).toBe(countBefore);
    const on = await patch(`/api/designers/${designerB.id}/activate`, admin.accessToken);
    expect(on.body.isActive).toBe(true);
    expect((await t.request(`/api/designers/${designerB.id}`)).status).toBe(200);
    expect((await patch(`/api/designers/${designerB.id}/activate`, ownerB.accessToken)).status).toBe(403);
    expect((await patch(`/api/designers/${missingId}/activate`, admin.accessToken)).status).toBe(404);
    expect((await patch(`/api/designers/${missingId}/deactivate`, admin.accessToken)).status).toBe(404);
    expect((await patch(`/api/designers/nope/deactivate`, admin.accessToken)).status).toBe(400);
  });

  it('soft-deletes (ADMIN only), keeps the code reserved and releases the owner', async () => {
    const owner = await t.loginAs('DESIGNER');
    const d = (await create({ code: 'GONE', displayName: 'Gone Soon', specialty: 'Brooches', userId: owner.userId })).body;
    for (const s of [owner, customer, vendorUser])
      expect((await t.request(`/api/designers/${d.id}`, { method: 'DELETE', token: s.accessToken })).status).toBe(403);
    expect((await t.request(`/api/designers/${d.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/designers/${d.id}`)).status).toBe(404);
    const seen = await t.request<Designer>(`/api/designers/${d.id}`, { token: admin.accessToken });
    expect(seen.status).toBe(200);
    expect(seen.body.deletedAt).not.toBeNull();
    expect(seen.body.userId).toBeNull();
    expect(ids(await t.request<DesignerPage>('/api/designers?size=100', { token: admin.accessToken }))).not.toContain(d.id);
    expect(ids(await t.request<DesignerPage>('/api/designers?size=100&includeDeleted=true', { token: admin.accessToken }))).toContain(d.id);
    expect(ids(await t.request<DesignerPage>('/api/designers?size=100&includeDeleted=true'))).not.toContain(d.id);
    expect((await t.request<Exists>('/api/designers/exists/gone', { token: admin.accessToken })).body.exists).toBe(true);
    expect((await t.request<Exists>('/api/designers/exists/gone')).body.exists).toBe(false);
    expect((await create({ code: 'Gone', displayName: 'Again', specialty: 'Brooches' })).status).toBe(409);
    expect((await t.request<DesignerPage>('/api/designers?filter=current-user', { token: owner.accessToken })).body.totalElements).toBe(0);
    expect((await create({ code: 'BACK', displayName: 'Back', specialty: 'Brooches', userId: owner.userId })).status).toBe(201);
    expect((await update(d.id, { bio: 'x' }, admin.accessToken)).status).toBe(404);
    expect((await patch(`/api/designers/${d.id}/activate`, admin.accessToken)).status).toBe(404);
    const again = await t.request<ErrorResponse>(`/api/designers/${d.id}`, { method: 'DELETE', token: admin.accessToken });
    expect(again.status).toBe(404);
    expectErrorShape(again.body, 404, 'DESIGNER_NOT_FOUND');
  });
});

describe('designs and dashboards', () => {
  let ring: Product;
  let pendant: Product;
  let draft: Product;
  let notHers: Product;
  const order = async (lines: { productId: string; quantity: number }[]) => {
    const res = await t.request<Order>('/api/orders', { token: admin.accessToken, body: { customerId: customer.userId, lines } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const status = async (id: string, next: string) =>
    expect((await t.request(`/api/orders/${id}/status`, { token: admin.accessToken, body: { status: next } })).status).toBe(200);

  beforeAll(async () => {
    ring = await f.product({ vendorId, categoryId, designerId: designerA.id, price: 100_000, stockQuantity: 10, isFeatured: true });
    pendant = await f.product({ vendorId, categoryId, designerId: designerA.id, price: 250_000, stockQuantity: 5 });
    draft = await f.product({ vendorId, categoryId, designerId: designerA.id, price: 50_000, stockQuantity: 2, status: 'DRAFT' });
    notHers = await f.product({ vendorId, categoryId, designerId: designerB.id, price: 999_000, stockQuantity: 4 });
  });

  it('lists the designer’s pieces, live ones only unless ADMIN', async () => {
    const res = await t.request<ProductPage>(`/api/designers/${designerA.id}/designs?sort=price,asc`);
    expect(res.status).toBe(200);
    expect(res.body.content.map((p) => p.id)).toEqual([ring.id, pendant.id]);
    expect(res.body.totalElements).toBe(2);
    expect((await t.request<ProductPage>(`/api/designers/${designerA.id}/designs?featured=true`)).body.content.map((p) => p.id)).toEqual([
      ring.id,
    ]);
    const asAdmin = await t.request<ProductPage>(`/api/designers/${designerA.id}/designs?sort=price,asc`, { token: admin.accessToken });
    expect(asAdmin.body.content.map((p) => p.id)).toEqual([draft.id, ring.id, pendant.id]);
    expect((await t.request<ProductPage>(`/api/designers/${designerA.id}/designs?size=1`)).body).toMatchObject({ size: 1, totalPages: 2 });
    expect((await t.request(`/api/designers/${missingId}/designs`)).status).toBe(404);
    expect((await t.request(`/api/designers/${designerA.id}/designs?size=500`)).status).toBe(400);
  });

  it('computes figures from the products and from non-cancelled orders, showing only the designer’s lines', async () => {
    const first = await order([
      { productId: ring.id, quantity: 2 },
      { productId: notHers.id, quantity: 1 },
    ]);
    const second = await order([
      { productId: ring.id, quantity: 1 },
      { productId: pendant.id, quantity: 1 },
    ]);
    await status(second.id, 'CONFIRMED');
    const cancelled = await order([{ productId: ring.id, quantity: 3 }]);
    await status(cancelled.id, 'CANCELLED');
    await order([{ productId: notHers.id, quantity: 1 }]);

    const res = await t.request<DesignerDashboard>('/api/designers/dashboard', { token: ownerA.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.designer.id).toBe(designerA.id);
    expect(res.body).toMatchObject({
      pieces: 3,
      livePieces: 2,
      featuredPieces: 1,
      // 10 − 2 − 1 (the cancelled order's 3 came back) + 5 − 1 + 2
      stockUnits: 13,
      ordersCount: 2,
      unitsSold: 4,
      revenue: [{ amount: 2 * 100_000 + 100_000 + 250_000, currency: 'EUR' }],
    });
    expect(res.body.recentOrders).toEqual([
      {
        id: cancelled.id,
        number: cancelled.number,
        status: 'CANCELLED',
        createdAt: expect.any(String),
        units: 3,
        amount: { amount: 300_000, currency: 'EUR' },
      },
      {
        id: second.id,
        number: second.number,
        status: 'CONFIRMED',
        createdAt: expect.any(String),
        units: 2,
        amount: { amount: 350_000, currency: 'EUR' },
      },
      {
        id: first.id,
        number: first.number,
        status: 'PENDING',
        createdAt: expect.any(String),
        units: 2,
        amount: { amount: 200_000, currency: 'EUR' },
      },
    ]);
    const byId = await t.request<DesignerDashboard>(`/api/designers/${designerA.id}/dashboard`, { token: ownerA.accessToken });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(res.body);
    const asAdmin = await t.request<DesignerDashboard>(`/api/designers/${designerA.id}/dashboard`, { token: admin.accessToken });
    expect(asAdmin.body).toMatchObject({ unitsSold: 4, ordersCount: 2, stockUnits: 13 });
    const other = await t.request<DesignerDashboard>(`/api/designers/${designerB.id}/dashboard`, { token: admin.accessToken });
    expect(other.body).toMatchObject({ pieces: 1, unitsSold: 2, ordersCount: 2, revenue: [{ amount: 1_998_000, currency: 'EUR' }] });
  });

  it('shows a dashboard only to its designer or ADMIN', async () => {
    const other = await t.request<ErrorResponse>(`/api/designers/${designerA.id}/dashboard`, { token: ownerB.accessToken });
    expect(other.status).toBe(403);
    expectErrorShape(other.body, 403, 'FORBIDDEN');
    for (const s of [customer, vendorUser]) {
      expect((await t.request(`/api/designers/${designerA.id}/dashboard`, { token: s.accessToken })).status).toBe(403);
      expect((await t.request('/api/designers/dashboard', { token: s.accessToken })).status).toBe(403);
    }
    expect((await t.request('/api/designers/dashboard', { token: admin.accessToken })).status).toBe(403);
    expect((await t.request(`/api/designers/${designerA.id}/dashboard`)).status).toBe(401);
    expect((await t.request('/api/designers/dashboard')).status).toBe(401);
    const notLinked = await t.request<ErrorResponse>('/api/designers/dashboard', { token: unlinked.accessToken });
    expect(notLinked.status).toBe(403);
    expectErrorShape(notLinked.body, 403, 'DESIGNER_NOT_LINKED');
    expect((await t.request(`/api/designers/${missingId}/dashboard`, { token: admin.accessToken })).status).toBe(404);
    expect((await t.request('/api/designers/nope/dashboard', { token: admin.accessToken })).status).toBe(400);
  });

  it('gives a new designer an all-zero dashboard', async () => {
    const owner = await t.loginAs('DESIGNER');
    expect((await create({ code: 'NEWBIE', displayName: 'New', specialty: 'Rings', userId: owner.userId })).status).toBe(201);
    const res = await t.request<DesignerDashboard>('/api/designers/dashboard', { token: owner.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pieces: 0,
      livePieces: 0,
      featuredPieces: 0,
      stockUnits: 0,
      ordersCount: 0,
      unitsSold: 0,
      revenue: [],
      recentOrders: [],
    });
  });
});

describe('back-office list filters and facets', () => {
  let d1: Designer;
  let d2: Designer;
  let d3: Designer;
  const sortedIds = (...rows: Designer[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    const made = await Promise.all([
      create({ code: 'ENA-1', displayName: 'Enamel One', specialty: 'Enamel miniatures', country: 'jp', isVerified: true }),
      create({
        code: 'ENA-2',
        displayName: 'Enamel Two',
        specialty: 'enamel MINIATURES',
        country: 'JP',
        isActive: false,
        bio: 'Cloisonné boxes.',
      }),
      create({ code: 'ENA-3', displayName: 'Enamel Three', specialty: 'Enamel miniatures', country: 'KR', isFeatured: true }),
    ]);
    for (const res of made) expect(res.status).toBe(201);
    [d1, d2, d3] = made.map((r) => r.body) as [Designer, Designer, Designer];
  });

  it('combines text, specialty (any case), country and the flags on GET /api/designers', async () => {
    const list = (query: string) => t.request<DesignerPage>(`/api/designers?sort=code,asc&${query}`, { token: admin.accessToken });
    const bySpecialty = await list('specialty=ENAMEL%20miniatures&country=jp');
    expect(bySpecialty.status).toBe(200);
    expect(ids(bySpecialty)).toEqual(sortedIds(d1, d2));
    expect(ids(await list('specialty=enamel%20miniatures&active=false'))).toEqual(sortedIds(d2));
    expect(ids(await list('q=cloisonn'))).toEqual(sortedIds(d2));
    expect(ids(await t.request<DesignerPage>('/api/designers?q=cloisonn'))).toEqual([]);
    expect(ids(await list('q=ena-&featured=true'))).toEqual(sortedIds(d3));
    expect(ids(await list('q=ena-&verified=true&country=JP'))).toEqual(sortedIds(d1));
    expect((await list('q=ena-&country=kr&specialty=Rings')).body.totalElements).toBe(0);
  });

  it('refuses bad filter values in the one error shape', async () => {
    const badCountry = await t.request<ErrorResponse>('/api/designers?country=JPN', { token: admin.accessToken });
    expect(badCountry.status).toBe(400);
    expectErrorShape(badCountry.body, 400, 'VALIDATION_FAILED');
    expect((await t.request(`/api/designers?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await t.request(`/api/designers?specialty=${'x'.repeat(121)}`)).status).toBe(400);
  });

  it('answers the specialties and countries in use with counts, over what the caller can see', async () => {
    const enamel = (facets: DesignerFacets) => facets.specialties.find((s) => s.value.toLowerCase() === 'enamel miniatures');
    const country = (facets: DesignerFacets, code: string) => facets.countries.find((c) => c.value === code)?.count;
    const asAdmin = await t.request<DesignerFacets>('/api/designers/filters', { token: admin.accessToken });
    expect(asAdmin.status).toBe(200);
    expect(enamel(asAdmin.body)!.count).toBe(3);
    expect(country(asAdmin.body, 'JP')).toBe(2);
    expect(country(asAdmin.body, 'KR')).toBe(1);
    expect(asAdmin.body.countries.map((c) => c.value)).not.toContain(null);
    const asPublic = await t.request<DesignerFacets>('/api/designers/filters');
    expect(asPublic.status).toBe(200);
    expect(enamel(asPublic.body)!.count).toBe(2);
    expect(country(asPublic.body, 'JP')).toBe(1);
    // The specialties filter matches whichever spelling the facet shows.
    const spelled = encodeURIComponent(enamel(asAdmin.body)!.value);
    expect((await t.request<DesignerPage>(`/api/designers?specialty=${spelled}`, { token: admin.accessToken })).body.totalElements).toBe(3);
  });
});
