import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import type { ErrorResponse, Order, OrderPage, PaymentResult } from '@mirror/contract';

/**
 * What the back-office order page reads and writes beyond the basics (issue 11): line images and
 * stock, the payments with their receipt data, the received-on date, instalment intervals.
 */
let t: TestApp;
let admin: Session;
let customer: Session;
let vendor: Session;
let f: ReturnType<typeof catalogFactory>;
let vendorId: string;
let categoryId: string;
const missingId = '00000000-0000-4000-8000-000000000000';
const today = () => new Date().toISOString().slice(0, 10);
const daysFrom = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, vendor] = await Promise.all([t.loginAs('ADMIN'), t.loginAs('CUSTOMER'), t.loginAs('VENDOR')]);
  f = catalogFactory(t, admin);
  vendorId = (await f.vendor(vendor.userId)).id;
  categoryId = (await f.category()).id;
});
afterAll(() => t.close());

const image = {
  variant: 'front',
  alt: 'Halo ring',
  sources: [{ key: 'mirror-storage/products/halo-front-640.webp', width: 640, height: 800 }],
};
const product = (overrides: Record<string, unknown> = {}) =>
  f.product({ vendorId, categoryId, stockQuantity: 5, price: 900_000, ...overrides });
const placeOrder = (body: Record<string, unknown>) => t.request<Order>('/api/orders', { token: admin.accessToken, body });
const getOrder = (id: string, token = admin.accessToken) => t.request<Order>(`/api/orders/${id}`, { token });
const pay = <R = PaymentResult>(orderId: string, itemId: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request<R>(`/api/orders/${orderId}/payment-schedule/${itemId}/payments`, { token: admin.accessToken, body, headers });
const terms = <R = Order>(id: string, body: unknown) =>
  t.request<R>(`/api/orders/${id}/payment-terms`, { method: 'PUT', token: admin.accessToken, body });

describe('the order page’s lines', () => {
  it('carries each piece’s first image and, for ADMIN only, its stock now — which a cancellation puts back', async () => {
    const withImage = await product({ images: [image], stockQuantity: 4 });
    const plain = await product();
    const order = await placeOrder({
      customerId: customer.userId,
      lines: [
        { productId: withImage.id, quantity: 3 },
        { productId: plain.id, quantity: 1 },
      ],
    });
    expect(order.status).toBe(201);
    expect(order.body.lines).toEqual([
      expect.objectContaining({
        productId: withImage.id,
        stockQuantity: 1,
        image: expect.objectContaining({ alt: 'Halo ring', url: expect.stringContaining('halo-front-640.webp') }),
      }),
      expect.objectContaining({ productId: plain.id, stockQuantity: 4, image: null }),
    ]);
    const cancelled = await t.request<Order>(`/api/orders/${order.body.id}/status`, {
      token: admin.accessToken,
      body: { status: 'CANCELLED', note: 'Client withdrew' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.lines.map((l) => l.stockQuantity)).toEqual([4, 5]);
    expect(cancelled.body.history.at(-1)).toMatchObject({
      fromStatus: 'PENDING',
      toStatus: 'CANCELLED',
      note: 'Client withdrew',
      changedByUsername: admin.username,
    });
    const asClient = await getOrder(order.body.id, customer.accessToken);
    expect(asClient.body.lines.map((l) => l.stockQuantity)).toEqual([null, null]);
    expect(asClient.body.lines[0]!.image).not.toBeNull();
    // The list keeps its lean lines.
    const list = await t.request<OrderPage>(`/api/orders?q=${order.body.number}`, { token: admin.accessToken });
    expect(list.body.content[0]!.lines[0]).not.toHaveProperty('image');
    expect(list.body.content[0]).not.toHaveProperty('payments');
  });
});

describe('payments on the order', () => {
  it('lists every payment with its date received, method, reference and recorder, oldest first', async () => {
    const p = await product();
    const order = (
      await placeOrder({ guest: { name: 'Margaux Delacroix', email: 'margaux@example.com' }, lines: [{ productId: p.id, quantity: 1 }] })
    ).body;
    expect(order.payments).toEqual([]);
    const item = order.schedule[0];
    const yesterday = daysFrom(today(), -1);
    // The order was placed today: back-date it so a payment received yesterday is plausible.
    await t.database.db.execute(sql`update orders set created_at = now() - interval '3 days' where id = ${order.id}`);
    const first = await pay(order.id, item!.id, { amount: 200_000, method: 'BANK_TRANSFER', reference: 'VIR-0042', receivedOn: yesterday });
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({
      amount: 200_000,
      method: 'BANK_TRANSFER',
      reference: 'VIR-0042',
      receivedOn: yesterday,
      recordedBy: admin.userId,
      recordedByUsername: admin.username,
      currency: 'EUR',
    });
    const second = await pay(order.id, item!.id, { amount: 100_000, method: 'CARD' });
    expect(second.body.payment.receivedOn).toBe(today());
    const after = await getOrder(order.id);
    expect(after.body.payments.map((x) => [x.id, x.amount, x.scheduleItemId])).toEqual([
      [first.body.payment.id, 200_000, item!.id],
      [second.body.payment.id, 100_000, item!.id],
    ]);
    expect(second.body.order.payments).toHaveLength(2);
    // A vendor sees neither the schedule nor the payments.
    const asVendor = await getOrder(order.id, vendor.accessToken);
    expect(asVendor.status).toBe(200);
    expect(asVendor.body.payments).toEqual([]);
  });

  it('refuses a date received in the future or before the order, and a malformed one', async () => {
    const p = await product();
    const order = (await placeOrder({ customerId: customer.userId, lines: [{ productId: p.id, quantity: 1 }] })).body;
    const item = order.schedule[0];
    for (const [receivedOn, message] of [
      [daysFrom(today(), 1), 'The payment date cannot be in the future'],
      [daysFrom(today(), -40), 'The payment date cannot be before the order was placed'],
    ] as const) {
      const res = await pay(order.id, item!.id, { amount: 1_000, method: 'CASH', receivedOn });
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.details).toEqual([{ path: 'receivedOn', message }]);
    }
    expect((await pay(order.id, item!.id, { amount: 1_000, method: 'CASH', receivedOn: '23/11/2026' })).status).toBe(400);
    expect((await getOrder(order.id)).body.paidAmount).toBe(0);
  });

  it('answers an overpayment with what remains, in money, on the amount field', async () => {
    const p = await product({ price: 300_000 });
    const order = (await placeOrder({ customerId: customer.userId, lines: [{ productId: p.id, quantity: 1 }] })).body;
    const [first] = (await terms(order.id, { type: 'INSTALLMENTS', installments: 3 })).body.schedule;
    await pay(order.id, first!.id, { amount: 50_050, method: 'CARD' });
    const over = await pay(order.id, first!.id, { amount: 50_000, method: 'CARD' });
    expect(over.status).toBe(409);
    expectErrorShape(over.body, 409, 'OVERPAYMENT');
    expect(over.body.message).toBe('Only €499.50 remains to pay on Instalment 1 of 3.');
    expect(over.body.details).toEqual([{ path: 'amount', message: 'Only €499.50 remains to pay on this item' }]);
    // Whole amounts in the house's format, without cents.
    const second = (await getOrder(order.id)).body.schedule[1];
    const wholeOver = await pay<ErrorResponse>(order.id, second!.id, { amount: 100_001, method: 'CARD' });
    expect(wholeOver.body.details).toEqual([{ path: 'amount', message: 'Only €1,000 remains to pay on this item' }]);
  });

  it('treats the date received as part of the request an Idempotency-Key stands for', async () => {
    const p = await product();
    const order = (await placeOrder({ customerId: customer.userId, lines: [{ productId: p.id, quantity: 1 }] })).body;
    const item = order.schedule[0];
    const key = `receipt-${order.id}`;
    const body = { amount: 10_000, method: 'CHEQUE', reference: 'CHQ 88' };
    const [a, b] = await Promise.all([
      pay(order.id, item!.id, body, { 'idempotency-key': key }),
      pay(order.id, item!.id, body, { 'idempotency-key': key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.payment.id).toBe(b.body.payment.id);
    expect((await getOrder(order.id)).body.payments).toHaveLength(1);
    const otherDay = await pay(order.id, item!.id, { ...body, receivedOn: daysFrom(today(), -1) }, { 'idempotency-key': key });
    expect(otherDay.status).toBe(422);
    expectErrorShape(otherDay.body, 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps the 404 and 403 answers of the order page', async () => {
    expect((await getOrder(missingId)).status).toBe(404);
    expect((await getOrder('not-a-uuid')).status).toBe(400);
    const p = await product();
    const order = (await placeOrder({ customerId: customer.userId, lines: [{ productId: p.id, quantity: 1 }] })).body;
    const res = await t.request<ErrorResponse>(`/api/orders/${order.id}/payment-schedule/${order.schedule[0]!.id}/payments`, {
      token: customer.accessToken,
      body: { amount: 1, method: 'CARD', receivedOn: today() },
    });
    expect(res.status).toBe(403);
  });
});

describe('instalment intervals', () => {
  it('spaces instalments by the interval in months, monthly when omitted, and validates it', async () => {
    const p = await product({ price: 1_200_000 });
    const order = (await placeOrder({ customerId: customer.userId, lines: [{ productId: p.id, quantity: 1 }] })).body;
    const quarterly = await terms(order.id, { type: 'INSTALLMENTS', installments: 3, firstDueDate: '2099-01-31', intervalMonths: 3 });
    expect(quarterly.status).toBe(200);
    expect(quarterly.body.schedule.map((s) => s.dueDate)).toEqual(['2099-01-31', '2099-04-30', '2099-07-31']);
    expect(quarterly.body.paymentTerms).toEqual({ type: 'INSTALLMENTS', installments: 3, firstDueDate: '2099-01-31', intervalMonths: 3 });
    const monthly = await terms(order.id, { type: 'INSTALLMENTS', installments: 2, firstDueDate: '2099-01-31' });
    expect(monthly.body.schedule.map((s) => s.dueDate)).toEqual(['2099-01-31', '2099-02-28']);
    for (const intervalMonths of [0, 13, 1.5]) {
      const res = await terms<ErrorResponse>(order.id, { type: 'INSTALLMENTS', installments: 2, intervalMonths });
      expect(res.status).toBe(400);
      expect(res.body.details![0]!.path).toBe('intervalMonths');
    }
  });
});
