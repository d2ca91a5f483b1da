import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogFactory } from '../catalog';
import { stopAfterAll, type Session, type TestApp } from '../helpers';
import { buildSecurityApp } from './world';
import type { ErrorResponse, Order, OrderPage, PaymentResult, Product } from '@mirror/contract';

// Issue 14: the races. Concurrent orders on the last pieces and concurrent payments on one schedule item,
// with and without one Idempotency-Key: no stock or money lost or counted twice. On PGlite the database
// runs one statement at a time; the PostgreSQL pass runs the same requests on a pool of 10 connections.

let t: TestApp;
let admin: Session;
let customers: Session[];
let f: ReturnType<typeof catalogFactory>;
let vendorId: string;
let categoryId: string;

const stopLater = stopAfterAll();
beforeAll(async () => {
  t = await buildSecurityApp();
  stopLater(() => t.close());
  admin = await t.loginAs('ADMIN');
  customers = await Promise.all(Array.from({ length: 4 }, () => t.loginAs('CUSTOMER')));
  f = catalogFactory(t, admin);
  const vendorUser = await t.loginAs('VENDOR');
  vendorId = (await f.vendor(vendorUser.userId)).id;
  categoryId = (await f.category()).id;
});

const piece = (stockQuantity: number, price = 400_000) => f.product({ vendorId, categoryId, stockQuantity, price, status: 'ACTIVE' });
const stockOf = async (id: string) => (await t.request<Product>(`/api/products/${id}`, { token: admin.accessToken })).body.stockQuantity;
/** Quantities of `productId` on every order, as the house sees them. */
async function orderedQuantity(productId: string): Promise<number> {
  const res = await t.request<OrderPage>('/api/orders?size=100', { token: admin.accessToken });
  return res.body.content
    .flatMap((o) => o.lines)
    .filter((l) => l.productId === productId)
    .reduce((sum: number, l) => sum + l.quantity, 0);
}
const order = <R = Order>(customer: Session, productId: string, quantity = 1) =>
  t.request<R>('/api/orders', { token: customer.accessToken, body: { lines: [{ productId, quantity }] } });
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});

describe('stock', () => {
  it('the last piece: 12 concurrent orders, one succeeds, 11 answer 409, stock 0', async () => {
    const last = await piece(1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => order<Order | ErrorResponse>(customers[i % customers.length]!, last.id)),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 201: 1, 409: 11 });
    for (const a of answers.filter((x) => x.status === 409)) expect((a.body as ErrorResponse).code).toBe('INSUFFICIENT_STOCK');
    expect(await stockOf(last.id)).toBe(0);
    expect(await orderedQuantity(last.id)).toBe(1);
  });

  it('five pieces, 16 concurrent orders and stock moves: exactly five leave, stock never below 0', async () => {
    const five = await piece(5);
    const vendorMoves = Array.from({ length: 4 }, () =>
      t.request<Product>(`/api/products/${five.id}/stock`, { method: 'PUT', token: admin.accessToken, body: { delta: -1 } }),
    );
    const orders = Array.from({ length: 12 }, (_, i) => order(customers[i % customers.length]!, five.id));
    const [moves, placed] = await Promise.all([Promise.all(vendorMoves), Promise.all(orders)]);
    const moved = moves.filter((m) => m.status === 200).length;
    const sold = placed.filter((p) => p.status === 201).length;
    expect(moved + sold).toBe(5);
    expect([...moves, ...placed].every((r) => [200, 201, 409].includes(r.status))).toBe(true);
    expect(await stockOf(five.id)).toBe(0);
    expect(await orderedQuantity(five.id)).toBe(sold);
  });

  it('cancelling returns stock exactly once, however many cancel at the same time', async () => {
    const two = await piece(2);
    const placed = await order(customers[0]!, two.id, 2);
    expect(placed.status).toBe(201);
    expect(await stockOf(two.id)).toBe(0);
    const cancels = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request<Order>(`/api/orders/${placed.body.id}/status`, { token: customers[0]!.accessToken, body: { status: 'CANCELLED' } }),
      ),
    );
    expect(cancels.filter((c) => c.status === 200)).toHaveLength(1);
    // The others find it cancelled already: a conflict, or (a client may cancel a PENDING order only) a refusal.
    expect(cancels.filter((c) => c.status !== 200).every((c) => c.status === 409 || c.status === 403)).toBe(true);
    expect(await stockOf(two.id)).toBe(2);
  });
});

