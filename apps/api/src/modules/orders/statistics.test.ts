import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  OrderStatisticsSchema,
  type OrderStatus,
  type ScheduleEntryPage,
  type OrderPage,
  type Order,
  type ErrorResponse,
  type OrderStatistics,
} from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import { addDays, todayUtc } from './schedule';

// A database of its own: the figures are exact, starting from an empty one.
let t: TestApp;
let admin: Session;
let others: Session[];
let customer: Session;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('ADMIN');
  customer = await t.loginAs('CUSTOMER');
  others = [customer, await t.loginAs('VENDOR'), await t.loginAs('DESIGNER')];
});
afterAll(() => t.close());

const statistics = async () => {
  const res = await t.request<OrderStatistics>('/api/orders/statistics', { token: admin.accessToken });
  expect(res.status).toBe(200);
  return res.body;
};

/** The first instant of the UTC month `offset` months from now, plus `hours`. */
const monthStart = (offset: number, hours = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1, hours));
};
const monthLabel = (offset: number) => monthStart(offset).toISOString().slice(0, 7);
const last12 = () => Array.from({ length: 12 }, (_, i) => monthLabel(i - 11));

describe('GET /api/orders/statistics', () => {
  it('is for ADMIN only', async () => {
    for (const s of others) {
      const res = await t.request<ErrorResponse>('/api/orders/statistics', { token: s.accessToken });
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
    const anonymous = await t.request<ErrorResponse>('/api/orders/statistics');
    expect(anonymous.status).toBe(401);
    expectErrorShape(anonymous.body, 401);
  });

  it('answers zeros on an empty database, every status and every month present', async () => {
    const body = await statistics();
    expect(OrderStatisticsSchema.parse(body)).toEqual(body);
    const zeroMonth = (month: string) => ({ month, orderCount: 0, ordersTotal: [], paymentsReceived: [] });
    expect(body).toEqual({
      asOf: todayUtc(),
      currencies: [],
      total: 0,
      byStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])),
      revenue: { thisMonth: zeroMonth(monthLabel(0)), lastMonth: zeroMonth(monthLabel(-1)) },
      revenueByMonth: last12().map(zeroMonth),
      instalments: { dueNext30Days: { count: 0, outstanding: [] }, overdue: { count: 0, outstanding: [] } },
    });
  });

  it('adds up orders, payments and instalments exactly as the data implies', async () => {
    const f = catalogFactory(t, admin);
    const vendorId = (await f.vendor()).id;
    const categoryId = (await f.category()).id;
    const piece = (price: number, currency = 'EUR') => f.product({ vendorId, categoryId, price, currency, stockQuantity: 5 });
    const place = async (price: number, currency = 'EUR', paymentTerms?: unknown) => {
      const p = await piece(price, currency);
      const res = await t.request<Order>('/api/orders', {
        token: admin.accessToken,
        body: { customerId: customer.userId, lines: [{ productId: p.id, quantity: 1 }], ...(paymentTerms ? { paymentTerms } : {}) },
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    const setStatus = async (id: string, ...steps: OrderStatus[]) => {
      for (const status of steps)
        expect((await t.request(`/api/orders/${id}/status`, { token: admin.accessToken, body: { status } })).status).toBe(200);
    };
    const pay = async (order: Order, amount: number, item = order.schedule[0]!) =>
      expect(
        (
          await t.request(`/api/orders/${order.id}/payment-schedule/${item.id}/payments`, {
            token: admin.accessToken,
            body: { amount, method: 'BANK_TRANSFER' },
          })
        ).status,
      ).toBe(201);
    const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
    const placedAt = (order: Order, at: Date) => exec(sql`update orders set created_at = ${at} where id = ${order.id}`);
    const paidAt = (order: Order, at: Date) => exec(sql`update payments set created_at = ${at} where order_id = ${order.id}`);
    const dueOn = (itemId: string, date: string) =>
      exec(sql`update payment_schedule_items set due_date = ${date}::date where id = ${itemId}`);
    const today = todayUtc();

    // This month, EUR 1,000,000 in full due today; 100,000 paid → 900,000 due soon.
    const o1 = await place(1_000_000);
    await pay(o1, 100_000);
    // Last month, EUR 500,000, confirmed and paid in full last month.
    const o2 = await place(500_000);
    await setStatus(o2.id, 'CONFIRMED');
    await pay(o2, 500_000);
    await placedAt(o2, monthStart(-1, 12));
    await paidAt(o2, monthStart(-1, 13));
    // This month, USD 300,000, cancelled: no revenue, nothing owed.
    const o3 = await place(300_000, 'USD');
    await setStatus(o3.id, 'CANCELLED');
    // Five months ago, EUR 200,000, due ten days ago; 50,000 paid this month → 150,000 overdue.
    const o4 = await place(200_000);
    await placedAt(o4, monthStart(-5, 9));
    await dueOn(o4.schedule[0]!.id, addDays(today, -10));
    await pay(o4, 50_000);
    // Thirteen months ago (outside the 12 months), USD 700,000, due 40 days ago: all overdue.
    const o5 = await place(700_000, 'USD');
    await setStatus(o5.id, 'CONFIRMED');
    await placedAt(o5, monthStart(-13, 1));
    await dueOn(o5.schedule[0]!.id, addDays(today, -40));
    // This month, EUR 600,000 in two instalments: one due on day 30 (counted), one on day 31 (not yet).
    const o6 = await place(600_000, 'EUR', { type: 'INSTALLMENTS', installments: 2 });
    await dueOn(o6.schedule[0]!.id, addDays(today, 30));
    await dueOn(o6.schedule[1]!.id, addDays(today, 31));

    const body = await statistics();
    expect(OrderStatisticsSchema.parse(body)).toEqual(body);
    expect(body.currencies).toEqual(['EUR', 'USD']);
    expect(body.total).toBe(6);
    expect(body.byStatus).toEqual({ ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])), PENDING: 3, CONFIRMED: 2, CANCELLED: 1 });
    // The same figures as the orders list gives for each status.
    for (const status of ORDER_STATUSES) {
      const list = await t.request<OrderPage>(`/api/orders?status=${status}&size=1`, { token: admin.accessToken });
      expect(list.body.totalElements, status).toBe(body.byStatus[status]);
    }

    const money = (eur: number, usd: number) => [
      { currency: 'EUR', amount: eur },
      { currency: 'USD', amount: usd },
    ];
    const month = (offset: number, orderCount: number, ordered: number, received: number) => ({
      month: monthLabel(offset),
      orderCount,
      ordersTotal: money(ordered, 0),
      paymentsReceived: money(received, 0),
    });
    const expectedMonths = last12().map((_, i) => month(i - 11, 0, 0, 0));
    expectedMonths[11] = month(0, 2, 1_600_000, 150_000);
    expectedMonths[10] = month(-1, 1, 500_000, 500_000);
    expectedMonths[6] = month(-5, 1, 200_000, 0);
    expect(body.revenueByMonth).toEqual(expectedMonths);
    expect(body.revenue).toEqual({ thisMonth: expectedMonths[11], lastMonth: expectedMonths[10] });

    expect(body.instalments).toEqual({
      dueNext30Days: { count: 2, outstanding: money(900_000 + 300_000, 0) },
      overdue: { count: 2, outstanding: money(150_000, 700_000) },
    });
    // The overdue figure is the sum of what the schedule list calls OVERDUE.
    const overdue = await t.request<ScheduleEntryPage>('/api/orders/payment-schedule?overdue=true&size=100', { token: admin.accessToken });
    expect(overdue.body.content.map((s) => [s.currency, s.remaining]).sort()).toEqual([
      ['EUR', 150_000],
      ['USD', 700_000],
    ]);

    // Paying the rest moves the figures at once.
    await pay(o4, 150_000);
    await pay(o6, 300_000, o6.schedule[0]);
    const after = await statistics();
    expect(after.instalments).toEqual({
      dueNext30Days: { count: 1, outstanding: money(900_000, 0) },
      overdue: { count: 1, outstanding: money(0, 700_000) },
    });
    expect(after.revenue.thisMonth.paymentsReceived).toEqual(money(150_000 + 150_000 + 300_000, 0));
  });
});
