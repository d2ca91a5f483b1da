import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type Order,
  type ScheduleEntryPage,
  type OrderPage,
  type ScheduleItem,
  type PaymentResult,
  type ErrorResponse,
  type Product,
} from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import { rowsOf } from '../../db/sql-helpers';

let t: TestApp;
let admin: Session;
let customer: Session;
let customer2: Session;
let vendorA: Session;
let vendorB: Session;
let designer: Session;
let f: ReturnType<typeof catalogFactory>;
let vendorAId: string;
let vendorBId: string;
let categoryId: string;
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, customer2, vendorA, vendorB, designer] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('CUSTOMER'),
    t.loginAs('VENDOR'),
    t.loginAs('VENDOR'),
    t.loginAs('DESIGNER'),
  ]);
  f = catalogFactory(t, admin);
  vendorAId = (await f.vendor(vendorA.userId)).id;
  vendorBId = (await f.vendor(vendorB.userId)).id;
  categoryId = (await f.category()).id;
});
afterAll(() => t.close());

const product = (overrides: Record<string, unknown> = {}) =>
  f.product({ vendorId: vendorAId, categoryId, stockQuantity: 10, ...overrides });
const placeOrder = <R = Order>(token: string, body: Record<string, unknown>) => t.request<R>('/api/orders', { token, body });
const stockOf = async (id: string) => (await t.request<Product>(`/api/products/${id}`, { token: admin.accessToken })).body.stockQuantity;
const setStatus = <R = Order>(id: string, status: OrderStatus, token = admin.accessToken, note?: string) =>
  t.request<R>(`/api/orders/${id}/status`, { token, body: { status, ...(note ? { note } : {}) } });
const outbox = async (type: string) => {
  const result = await t.database.db.execute(
    sql`select recipients, model from email_outbox where email_type = ${type} order by created_at`,
  );
  return rowsOf<{ recipients: string[]; model: Record<string, unknown> }>(result);
};

const PATH_TO: Record<OrderStatus, OrderStatus[]> = {
  PENDING: [],
  CONFIRMED: ['CONFIRMED'],
  IN_PRODUCTION: ['CONFIRMED', 'IN_PRODUCTION'],
  READY: ['CONFIRMED', 'IN_PRODUCTION', 'READY'],
  SHIPPED: ['CONFIRMED', 'IN_PRODUCTION', 'READY', 'SHIPPED'],
  DELIVERED: ['CONFIRMED', 'IN_PRODUCTION', 'READY', 'SHIPPED', 'DELIVERED'],
  COMPLETED: ['CONFIRMED', 'IN_PRODUCTION', 'READY', 'SHIPPED', 'DELIVERED', 'COMPLETED'],
  CANCELLED: ['CANCELLED'],
};

async function orderIn(status: OrderStatus, productId: string) {
  const res = await placeOrder(admin.accessToken, { customerId: customer.userId, lines: [{ productId, quantity: 1 }] });
  expect(res.status).toBe(201);
  for (const step of PATH_TO[status]) expect((await setStatus(res.body.id, step)).status).toBe(200);
  return res.body.id;
}

