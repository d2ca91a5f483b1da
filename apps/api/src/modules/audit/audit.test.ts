import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditActorsSchema,
  AuditEventPageSchema,
  type AuditEventPage,
  type ErrorResponse,
  type AuditActors,
  type Product,
  type OutboxEmail,
  type OutboxPage,
  type SubmissionDetail,
  type SubmissionPage,
  type Location,
  type Vendor,
  type Designer,
  type Order,
  type User,
  type ComponentOptional,
  type Component,
  type Category,
  type CollectionItem,
  type Collection,
  type ProductBulkResult,
  type ProductImportReport,
} from '@mirror/contract';
import { buildTestApp, expectErrorShape, TEST_PASSWORD, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import { audited } from './audit.service';
import { rowsOf } from '../../db/sql-helpers';

const BRAND = 'concierge@mirror.test';
let t: TestApp;
let admin: Session;
let admin2: Session;
let customer: Session;
let vendor: Session;
let f: ReturnType<typeof catalogFactory>;
let base: { vendorId: string; categoryId: string };
let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await buildTestApp({ BRAND_INBOX: BRAND, EMAIL_RATE_LIMIT_MAX: '10000' });
  [admin, admin2, customer, vendor] = [
    await t.loginAs('ADMIN'),
    await t.loginAs('ADMIN'),
    await t.loginAs('CUSTOMER'),
    await t.loginAs('VENDOR'),
  ];
  f = catalogFactory(t, admin);
  base = { vendorId: (await f.vendor(vendor.userId)).id, categoryId: (await f.category()).id };
});
afterAll(() => t.close());

async function call<T = unknown>(path: string, init: { method?: string; body?: unknown; token?: string } = {}, expected?: number) {
  const res = await t.request<T>(path, { token: admin.accessToken, ...init });
  if (expected !== undefined)
    expect(res.status, `${init.method ?? (init.body ? 'POST' : 'GET')} ${path}: ${JSON.stringify(res.body)}`).toBe(expected);
  return res;
}
/** The record's events, newest first (what the History shows). */
async function history(entityType: string, entityId: string) {
  const res = await call<AuditEventPage>(`/api/audit?entityType=${entityType}&entityId=${entityId}&size=100`, {}, 200);
  expect(AuditEventPageSchema.parse(res.body)).toEqual(res.body);
  return res.body.content;
}
async function only(entityType: string, entityId: string) {
  const events = await history(entityType, entityId);
  expect(events, JSON.stringify(events)).toHaveLength(1);
  return events[0];
}