describe('payments on one schedule item', () => {
  async function unpaidOrder(total: number) {
    const p = await piece(5, total);
    const o = await t.request<Order>('/api/orders', {
      token: admin.accessToken,
      body: { customerId: customers[1]!.userId, lines: [{ productId: p.id, quantity: 1 }] },
    });
    expect(o.status).toBe(201);
    return { orderId: o.body.id, scheduleId: o.body.schedule[0]!.id, amount: o.body.schedule[0]!.amount };
  }
  const pay = (o: { orderId: string; scheduleId: string }, amount: number, key?: string, reference?: string) =>
    t.request<PaymentResult | ErrorResponse>(`/api/orders/${o.orderId}/payment-schedule/${o.scheduleId}/payments`, {
      token: admin.accessToken,
      headers: key ? { 'idempotency-key': key } : {},
      body: { amount, method: 'BANK_TRANSFER', ...(reference ? { reference } : {}) },
    });
  const paid = async (orderId: string) => {
    const o = (await t.request<Order>(`/api/orders/${orderId}`, { token: admin.accessToken })).body;
    return { paidAmount: o.paidAmount, payments: o.payments.length, itemPaid: o.schedule[0]!.paidAmount };
  };

  it('10 concurrent full payments without a key: one is recorded, the others are refused as overpayment', async () => {
    const o = await unpaidOrder(300_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(o, o.amount)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect((a.body as ErrorResponse).code).toBe('OVERPAYMENT');
    expect(await paid(o.orderId)).toEqual({ paidAmount: o.amount, payments: 1, itemPaid: o.amount });
  });

  it('10 concurrent quarter payments without a key: exactly four are recorded, never more than the item', async () => {
    const o = await unpaidOrder(400_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(o, o.amount / 4)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(await paid(o.orderId)).toEqual({ paidAmount: o.amount, payments: 4, itemPaid: o.amount });
  });

  it('10 concurrent retries with one Idempotency-Key: one payment, every answer the same payment', async () => {
    const o = await unpaidOrder(500_000);
    const key = `race-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(o, 100_000, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => (a.body as PaymentResult).payment.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await paid(o.orderId)).toEqual({ paidAmount: 100_000, payments: 1, itemPaid: 100_000 });
  });

  it('one Idempotency-Key sent with two different bodies at once: one payment, the other body refused', async () => {
    const o = await unpaidOrder(500_000);
    const key = `race-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => pay(o, 100_000, key, i % 2 ? 'wire A' : 'wire B')));
    const recorded = answers.filter((a) => a.status === 201);
    expect(new Set(recorded.map((a) => (a.body as PaymentResult).payment.id)).size).toBe(1);
    const reference = (recorded[0]!.body as PaymentResult).payment.reference;
    expect(answers.filter((a) => a.status === 201).every((a) => (a.body as PaymentResult).payment.reference === reference)).toBe(true);
    for (const a of answers.filter((x) => x.status !== 201)) expect((a.body as ErrorResponse).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(answers.filter((a) => a.status !== 201)).toHaveLength(5);
    expect(await paid(o.orderId)).toEqual({ paidAmount: 100_000, payments: 1, itemPaid: 100_000 });
  });

  it('keys of two schedule items: the same key on another item is refused, not recorded twice', async () => {
    const o1 = await unpaidOrder(200_000);
    const o2 = await unpaidOrder(200_000);
    const key = `race-${randomUUID()}`;
    const answers = await Promise.all([pay(o1, 50_000, key), pay(o2, 50_000, key), pay(o1, 50_000, key), pay(o2, 50_000, key)]);
    const recordedIds = new Set(answers.filter((a) => a.status === 201).map((a) => (a.body as PaymentResult).payment.id));
    expect(recordedIds.size).toBe(1);
    const totals = [(await paid(o1.orderId)).paidAmount, (await paid(o2.orderId)).paidAmount].sort();
    expect(totals).toEqual([0, 50_000]);
  });
});