describe('placing orders', () => {
  it('captures lines, reserves stock, starts PENDING with a full-payment schedule and queues a confirmation', async () => {
    const ring = await product({ name: 'Solitaire Étoile', price: 1_250_000 });
    const earrings = await product({ vendorId: vendorBId, price: 480_000, stockQuantity: 3 });
    const res = await placeOrder(customer.accessToken, {
      lines: [
        { productId: ring.id, quantity: 2 },
        { productId: earrings.id, quantity: 1 },
      ],
      notes: 'Gift wrap, please',
    });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order.number).toMatch(/^MR-\d{4}-\d{6}$/);
    expect(order).toMatchObject({
      status: 'PENDING',
      customerId: customer.userId,
      currency: 'EUR',
      total: 2_980_000,
      paidAmount: 0,
      isPaidInFull: false,
      notes: 'Gift wrap, please',
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        productId: ring.id,
        productName: 'Solitaire Étoile',
        sku: ring.sku,
        unitPrice: 1_250_000,
        quantity: 2,
        lineTotal: 2_500_000,
        vendorId: vendorAId,
      }),
      expect.objectContaining({ productId: earrings.id, unitPrice: 480_000, quantity: 1, lineTotal: 480_000, vendorId: vendorBId }),
    ]);
    expect(order.schedule).toHaveLength(1);
    expect(order.schedule[0]).toMatchObject({ amount: 2_980_000, paidAmount: 0, status: 'PENDING', label: 'Payment in full' });
    expect(order.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'PENDING', changedBy: customer.userId, changedByUsername: customer.username }),
    ]);
    expect(await stockOf(ring.id)).toBe(8);
    expect(await stockOf(earrings.id)).toBe(2);
    const mails = await outbox('ORDER_CONFIRMATION');
    const mail = mails.find((m) => m.model.orderNumber === order.number)!;
    expect(mail.recipients).toEqual([`${customer.username}@example.com`]);
    expect(mail.model.total).toBe(2_980_000);
  });

  it('keeps the captured price when the catalog changes later', async () => {
    const p = await product({ price: 300_000 });
    const order = (await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 1 }] })).body;
    await t.request<Product>(`/api/products/${p.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { price: 999_999, name: 'Renamed' },
    });
    const again = await t.request<Order>(`/api/orders/${order.id}`, { token: customer.accessToken });
    expect(again.body.lines[0]).toMatchObject({ unitPrice: 300_000, productName: p.name });
    expect(again.body.total).toBe(300_000);
  });

  it('changes nothing when any line lacks stock (409)', async () => {
    const plenty = await product({ stockQuantity: 10 });
    const scarce = await product({ stockQuantity: 1 });
    const before = (await t.request<OrderPage>('/api/orders?size=1', { token: admin.accessToken })).body.totalElements;
    const res = await placeOrder<ErrorResponse>(customer.accessToken, {
      lines: [
        { productId: plenty.id, quantity: 3 },
        { productId: scarce.id, quantity: 2 },
      ],
    });
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 409, 'INSUFFICIENT_STOCK');
    // The detail names the offending line of the request and what is left, so a form can show it there.
    expect(res.body.details).toEqual([{ path: 'lines.1.quantity', message: 'Only 1 in stock' }]);
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(1);
    expect((await t.request<OrderPage>('/api/orders?size=1', { token: admin.accessToken })).body.totalElements).toBe(before);
    // The same product twice counts as one demand.
    const twice = await placeOrder<ErrorResponse>(customer.accessToken, {
      lines: [
        { productId: plenty.id, quantity: 1 },
        { productId: scarce.id, quantity: 1 },
        { productId: scarce.id, quantity: 1 },
      ],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.details).toEqual([
      { path: 'lines.1.quantity', message: 'Only 1 in stock' },
      { path: 'lines.2.quantity', message: 'Only 1 in stock' },
    ]);
    const none = await product({ stockQuantity: 0 });
    const empty = await placeOrder<ErrorResponse>(customer.accessToken, { lines: [{ productId: none.id, quantity: 1 }] });
    expect(empty.status).toBe(409);
    expect(empty.body.details).toEqual([{ path: 'lines.0.quantity', message: 'Out of stock' }]);
  });

  it('sells exactly the stock there is when 20 clients order at once', async () => {
    const p = await product({ stockQuantity: 5 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => t.loginAs('CUSTOMER')));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => placeOrder(buyers[i % 4]!.accessToken, { lines: [{ productId: p.id, quantity: 1 }] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    expect(await stockOf(p.id)).toBe(0);
  });

  it('needs an agreed price for price-on-request pieces, which only ADMIN may set', async () => {
    const bespoke = await product({ price: null, priceMin: 5_000_000, priceMax: 9_000_000, stockQuantity: 2 });
    const refused = await placeOrder(customer.accessToken, { lines: [{ productId: bespoke.id, quantity: 1 }] });
    expect(refused.status).toBe(422);
    expectErrorShape(refused.body, 422, 'PRICE_ON_REQUEST');
    expect((await placeOrder(customer.accessToken, { lines: [{ productId: bespoke.id, quantity: 1, unitPrice: 1 }] })).status).toBe(403);
    const agreed = await placeOrder(admin.accessToken, {
      customerId: customer.userId,
      lines: [{ productId: bespoke.id, quantity: 1, unitPrice: 7_200_000 }],
    });
    expect(agreed.status).toBe(201);
    expect(agreed.body).toMatchObject({ total: 7_200_000, customerId: customer.userId });
  });

  it('lets ADMIN order for a client or a guest, and nobody else', async () => {
    const p = await product();
    const guest = await placeOrder(admin.accessToken, {
      guest: { name: 'Isabella Conti', email: 'isabella@example.com' },
      lines: [{ productId: p.id, quantity: 1 }],
    });
    expect(guest.status).toBe(201);
    expect(guest.body).toMatchObject({ customerId: null, customerName: 'Isabella Conti', customerEmail: 'isabella@example.com' });
    expect(
      (await placeOrder(customer.accessToken, { customerId: customer2.userId, lines: [{ productId: p.id, quantity: 1 }] })).status,
    ).toBe(403);
    expect(
      (await placeOrder(customer.accessToken, { guest: { name: 'X', email: 'x@example.com' }, lines: [{ productId: p.id, quantity: 1 }] }))
        .status,
    ).toBe(403);
    expect((await t.request('/api/orders', { body: { lines: [{ productId: p.id, quantity: 1 }] } })).status).toBe(401);
    expect((await placeOrder(admin.accessToken, { customerId: missingId, lines: [{ productId: p.id, quantity: 1 }] })).status).toBe(404);
  });

  it('validates lines and refuses unknown, draft or deleted pieces', async () => {
    const draft = await product({ status: 'DRAFT' });
    for (const body of [
      { lines: [] },
      { lines: [{ productId: draft.id, quantity: 0 }] },
      { lines: [{ productId: 'nope', quantity: 1 }] },
      {},
    ]) {
      const res = await placeOrder(customer.accessToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    expect((await placeOrder(customer.accessToken, { lines: [{ productId: missingId, quantity: 1 }] })).status).toBe(404);
    expect((await placeOrder(customer.accessToken, { lines: [{ productId: draft.id, quantity: 1 }] })).status).toBe(404);
  });

  it('keeps a product that an order references from being deleted permanently', async () => {
    const p = await product();
    await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 1 }] });
    const res = await t.request<ErrorResponse>(`/api/products/${p.id}/permanent`, { method: 'DELETE', token: admin.accessToken });
    expect(res.status).toBe(409);
  });
});

describe('the order state machine', () => {
  it('walks the whole lifecycle and keeps who, when, from, to and the note', async () => {
    const p = await product();
    const id = (await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 1 }] })).body.id;
    for (const status of ['CONFIRMED', 'IN_PRODUCTION', 'READY', 'SHIPPED', 'DELIVERED', 'COMPLETED'] as const) {
      const res = await setStatus(id, status, admin.accessToken, `to ${status}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const order = (await t.request<Order>(`/api/orders/${id}`, { token: admin.accessToken })).body;
    expect(order.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'PENDING'],
      ['PENDING', 'CONFIRMED'],
      ['CONFIRMED', 'IN_PRODUCTION'],
      ['IN_PRODUCTION', 'READY'],
      ['READY', 'SHIPPED'],
      ['SHIPPED', 'DELIVERED'],
      ['DELIVERED', 'COMPLETED'],
    ]);
    expect(order.history[2]).toMatchObject({ changedBy: admin.userId, changedByUsername: admin.username, note: 'to IN_PRODUCTION' });
    expect(order.allowedTransitions).toEqual([]);
  });

  it('refuses every illegal move with 409 naming the allowed ones', async () => {
    const p = await product({ stockQuantity: 100 });
    for (const from of ORDER_STATUSES) {
      const id = await orderIn(from, p.id);
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[from].includes(to)) continue;
        const res = await setStatus<ErrorResponse>(id, to);
        expect(res.status, `${from} → ${to}`).toBe(409);
        expectErrorShape(res.body, 409, 'INVALID_TRANSITION');
        for (const allowed of ORDER_TRANSITIONS[from]) expect(res.body.message).toContain(allowed);
      }
      expect((await t.request<Order>(`/api/orders/${id}`, { token: admin.accessToken })).body.status).toBe(from);
    }
  });

  it('returns the reserved stock when an order is cancelled before shipping', async () => {
    const p = await product({ stockQuantity: 4 });
    const id = (await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 3 }] })).body.id;
    expect(await stockOf(p.id)).toBe(1);
    await setStatus(id, 'CONFIRMED');
    await setStatus(id, 'IN_PRODUCTION');
    await setStatus(id, 'READY');
    expect((await setStatus(id, 'CANCELLED', admin.accessToken, 'Client changed their mind')).status).toBe(200);
    expect(await stockOf(p.id)).toBe(4);
  });

  it('lets a client cancel their own pending order, and nothing more', async () => {
    const p = await product();
    const mine = (await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 1 }] })).body.id;
    expect((await setStatus(mine, 'CONFIRMED', customer.accessToken)).status).toBe(403);
    expect((await setStatus(mine, 'CANCELLED', customer2.accessToken)).status).toBe(404);
    expect((await setStatus(mine, 'CANCELLED', vendorA.accessToken)).status).toBe(403);
    expect((await setStatus(mine, 'CANCELLED', customer.accessToken)).status).toBe(200);
    const confirmed = (await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 1 }] })).body.id;
    await setStatus(confirmed, 'CONFIRMED');
    expect((await setStatus(confirmed, 'CANCELLED', customer.accessToken)).status).toBe(403);
    expect((await t.request(`/api/orders/${missingId}/status`, { token: admin.accessToken, body: { status: 'CONFIRMED' } })).status).toBe(
      404,
    );
    expect((await t.request(`/api/orders/${confirmed}/status`, { token: admin.accessToken, body: { status: 'LOST' } })).status).toBe(400);
  });
});