describe('the audit trail of back-office writes', () => {
  it('records a product created, its price changed, stock, feature, delete, restore and purge — each once, with only the changed fields', async () => {
    const p = await f.product({ ...base, price: 150_000, stockQuantity: 3 });
    const created = await only('PRODUCT', p.id);
    expect(created).toMatchObject({
      action: 'CREATE',
      actorId: admin.userId,
      actorLabel: admin.username,
      entityType: 'PRODUCT',
      entityLabel: `${p.name} (${p.sku})`,
    });
    expect(created!.changes.price).toEqual({ from: null, to: { amount: 150_000, currency: 'EUR' } });
    expect(created!.changes.searchVector).toBeUndefined();
    // References are recorded by name; empty fields of a new record are left out.
    expect(created!.changes.categoryId).toEqual({ from: null, to: expect.stringMatching(/^Category /) });
    expect(created!.changes.vendorId!.to).toMatch(/^Atelier /);
    expect(created!.changes.description).toBeUndefined();
    expect(created!.requestId).toEqual(expect.any(String));

    await call<Product>(`/api/products/${p.id}`, { method: 'PUT', body: { price: 182_000 } }, 200);
    const [update] = await history('PRODUCT', p.id);
    expect(update).toMatchObject({
      action: 'UPDATE',
      changes: { price: { from: { amount: 150_000, currency: 'EUR' }, to: { amount: 182_000, currency: 'EUR' } } },
    });
    expect(Object.keys(update!.changes)).toEqual(['price']);

    // The same value again changes nothing and records nothing.
    await call<Product>(`/api/products/${p.id}`, { method: 'PUT', body: { price: 182_000 } }, 200);
    expect(await history('PRODUCT', p.id)).toHaveLength(2);

    await call<Product>(`/api/products/${p.id}/stock`, { method: 'PUT', body: { delta: -2 } }, 200);
    expect((await history('PRODUCT', p.id))[0]).toMatchObject({ action: 'STOCK', changes: { stockQuantity: { from: 3, to: 1 } } });
    await call<Product>(`/api/products/${p.id}/toggle-featured`, { method: 'POST' }, 200);
    expect((await history('PRODUCT', p.id))[0]).toMatchObject({ action: 'FEATURE', changes: { isFeatured: { from: false, to: true } } });
    await call<null>(`/api/products/${p.id}`, { method: 'DELETE' }, 204);
    const deleted = (await history('PRODUCT', p.id))[0];
    expect(deleted).toMatchObject({ action: 'DELETE', changes: { deletedAt: { from: null, to: expect.any(String) } } });
    await call<Product>(`/api/products/${p.id}/restore`, { method: 'POST' }, 200);
    expect((await history('PRODUCT', p.id))[0]).toMatchObject({
      action: 'RESTORE',
      changes: { deletedAt: { from: expect.any(String), to: null } },
    });
    await call<null>(`/api/products/${p.id}/permanent`, { method: 'DELETE' }, 204);
    const purged = (await history('PRODUCT', p.id))[0];
    expect(purged).toMatchObject({ action: 'PURGE', entityLabel: `${p.name} (${p.sku})`, changes: {} });
    expect((await history('PRODUCT', p.id)).map((e) => e.action)).toEqual([
      'PURGE',
      'RESTORE',
      'DELETE',
      'FEATURE',
      'STOCK',
      'UPDATE',
      'CREATE',
    ]);
  });

  it('records nothing for a write that fails (409, 422, 404) and keeps the change and its event together', async () => {
    const p = await f.product({ ...base, stockQuantity: 1 });
    const other = await f.product(base);
    const taken = await call<ErrorResponse>(`/api/products/${p.id}`, { method: 'PUT', body: { sku: other.sku } });
    expect(taken.status).toBe(409);
    const short = await call<ErrorResponse>(`/api/products/${p.id}/stock`, { method: 'PUT', body: { delta: -5 } });
    expect(short.status).toBe(409);
    const restoreLive = await call<ErrorResponse>(`/api/products/${p.id}/restore`, { method: 'POST' });
    expect(restoreLive.status).toBe(409);
    const bulk = await call<ErrorResponse>('/api/products/bulk', {
      body: { action: 'FEATURE', ids: [p.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(bulk.status).toBe(404);
    expect((await history('PRODUCT', p.id)).map((e) => e.action)).toEqual(['CREATE']);

    const c = (await call<Collection>('/api/collections', { body: { name: unique('Dup'), year: 2025, season: 'WINTER' } }, 201)).body;
    expect((await call('/api/collections', { body: { name: c.name, year: 2025, season: 'WINTER' } })).status).toBe(409);
    const res = await call<AuditEventPage>(`/api/audit?entityType=COLLECTION&size=100`, {}, 200);
    expect(res.body.content.filter((e) => e.entityLabel === c.name)).toHaveLength(1);

    const cat = await f.category();
    await f.product({ ...base, categoryId: cat.id });
    expect((await call(`/api/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await history('CATEGORY', cat.id)).map((e) => e.action)).toEqual(['CREATE']);
  });

  it('records bulk actions once per piece changed, and an import per piece', async () => {
    const [a, b] = [await f.product(base), await f.product({ ...base, isFeatured: true })];
    const res = await call<ProductBulkResult>('/api/products/bulk', { body: { action: 'FEATURE', ids: [a.id, b.id] } }, 200);
    expect(res.body.ids).toEqual([a.id]);
    expect((await history('PRODUCT', a.id))[0]).toMatchObject({ action: 'FEATURE', changes: { isFeatured: { from: false, to: true } } });
    expect((await history('PRODUCT', b.id)).map((e) => e.action)).toEqual(['CREATE']);
    await call<ProductBulkResult>('/api/products/bulk', { body: { action: 'SET_STATUS', status: 'DRAFT', ids: [a.id, b.id] } }, 200);
    for (const id of [a.id, b.id])
      expect((await history('PRODUCT', id))[0]).toMatchObject({ action: 'STATUS', changes: { status: { from: 'ACTIVE', to: 'DRAFT' } } });

    const sku = unique('IMP').toUpperCase();
    const csv = `sku,name,metalType,categoryId,vendorId,price\r\n${sku},Imported ring,WHITE_GOLD,${base.categoryId},${base.vendorId},99000\r\n${a.sku},${a.name},WHITE_GOLD,${base.categoryId},${base.vendorId},123400\r\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'pieces.csv');
    const imported = await fetch(`${t.baseUrl}/api/products/import?mode=apply`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(((await imported.json()) as ProductImportReport).applied).toBe(true);
    expect((await history('PRODUCT', a.id))[0]).toMatchObject({
      action: 'IMPORT',
      changes: { price: { from: { amount: 150_000, currency: 'EUR' }, to: { amount: 123_400, currency: 'EUR' } } },
    });
    const list = (await call<AuditEventPage>(`/api/audit?entityType=PRODUCT&action=IMPORT&size=100`, {}, 200)).body.content;
    expect(list.find((e) => e.entityLabel === `Imported ring (${sku})`)).toMatchObject({ changes: { sku: { from: null, to: sku } } });
  });

  it('records collections, their pieces, order and hero', async () => {
    const c = (await call<Collection>('/api/collections', { body: { name: unique('Nocturne'), year: 2025, season: 'WINTER' } }, 201)).body;
    const [p1, p2] = [await f.product(base), await f.product(base)];
    await call<Collection>(`/api/collections/${c.id}`, { method: 'PUT', body: { season: 'SPRING' } }, 200);
    await call<CollectionItem[]>(`/api/collections/${c.id}/products`, { body: { productId: p1.id } }, 201);
    await call<CollectionItem[]>(`/api/collections/${c.id}/products`, { body: { productId: p2.id } }, 201);
    await call<CollectionItem[]>(`/api/collections/${c.id}/products/order`, { method: 'PUT', body: { productIds: [p2.id, p1.id] } }, 200);
    await call<CollectionItem[]>(`/api/collections/${c.id}/products/${p1.id}/toggle-hero`, { method: 'POST' }, 200);
    await call<null>(`/api/collections/${c.id}/products/${p2.id}`, { method: 'DELETE' }, 204);
    const events = await history('COLLECTION', c.id);
    expect(events.map((e) => e.action)).toEqual(['REMOVE_MEMBER', 'HERO', 'REORDER', 'ADD_MEMBER', 'ADD_MEMBER', 'UPDATE', 'CREATE']);
    const label = (p: Product) => `${p.name} (${p.sku})`;
    expect(events[0]!.changes).toEqual({ piece: { from: label(p2), to: null } });
    expect(events[1]!.changes).toEqual({ hero: { from: null, to: label(p1) } });
    expect(events[2]!.changes).toEqual({ order: { from: [label(p1), label(p2)], to: [label(p2), label(p1)] } });
    expect(events[3]!.changes.piece).toEqual({ from: null, to: label(p2) });
    expect(events[5]!.changes).toEqual({ season: { from: 'WINTER', to: 'SPRING' } });
  });

  it('records the taxonomy: categories, components and optionals', async () => {
    const cat = await f.category();
    await call<Category>(`/api/categories/${cat.id}`, { method: 'PUT', body: { description: 'Bands and solitaires' } }, 200);
    await call<Category>(`/api/categories/${cat.id}/deactivate`, { method: 'PATCH' }, 200);
    expect((await history('CATEGORY', cat.id)).map((e) => [e.action, e.changes])).toEqual([
      ['STATUS', { isActive: { from: true, to: false } }],
      ['UPDATE', { description: { from: null, to: 'Bands and solitaires' } }],
      ['CREATE', expect.objectContaining({ name: { from: null, to: cat.name } })],
    ]);
    const comp = (await call<Component>('/api/components', { body: { categoryId: cat.id, name: unique('Shank') } }, 201)).body;
    const opt = (
      await call<ComponentOptional>(
        '/api/component-optionals',
        { body: { componentId: comp.id, name: unique('Pavé'), priceDelta: 25_000 } },
        201,
      )
    ).body;
    await call<ComponentOptional>(`/api/component-optionals/${opt.id}`, { method: 'PUT', body: { priceDelta: 30_000 } }, 200);
    expect((await history('COMPONENT_OPTIONAL', opt.id))[0]).toMatchObject({
      action: 'UPDATE',
      changes: { priceDelta: { from: 25_000, to: 30_000 } },
    });
    await call<null>(`/api/component-optionals/${opt.id}`, { method: 'DELETE' }, 204);
    expect((await history('COMPONENT_OPTIONAL', opt.id))[0]).toMatchObject({ action: 'DELETE', changes: {} });
    expect((await history('COMPONENT', comp.id)).map((e) => e.action)).toEqual(['CREATE']);
  });

  it('records users created, their role and status — never a password, a hash or a token', async () => {
    const username = unique('audited');
    const u = (
      await call<User>(
        '/api/users/admin/create',
        { body: { username, email: `${username}@example.com`, password: TEST_PASSWORD, role: 'CUSTOMER' } },
        201,
      )
    ).body;
    await call<User>(`/api/users/${u.id}/role`, { method: 'PATCH', body: { role: 'VENDOR' } }, 200);
    await call<User>(`/api/users/${u.id}/status`, { method: 'PATCH', body: { status: 'SUSPENDED' } }, 200);
    await call<User>(`/api/users/${u.id}`, { method: 'PUT', body: { password: 'Another-Quartz-77', phone: '+33 1 23 45 67 89' } }, 200);
    const events = await history('USER', u.id);
    expect(events.map((e) => [e.action, e.entityLabel])).toEqual([
      ['UPDATE', username],
      ['STATUS', username],
      ['ROLE', username],
      ['CREATE', username],
    ]);
    expect(events[0]!.changes).toEqual({ phone: { from: null, to: '+33 1 23 45 67 89' } });
    expect(events[1]!.changes).toEqual({ status: { from: 'ACTIVE', to: 'SUSPENDED' } });
    expect(events[2]!.changes).toEqual({ role: { from: 'CUSTOMER', to: 'VENDOR' } });
    const raw = JSON.stringify(events);
    for (const secret of ['passwordHash', 'password', 'tokenVersion', 'argon2', TEST_PASSWORD, 'Another-Quartz-77'])
      expect(raw).not.toContain(secret);
    const stored = await t.database.db.execute(sql`select changes::text as c from audit_events where entity_id = ${u.id}`);
    const rows = rowsOf<{ c: string }>(stored);
    expect(rows.map((r) => r.c).join(' ')).not.toMatch(/password|token|argon2/i);
    // A password change alone records nothing.
    await call<User>(`/api/users/${u.id}`, { method: 'PUT', body: { password: 'Third-Garnet-58' } }, 200);
    expect(await history('USER', u.id)).toHaveLength(4);
    // A refused change (self-change) records nothing; the test account itself was made by the system (no person).
    expect((await call(`/api/users/${admin.userId}/role`, { method: 'PATCH', body: { role: 'CUSTOMER' } })).status).toBe(409);
    expect((await history('USER', admin.userId)).map((e) => [e.action, e.actorId, e.actorLabel])).toEqual([['CREATE', null, null]]);
  });

  it('records an order placed by staff, its status, payment terms and payments — a client checkout is not recorded', async () => {
    const ring = await f.product({ ...base, price: 100_000, stockQuantity: 20 });
    const own = (
      await call<Order>('/api/orders', { token: customer.accessToken, body: { lines: [{ productId: ring.id, quantity: 1 }] } }, 201)
    ).body;
    expect(await history('ORDER', own.id)).toHaveLength(0);

    const order = (
      await call<Order>('/api/orders', { body: { customerId: customer.userId, lines: [{ productId: ring.id, quantity: 2 }] } }, 201)
    ).body;
    const created = await only('ORDER', order.id);
    expect(created).toMatchObject({
      action: 'CREATE',
      entityLabel: expect.stringContaining(order.number),
      changes: { total: { from: null, to: { amount: 200_000, currency: 'EUR' } } },
    });
    await call<Order>(`/api/orders/${order.id}/payment-terms`, { method: 'PUT', body: { type: 'INSTALLMENTS', installments: 2 } }, 200);
    expect((await history('ORDER', order.id))[0]).toMatchObject({
      action: 'PAYMENT_TERMS',
      changes: { paymentTerms: { from: { type: 'FULL' }, to: { type: 'INSTALLMENTS', installments: 2 } } },
    });
    const schedule = (await call<Order>(`/api/orders/${order.id}`, {}, 200)).body.schedule;
    await call(
      `/api/orders/${order.id}/payment-schedule/${schedule[0]!.id}/payments`,
      { body: { amount: 100_000, method: 'BANK_TRANSFER' } },
      201,
    );
    const payment = (await history('ORDER', order.id))[0];
    expect(payment).toMatchObject({
      action: 'PAYMENT',
      changes: {
        paidAmount: { from: { amount: 0, currency: 'EUR' }, to: { amount: 100_000, currency: 'EUR' } },
        payment: { from: null, to: { amount: 100_000, currency: 'EUR' } },
        method: { from: null, to: 'BANK_TRANSFER' },
      },
    });
    // Overpaying is refused and leaves no event.
    expect(
      (await call(`/api/orders/${order.id}/payment-schedule/${schedule[0]!.id}/payments`, { body: { amount: 1, method: 'CASH' } })).status,
    ).toBe(409);
    await call<Order>(`/api/orders/${order.id}/status`, { body: { status: 'CONFIRMED', note: 'Client called' } }, 200);
    expect((await history('ORDER', order.id)).map((e) => e.action)).toEqual(['STATUS', 'PAYMENT', 'PAYMENT_TERMS', 'CREATE']);
    expect((await history('ORDER', order.id))[0]!.changes).toEqual({
      status: { from: 'PENDING', to: 'CONFIRMED' },
      note: { from: null, to: 'Client called' },
    });
  });

  it('records designers, vendors and locations', async () => {
    const d = (
      await call<Designer>(
        '/api/designers',
        { body: { code: unique('D').toUpperCase(), displayName: 'Léa Marchetti', specialty: 'Rings' } },
        201,
      )
    ).body;
    await call<Designer>(`/api/designers/${d.id}`, { method: 'PUT', body: { specialty: 'High jewelry' } }, 200);
    expect((await history('DESIGNER', d.id)).map((e) => [e.action, e.entityLabel])).toEqual([
      ['UPDATE', 'Léa Marchetti'],
      ['CREATE', 'Léa Marchetti'],
    ]);
    const v = (
      await call<Vendor>(
        '/api/vendors',
        { body: { code: unique('V').toUpperCase(), name: 'Atelier Lune', country: 'FR', type: 'ATELIER' } },
        201,
      )
    ).body;
    await call<Vendor>(`/api/vendors/${v.id}/deactivate`, { method: 'PATCH' }, 200);
    expect((await history('VENDOR', v.id))[0]).toMatchObject({ action: 'STATUS', changes: { isActive: { from: true, to: false } } });
    const loc = (
      await call<Location>(
        '/api/locations',
        {
          body: {
            name: unique('Mirror Vienna'),
            type: 'BOUTIQUE',
            address: 'Kärntner Straße 3',
            city: 'Vienna',
            country: 'Austria',
            countryCode: 'AT',
            latitude: 48.2066,
            longitude: 16.3707,
            timezone: 'Europe/Vienna',
            openingHours: { MONDAY: [{ open: '10:00', close: '18:00' }] },
          },
        },
        201,
      )
    ).body;
    await call<null>(`/api/locations/${loc.id}`, { method: 'DELETE' }, 204);
    expect((await history('LOCATION', loc.id)).map((e) => e.action)).toEqual(['DELETE', 'CREATE']);
  });

  it('records jewelry-week decisions and notes, and an email retried', async () => {
    const email = `${unique('entry')}@atelier.example`;
    const model = {
      name: 'Ada Atelier',
      email,
      country: 'Italy',
      collectionTitle: 'Tides',
      message: 'Rings cast from the shapes of the sea.',
      files: [],
    };
    expect(
      (await t.request('/api/notifications/email', { body: { emailType: 'JEWELRY_WEEK_SUBMISSION', recipients: [BRAND], model } })).status,
    ).toBe(202);
    const entry = (await call<SubmissionPage>(`/api/submissions?q=${encodeURIComponent(email)}`, {}, 200)).body.content[0];
    expect(await history('SUBMISSION', entry!.id)).toHaveLength(0);
    await call<SubmissionDetail>(
      `/api/submissions/${entry!.id}`,
      { method: 'PATCH', body: { status: 'UNDER_REVIEW', note: 'Strong portfolio' } },
      200,
    );
    await call<SubmissionDetail>(
      `/api/submissions/${entry!.id}`,
      { method: 'PATCH', body: { status: 'UNDER_REVIEW', note: 'Asked for photos' } },
      200,
    );
    expect((await call(`/api/submissions/${entry!.id}`, { method: 'PATCH', body: { status: 'RECEIVED' } })).status).toBe(409);
    const events = await history('SUBMISSION', entry!.id);
    expect(events.map((e) => [e.action, e.changes])).toEqual([
      ['NOTE', { note: { from: null, to: 'Asked for photos' } }],
      [
        'STATUS',
        expect.objectContaining({ status: { from: 'RECEIVED', to: 'UNDER_REVIEW' }, note: { from: null, to: 'Strong portfolio' } }),
      ],
    ]);
    expect(events[0]!.entityLabel).toBe(`Ada Atelier <${email}>`);

    const outbox = (await call<OutboxPage>('/api/notifications/outbox?size=1', {}, 200)).body.content[0];
    expect((await call(`/api/notifications/outbox/${outbox!.id}/retry`, { method: 'POST' })).status).toBe(409);
    expect(await history('EMAIL', outbox!.id)).toHaveLength(0);
    await t.database.db.execute(sql`update email_outbox set status = 'FAILED', attempts = 5 where id = ${outbox!.id}`);
    await call<OutboxEmail>(`/api/notifications/outbox/${outbox!.id}/retry`, { method: 'POST' }, 200);
    expect(await only('EMAIL', outbox!.id)).toMatchObject({
      action: 'RETRY',
      changes: { status: { from: 'FAILED', to: 'QUEUED' }, attempts: { from: 5, to: 0 } },
    });
  });
});

describe('audited()', () => {
  it('leaves neither the change nor its event when the transaction rolls back', async () => {
    const p = await f.product({ ...base, stockQuantity: 4 });
    const db = t.database.db;
    await expect(
      audited(db, { type: 'PRODUCT', action: 'STOCK', ids: [p.id] }, async (tx) => {
        await tx.execute(sql`update products set stock_quantity = 9 where id = ${p.id}`);
        throw new Error('boom after the write');
      }),
    ).rejects.toThrow('boom after the write');
    expect((await call<Product>(`/api/products/${p.id}`, {}, 200)).body.stockQuantity).toBe(4);
    expect((await history('PRODUCT', p.id)).map((e) => e.action)).toEqual(['CREATE']);
    // Outside a request the change is the system's.
    await audited(db, { type: 'PRODUCT', action: 'STOCK', ids: [p.id] }, (tx) =>
      tx.execute(sql`update products set stock_quantity = 9 where id = ${p.id}`),
    );
    expect((await history('PRODUCT', p.id))[0]).toMatchObject({
      action: 'STOCK',
      actorId: null,
      actorLabel: null,
      requestId: null,
      changes: { stockQuantity: { from: 4, to: 9 } },
    });
  });
});

describe('GET /api/audit', () => {
  it('filters by person, record type, action and dates, newest first, paged', async () => {
    const mine = await f.product({ ...base, name: 'Second admin piece' }, admin2.accessToken);
    await call<Product>(
      `/api/products/${mine.id}`,
      { method: 'PUT', token: admin2.accessToken, body: { name: 'Second admin piece, renamed' } },
      200,
    );
    const byPerson = (await call<AuditEventPage>(`/api/audit?actorId=${admin2.userId}&size=100`, {}, 200)).body;
    expect(byPerson.content.map((e) => [e.action, e.entityId])).toEqual([
      ['UPDATE', mine.id],
      ['CREATE', mine.id],
    ]);
    expect(byPerson.content[0]!.entityLabel).toBe(`Second admin piece, renamed (${mine.sku})`);
    expect(byPerson.totalElements).toBe(2);

    const all = (await call<AuditEventPage>('/api/audit?size=5', {}, 200)).body;
    expect(all.content).toHaveLength(5);
    expect(all.totalElements).toBeGreaterThan(20);
    const times = all.content.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = (await call<AuditEventPage>('/api/audit?size=5&page=1', {}, 200)).body;
    expect(second.content.map((e) => e.id)).not.toContain(all.content[0]!.id);

    const users = (await call<AuditEventPage>('/api/audit?entityType=USER&size=100', {}, 200)).body.content;
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((e) => e.entityType === 'USER')).toBe(true);
    const roles = (await call<AuditEventPage>('/api/audit?action=ROLE&size=100', {}, 200)).body.content;
    expect(roles.every((e) => e.action === 'ROLE')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await call<AuditEventPage>(`/api/audit?from=${today}&to=${today}&actorId=${admin2.userId}`, {}, 200)).body.totalElements).toBe(
      2,
    );
    expect((await call<AuditEventPage>(`/api/audit?to=2020-01-01`, {}, 200)).body.totalElements).toBe(0);
    expect((await call<AuditEventPage>(`/api/audit?from=2999-01-01T00:00:00Z`, {}, 200)).body.totalElements).toBe(0);
  });

  it('lists the people who made changes for the person filter', async () => {
    const res = await call<AuditActors>('/api/audit/actors', {}, 200);
    expect(AuditActorsSchema.parse(res.body)).toEqual(res.body);
    const ids = res.body.content.map((a) => a.id);
    expect(ids).toContain(admin.userId);
    expect(ids).toContain(admin2.userId);
    expect(res.body.content.find((a) => a.id === admin2.userId)).toEqual({ id: admin2.userId, label: admin2.username, count: 2 });
    expect(res.body.content[0]!.id).toBe(admin.userId);
  });

  it('is for administrators only and validates its filters', async () => {
    for (const s of [customer, vendor]) {
      for (const path of ['/api/audit', '/api/audit/actors']) {
        const res = await call<ErrorResponse>(path, { token: s.accessToken });
        expect(res.status).toBe(403);
        expectErrorShape(res.body, 403, 'FORBIDDEN');
      }
    }
    expect((await t.request('/api/audit')).status).toBe(401);
    for (const q of [
      'entityType=SPACESHIP',
      'actorId=not-a-uuid',
      'from=yesterday',
      'from=2026-02-01&to=2026-01-01',
      'size=500',
      'action=DANCE',
    ]) {
      const res = await call<ErrorResponse>(`/api/audit?${q}`);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    expect(
      (await call<AuditEventPage>('/api/audit?entityType=PRODUCT&entityId=00000000-0000-4000-8000-000000000000', {}, 200)).body,
    ).toMatchObject({ content: [], totalElements: 0 });
  });
});
