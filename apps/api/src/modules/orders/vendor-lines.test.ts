import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import type { ErrorResponse, Order, OrderFacets, Product, OrderPage, VendorOrderLinePage } from '@mirror/contract';

// Issue 11: a vendor fulfils its own order lines and never learns who ordered.
let t: TestApp;
let admin: Session;
let customer1: Session;
let customer2: Session;
let vendorA: Session;
let vendorB: Session;
let designer: Session;
let vendorAId: string;
let mixed: Order; // customer 1: one line of vendor A, one of vendor B
let onlyB: Order; // customer 2: vendor B alone
let onlyA: Order; // customer 2: vendor A alone, later confirmed
let ring: Product;
let brooch: Product;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer1, customer2, vendorA, vendorB, designer] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('CUSTOMER'),
    t.loginAs('VENDOR'),
    t.loginAs('VENDOR'),
    t.loginAs('DESIGNER'),
  ]);
  const f = catalogFactory(t, admin);
  vendorAId = (await f.vendor(vendorA.userId)).id;
  const vendorBId = (await f.vendor(vendorB.userId)).id;
  const categoryId = (await f.category()).id;
  ring = await f.product({ vendorId: vendorAId, categoryId, name: 'Comète ring', sku: 'VL-RING-1', stockQuantity: 20, price: 120_000 });
  brooch = await f.product({
    vendorId: vendorBId,
    categoryId,
    name: 'Nébuleuse brooch',
    sku: 'VL-BROOCH-1',
    stockQuantity: 20,
    price: 300_000,
  });
  const place = async (customer: Session, lines: { productId: string; quantity: number }[]) => {
    const res = await t.request<Order>('/api/orders', { token: admin.accessToken, body: { customerId: customer.userId, lines } });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body;
  };
  mixed = await place(customer1, [
    { productId: ring.id, quantity: 2 },
    { productId: brooch.id, quantity: 1 },
  ]);
  onlyB = await place(customer2, [{ productId: brooch.id, quantity: 3 }]);
  onlyA = await place(customer2, [{ productId: ring.id, quantity: 1 }]);
  expect((await t.request(`/api/orders/${onlyA.id}/status`, { token: admin.accessToken, body: { status: 'CONFIRMED' } })).status).toBe(200);
});
afterAll(() => t.close());

const lines = (token: string, query = '') => t.request<VendorOrderLinePage>(`/api/orders/vendor-lines${query}`, { token });

describe('GET /api/orders/vendor-lines', () => {
  it('gives a vendor its own lines only, newest order first, with what fulfilment needs and nothing of the client', async () => {
    const res = await lines(vendorA.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 2, page: 0, size: 20, totalPages: 1 });
    expect(res.body.content.map((l) => l.orderNumber)).toEqual([onlyA.number, mixed.number]);
    expect(res.body.content[1]).toEqual({
      id: expect.any(String),
      orderId: mixed.id,
      orderNumber: mixed.number,
      orderStatus: 'PENDING',
      orderedAt: mixed.createdAt,
      productId: ring.id,
      sku: 'VL-RING-1',
      productName: 'Comète ring',
      quantity: 2,
      unitPrice: 120_000,
      lineTotal: 240_000,
      currency: 'EUR',
    });
    expect(res.body.content[0]!.orderStatus).toBe('CONFIRMED');
    const text = JSON.stringify(res.body);
    for (const secret of [mixed.customerEmail, mixed.customerName, customer1.userId, customer2.userId, brooch.id, 'VL-BROOCH-1'])
      expect(text).not.toContain(secret);

    const b = await lines(vendorB.accessToken, '?sort=quantity,desc');
    expect(b.body.content.map((l) => [l.orderNumber, l.quantity])).toEqual([
      [onlyB.number, 3],
      [mixed.number, 1],
    ]);
    expect(JSON.stringify(b.body)).not.toContain(ring.id);
  });

  it('filters by status and searches the number, SKU and piece name (never the client)', async () => {
    expect((await lines(vendorA.accessToken, '?status=CONFIRMED')).body.content.map((l) => l.orderId)).toEqual([onlyA.id]);
    expect((await lines(vendorA.accessToken, `?q=${encodeURIComponent(mixed.number)}`)).body.content.map((l) => l.orderId)).toEqual([
      mixed.id,
    ]);
    expect((await lines(vendorA.accessToken, '?q=comète')).body.totalElements).toBe(2);
    expect((await lines(vendorA.accessToken, '?q=vl-brooch')).body.totalElements).toBe(0);
    expect((await lines(vendorA.accessToken, `?q=${encodeURIComponent(mixed.customerEmail!)}`)).body.totalElements).toBe(0);
    expect((await lines(vendorA.accessToken, '?page=1&size=1')).body.content.map((l) => l.orderId)).toEqual([mixed.id]);
  });

  it('answers 400 for a bad query, 401 signed out, 403 for other roles and for an unlinked vendor', async () => {
    for (const q of ['?status=LOST', '?sort=total,desc', '?size=500', '?q='])
      expectErrorShape((await lines(vendorA.accessToken, q)).body, 400, 'VALIDATION_FAILED');
    expectErrorShape((await t.request<VendorOrderLinePage>('/api/orders/vendor-lines')).body, 401);
    for (const s of [admin, customer1, designer]) expectErrorShape((await lines(s.accessToken)).body, 403, 'FORBIDDEN');
    const orphan = await t.loginAs('VENDOR');
    expectErrorShape((await lines(orphan.accessToken)).body, 403, 'VENDOR_NOT_LINKED'); // the same code as products (issue 15 §3)
  });
});