describe('payment terms and payments', () => {
  async function freshOrder(price = 1_000_000) {
    const p = await product({ price });
    return (await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 1 }] })).body;
  }
  const terms = (id: string, body: unknown, token = admin.accessToken) =>
    t.request<Order>(`/api/orders/${id}/payment-terms`, { method: 'PUT', token, body });
  const pay = (orderId: string, itemId: string, body: unknown, headers: Record<string, string> = {}, token = admin.accessToken) =>
    t.request<PaymentResult>(`/api/orders/${orderId}/payment-schedule/${itemId}/payments`, { token, body, headers });

  it('regenerates the schedule from the terms, summing exactly to the total', async () => {
    const order = await freshOrder(1_000_001);
    const deposit = await terms(order.id, { type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: '2099-06-30' });
    expect(deposit.status).toBe(200);
    expect(deposit.body.schedule.map((s) => s.amount)).toEqual([300_000, 700_001]);
    expect(deposit.body.paymentTerms).toEqual({ type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: '2099-06-30' });
    const inst = await terms(order.id, { type: 'INSTALLMENTS', installments: 3 });
    const amounts = inst.body.schedule.map((s) => s.amount);
    expect(amounts).toEqual([333_334, 333_334, 333_333]);
    expect(amounts.reduce((a: number, b: number) => a + b, 0)).toBe(1_000_001);
    const schedule = await t.request<ScheduleItem[]>(`/api/orders/${order.id}/payment-schedule`, { token: customer.accessToken });
    expect(schedule.body.map((s) => s.sequence)).toEqual([1, 2, 3]);
  });

  it('validates terms and keeps them for ADMIN', async () => {
    const order = await freshOrder();
    for (const body of [
      { type: 'DEPOSIT_BALANCE', depositPercent: 0, balanceDueDate: '2099-01-01' },
      { type: 'INSTALLMENTS', installments: 1 },
      { type: 'LAYAWAY' },
      { type: 'DEPOSIT_BALANCE', depositPercent: 20, balanceDueDate: '2001-01-01' },
    ]) {
      const res = await terms(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    for (const s of [customer, vendorA, designer]) expect((await terms(order.id, { type: 'FULL' }, s.accessToken)).status).toBe(403);
    expect((await terms(missingId, { type: 'FULL' })).status).toBe(404);
  });

  it('records payments, refuses overpayment, knows when the order is paid in full and queues receipts', async () => {
    const order = await freshOrder(900_000);
    const withTerms = (await terms(order.id, { type: 'INSTALLMENTS', installments: 3 })).body;
    const [first, second, third] = withTerms.schedule;
    const part = await pay(order.id, first!.id, { amount: 100_000, method: 'CARD', reference: 'AUTH-1' });
    expect(part.status).toBe(201);
    expect(part.body.scheduleItem).toMatchObject({ paidAmount: 100_000, remaining: 200_000, status: 'PARTIALLY_PAID' });
    const over = await pay(order.id, first!.id, { amount: 200_001, method: 'CARD' });
    expect(over.status).toBe(409);
    expectErrorShape(over.body, 409, 'OVERPAYMENT');
    expect((await terms(order.id, { type: 'FULL' })).status).toBe(409);
    expect((await pay(order.id, first!.id, { amount: 0, method: 'CARD' })).status).toBe(400);
    expect((await pay(order.id, first!.id, { amount: 10, method: 'BITCOIN' })).status).toBe(400);
    await pay(order.id, first!.id, { amount: 200_000, method: 'BANK_TRANSFER' });
    await pay(order.id, second!.id, { amount: 300_000, method: 'BANK_TRANSFER' });
    const last = await pay(order.id, third!.id, { amount: 300_000, method: 'CASH' });
    expect(last.body.order).toMatchObject({ paidAmount: 900_000, isPaidInFull: true });
    expect(last.body.order.schedule.every((s) => s.status === 'PAID')).toBe(true);
    const receipts = (await outbox('PAYMENT_RECEIPT')).filter((m) => m.model.orderNumber === order.number);
    expect(receipts).toHaveLength(4);
    expect(receipts[3]!.model).toMatchObject({ amount: 300_000, remaining: 0 });
    const paidList = await t.request<OrderPage>(`/api/orders?paid=true&size=100`, { token: admin.accessToken });
    expect(paidList.body.content.map((o) => o.id)).toContain(order.id);
  });

  it('records one payment for ten concurrent replays of one Idempotency-Key', async () => {
    const order = await freshOrder(500_000);
    const item = order.schedule[0];
    const key = `pay-${order.id}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(order.id, item!.id, { amount: 125_000, method: 'CARD' }, { 'idempotency-key': key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.payment.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    const after = await t.request<Order>(`/api/orders/${order.id}`, { token: admin.accessToken });
    expect(after.body.paidAmount).toBe(125_000);
    const different = await pay(order.id, item!.id, { amount: 1, method: 'CARD' }, { 'idempotency-key': key });
    expect(different.status).toBe(422);
    expectErrorShape(different.body, 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('guards who may pay and which items exist', async () => {
    const order = await freshOrder();
    const item = order.schedule[0];
    for (const s of [customer, vendorA, designer])
      expect((await pay(order.id, item!.id, { amount: 1, method: 'CARD' }, {}, s.accessToken)).status).toBe(403);
    const other = await freshOrder();
    expect((await pay(order.id, other.schedule[0]!.id, { amount: 1, method: 'CARD' })).status).toBe(404);
    expect((await pay(missingId, item!.id, { amount: 1, method: 'CARD' })).status).toBe(404);
    await setStatus(order.id, 'CANCELLED');
    expect((await pay(order.id, item!.id, { amount: 1, method: 'CARD' })).status).toBe(409);
  });
});

describe('who sees which orders', () => {
  let mixedId: string;
  let onlyBId: string;
  beforeAll(async () => {
    const a = await product({ price: 100_000 });
    const b = await product({ vendorId: vendorBId, price: 200_000 });
    mixedId = (
      await placeOrder(customer.accessToken, {
        lines: [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 2 },
        ],
      })
    ).body.id;
    onlyBId = (await placeOrder(customer2.accessToken, { lines: [{ productId: b.id, quantity: 1 }] })).body.id;
  });

  it('shows a client only their own orders', async () => {
    for (const q of ['', '?filter=current-user']) {
      const res = await t.request<OrderPage>(`/api/orders${q}`, { token: customer2.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.content.length).toBeGreaterThan(0);
      expect(res.body.content.every((o) => o.customerId === customer2.userId)).toBe(true);
    }
    expect((await t.request(`/api/orders/${mixedId}`, { token: customer2.accessToken })).status).toBe(404);
    expect((await t.request(`/api/orders/${mixedId}/payment-schedule`, { token: customer2.accessToken })).status).toBe(404);
    expect((await t.request<OrderPage>('/api/orders', { token: designer.accessToken })).body.totalElements).toBe(0);
    expect((await t.request('/api/orders')).status).toBe(401);
  });

  it('shows a vendor only orders with its pieces, and only its own lines', async () => {
    const list = await t.request<OrderPage>('/api/orders?size=100', { token: vendorA.accessToken });
    expect(list.status).toBe(200);
    const ids = list.body.content.map((o) => o.id);
    expect(ids).toContain(mixedId);
    expect(ids).not.toContain(onlyBId);
    for (const o of list.body.content) expect(o.lines.every((l) => l.vendorId === vendorAId)).toBe(true);
    const mixed = await t.request<Order>(`/api/orders/${mixedId}`, { token: vendorA.accessToken });
    expect(mixed.body.lines).toHaveLength(1);
    expect(mixed.body.total).toBe(100_000);
    expect(mixed.body.schedule).toEqual([]);
    expect((await t.request(`/api/orders/${onlyBId}`, { token: vendorA.accessToken })).status).toBe(404);
    expect((await t.request(`/api/orders/${mixedId}/payment-schedule`, { token: vendorA.accessToken })).status).toBe(403);
    const asB = await t.request<Order>(`/api/orders/${mixedId}`, { token: vendorB.accessToken });
    expect(asB.body).toMatchObject({ total: 400_000 });
  });

  it('lets ADMIN filter by status, customer, vendor, dates and paid state', async () => {
    const byCustomer = await t.request<OrderPage>(`/api/orders?customerId=${customer2.userId}`, { token: admin.accessToken });
    expect(byCustomer.body.content.map((o) => o.id)).toContain(onlyBId);
    expect(byCustomer.body.content.every((o) => o.customerId === customer2.userId)).toBe(true);
    const byVendor = await t.request<OrderPage>(`/api/orders?vendorId=${vendorBId}&size=100`, { token: admin.accessToken });
    expect(byVendor.body.content.map((o) => o.id)).toEqual(expect.arrayContaining([mixedId, onlyBId]));
    const pending = await t.request<OrderPage>('/api/orders?status=PENDING&size=100', { token: admin.accessToken });
    expect(pending.body.content.every((o) => o.status === 'PENDING')).toBe(true);
    const future = await t.request<OrderPage>('/api/orders?from=2999-01-01', { token: admin.accessToken });
    expect(future.body.totalElements).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await t.request<OrderPage>(`/api/orders?from=${today}&to=${today}&size=1`, { token: admin.accessToken });
    expect(todays.body.totalElements).toBeGreaterThan(0);
    expect(todays.body).toMatchObject({ page: 0, size: 1 });
    const unpaid = await t.request<OrderPage>('/api/orders?paid=false&size=100', { token: admin.accessToken });
    expect(unpaid.body.content.every((o) => !o.isPaidInFull)).toBe(true);
    expect((await t.request('/api/orders?status=LOST', { token: admin.accessToken })).status).toBe(400);
    expect((await t.request('/api/orders?sort=secret,asc', { token: admin.accessToken })).status).toBe(400);
  });

  it('finds orders by number, client name or email with q (the command palette), case-insensitively', async () => {
    const p = await product();
    const guest = await placeOrder(admin.accessToken, {
      guest: { name: 'Ottavia Brambilla', email: 'ottavia@palazzo.example' },
      lines: [{ productId: p.id, quantity: 1 }],
    });
    const other = await placeOrder(admin.accessToken, {
      guest: { name: 'Léonie Marchetti', email: 'leonie@example.com' },
      lines: [{ productId: p.id, quantity: 1 }],
    });
    const found = async (q: string, token = admin.accessToken) =>
      (await t.request<OrderPage>(`/api/orders?size=100&q=${encodeURIComponent(q)}`, { token })).body.content.map((o) => o.id);
    const number = guest.body.number;
    for (const q of [number, number.toLowerCase(), number.slice(-6), 'brambilla', 'OTTAVIA B', 'palazzo.EXAMPLE', '  ottavia  ']) {
      expect(await found(q), q).toContain(guest.body.id);
      expect(await found(q), q).not.toContain(other.body.id);
    }
    expect(await found('léonie')).toEqual([other.body.id]);
    // LIKE wildcards are plain characters.
    expect(await found('%')).toEqual([]);
    expect(await found('ottavia_palazzo')).toEqual([]);
    // A client searching sees only their own orders.
    expect(await found('brambilla', customer.accessToken)).toEqual([]);
    expect((await t.request(`/api/orders?q=${'x'.repeat(101)}`, { token: admin.accessToken })).status).toBe(400);
    expect((await t.request('/api/orders?q=', { token: admin.accessToken })).status).toBe(400);
  });

  it('lists schedule items across orders for ADMIN: due between dates and overdue', async () => {
    const p = await product();
    const order = (await placeOrder(customer.accessToken, { lines: [{ productId: p.id, quantity: 1 }] })).body;
    await t.database.db.execute(sql`update payment_schedule_items set due_date = '2020-01-15' where order_id = ${order.id}`);
    const overdue = await t.request<ScheduleEntryPage>('/api/orders/payment-schedule?overdue=true&size=100', { token: admin.accessToken });
    expect(overdue.status).toBe(200);
    const mine = overdue.body.content.find((s) => s.orderId === order.id);
    expect(mine).toMatchObject({ status: 'OVERDUE', orderNumber: order.number, dueDate: '2020-01-15' });
    expect(overdue.body.content.every((s) => s.status === 'OVERDUE')).toBe(true);
    const between = await t.request<ScheduleEntryPage>('/api/orders/payment-schedule?dueFrom=2020-01-01&dueTo=2020-01-31', {
      token: admin.accessToken,
    });
    expect(between.body.content.map((s) => s.orderId)).toEqual([order.id]);
    const single = await t.request<Order>(`/api/orders/${order.id}`, { token: customer.accessToken });
    expect(single.body.schedule[0]!.status).toBe('OVERDUE');
    for (const s of [customer, vendorA, designer])
      expect((await t.request('/api/orders/payment-schedule', { token: s.accessToken })).status).toBe(403);
    expect((await t.request('/api/orders/payment-schedule?dueFrom=soon', { token: admin.accessToken })).status).toBe(400);
  });
});