describe('the order endpoints as a vendor sees them', () => {
  it('never carry the client: no name, email or account on the list or the order', async () => {
    const list = await t.request<OrderPage>('/api/orders?size=100', { token: vendorA.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.content.map((o) => o.id).sort()).toEqual([mixed.id, onlyA.id].sort());
    for (const o of list.body.content) expect(o).toMatchObject({ customerId: null, customerName: null, customerEmail: null });
    const one = await t.request<Order>(`/api/orders/${mixed.id}`, { token: vendorA.accessToken });
    expect(one.body).toMatchObject({ customerId: null, customerName: null, customerEmail: null, notes: null });
    expect(one.body.lines.map((l) => l.productId)).toEqual([ring.id]);
    // The house and the client still see who ordered.
    const asAdmin = await t.request<Order>(`/api/orders/${mixed.id}`, { token: admin.accessToken });
    expect(asAdmin.body).toMatchObject({ customerId: customer1.userId, customerEmail: mixed.customerEmail });
    const asClient = await t.request<Order>(`/api/orders/${mixed.id}`, { token: customer1.accessToken });
    expect(asClient.body.customerEmail).toBe(mixed.customerEmail);
  });

  it('cannot find out who ordered by searching or filtering on the client', async () => {
    const byEmail = await t.request<OrderPage>(`/api/orders?q=${encodeURIComponent(mixed.customerEmail!)}`, { token: vendorA.accessToken });
    expect(byEmail.body.totalElements).toBe(0);
    const byNumber = await t.request<OrderPage>(`/api/orders?q=${encodeURIComponent(mixed.number)}`, { token: vendorA.accessToken });
    expect(byNumber.body.content.map((o) => o.id)).toEqual([mixed.id]);
    const facets = await t.request<OrderFacets>(`/api/orders/facets?q=${encodeURIComponent(mixed.customerEmail!)}`, {
      token: vendorA.accessToken,
    });
    expect(facets.body.total).toBe(0);
    const byCustomer = await t.request<ErrorResponse>(`/api/orders?customerId=${customer1.userId}`, { token: vendorA.accessToken });
    expectErrorShape(byCustomer.body, 403, 'FORBIDDEN');
    // The house's own search still reads the client's email.
    const asAdmin = await t.request<OrderPage>(`/api/orders?q=${encodeURIComponent(mixed.customerEmail!)}`, { token: admin.accessToken });
    expect(asAdmin.body.content.map((o) => o.id)).toContain(mixed.id);
  });
});
