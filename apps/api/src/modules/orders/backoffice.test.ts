import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  OrderFacetsSchema,
  type PaymentState,
  type ScheduleEntryPage,
  type ScheduleSummary,
  type ErrorResponse,
  type Order,
  type OrderFacets,
  type OrderPage,
  type PaymentResult,
  type ScheduleEntry,
  type ScheduleMonth,
} from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import { addDays, addMonths, todayUtc } from './schedule';

// A database of its own: the counts below are exact.
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
const today = todayUtc();
const PAST = addDays(today, -10);
const LONG_AGO = addDays(today, -40);

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const placeOrder = async (token: string, body: Record<string, unknown>) => {
  const res = await t.request<Order>('/api/orders', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const pay = async (order: Order, sequence: number, amount: number) => {
  const item = order.schedule.find((s) => s.sequence === sequence);
  const res = await t.request<PaymentResult>(`/api/orders/${order.id}/payment-schedule/${item!.id}/payments`, {
    token: admin.accessToken,
    body: { amount, method: 'BANK_TRANSFER' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
};
const dueOn = (order: Order, sequence: number, date: string) =>
  exec(sql`update payment_schedule_items set due_date = ${date}::date where order_id = ${order.id} and sequence = ${sequence}`);
const list = async (query: string, token = admin.accessToken) => {
  const res = await t.request<OrderPage>(`/api/orders?size=100&${query}`, { token });
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.content;
};
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const facets = async (query: string, token = admin.accessToken) => {
  const res = await t.request<OrderFacets>(`/api/orders/facets?${query}`, { token });
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(OrderFacetsSchema.parse(res.body)).toEqual(res.body);
  return res.body;
};

let unpaid: Order; // FULL, due today, nothing paid; 2 pieces
let partly: Order; // 3 instalments, the first paid
let paid: Order; // FULL, paid
let overdue: Order; // 2 instalments, the first partly paid and 10 days late
let cancelled: Order; // cancelled with an unpaid item 40 days late: owes nothing
let vendorBOrder: Order; // vendor B's piece only; a guest whose name a spreadsheet would run

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, customer2, vendorA, vendorB, designer] = [
    await t.loginAs('ADMIN'),
    await t.loginAs('CUSTOMER'),
    await t.loginAs('CUSTOMER'),
    await t.loginAs('VENDOR'),
    await t.loginAs('VENDOR'),
    await t.loginAs('DESIGNER'),
  ];
  f = catalogFactory(t, admin);
  vendorAId = (await f.vendor(vendorA.userId)).id;
  vendorBId = (await f.vendor(vendorB.userId)).id;
  categoryId = (await f.category()).id;
  const ring = await f.product({ vendorId: vendorAId, categoryId, stockQuantity: 50, price: 100_000 });
  const brooch = await f.product({ vendorId: vendorBId, categoryId, stockQuantity: 50, price: 250_000 });

  unpaid = await placeOrder(customer.accessToken, { lines: [{ productId: ring.id, quantity: 2 }] });
  partly = await placeOrder(admin.accessToken, {
    customerId: customer.userId,
    lines: [
      { productId: ring.id, quantity: 3 },
      { productId: brooch.id, quantity: 1 },
    ],
    paymentTerms: { type: 'INSTALLMENTS', installments: 3 },
  });
  partly = await pay(partly, 1, partly.schedule[0]!.amount);
  paid = await placeOrder(admin.accessToken, { customerId: customer2.userId, lines: [{ productId: ring.id, quantity: 1 }] });
  paid = await pay(paid, 1, 100_000);
  overdue = await placeOrder(admin.accessToken, {
    customerId: customer2.userId,
    lines: [{ productId: ring.id, quantity: 4 }],
    paymentTerms: { type: 'INSTALLMENTS', installments: 2 },
  });
  overdue = await pay(overdue, 1, 50_000);
  await dueOn(overdue, 1, PAST);
  cancelled = await placeOrder(admin.accessToken, { customerId: customer.userId, lines: [{ productId: ring.id, quantity: 1 }] });
  await dueOn(cancelled, 1, LONG_AGO);
  expect((await t.request(`/api/orders/${cancelled.id}/status`, { token: admin.accessToken, body: { status: 'CANCELLED' } })).status).toBe(
    200,
  );
  vendorBOrder = await placeOrder(admin.accessToken, {
    guest: { name: '=HYPERLINK("http://evil.example","Click") "Jr"', email: 'guest@example.com' },
    lines: [{ productId: brooch.id, quantity: 1 }],
    paymentTerms: { type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: addDays(today, 45) },
  });
});
afterAll(() => t.close());

describe('GET /api/orders: payment columns for the back-office table', () => {
  it('gives each row its payment state, paid amount, next due date and piece count', async () => {
    const rows = await list('');
    const row = (o: Order) => rows.find((r) => r.id === o.id);
    expect(row(unpaid)).toMatchObject({ paymentState: 'UNPAID', paidAmount: 0, nextDueDate: today, pieceCount: 2, total: 200_000 });
    expect(row(partly)).toMatchObject({
      paymentState: 'PARTLY_PAID',
      paidAmount: partly.schedule[0]!.amount,
      nextDueDate: addMonths(today, 1),
      pieceCount: 4,
    });
    expect(row(paid)).toMatchObject({ paymentState: 'PAID', paidAmount: 100_000, nextDueDate: null, pieceCount: 1, isPaidInFull: true });
    // Overdue wins over partly paid; the next due date is the late one.
    expect(row(overdue)).toMatchObject({ paymentState: 'OVERDUE', paidAmount: 50_000, nextDueDate: PAST, pieceCount: 4 });
    // A cancelled order owes nothing: never overdue, no next due date.
    expect(row(cancelled)).toMatchObject({ status: 'CANCELLED', paymentState: 'UNPAID', nextDueDate: null });
    expect(row(vendorBOrder)).toMatchObject({ paymentState: 'UNPAID', nextDueDate: today, pieceCount: 1 });
    // The order page says the same as its row.
    for (const o of [unpaid, partly, paid, overdue, cancelled, vendorBOrder]) {
      const detail = (await t.request<Order>(`/api/orders/${o.id}`, { token: admin.accessToken })).body;
      expect({ paymentState: detail.paymentState, nextDueDate: detail.nextDueDate, pieceCount: detail.pieceCount }).toEqual({
        paymentState: row(o)!.paymentState,
        nextDueDate: row(o)!.nextDueDate,
        pieceCount: row(o)!.pieceCount,
      });
    }
  });

  it('filters by payment state exactly as the rows report it', async () => {
    const expected: Record<PaymentState, string[]> = {
      UNPAID: [unpaid.id, cancelled.id, vendorBOrder.id],
      PARTLY_PAID: [partly.id],
      PAID: [paid.id],
      OVERDUE: [overdue.id],
    };
    for (const [state, want] of Object.entries(expected)) {
      const rows = await list(`paymentState=${state}`);
      expect(ids(rows), state).toEqual([...want].sort());
      expect(rows.every((r) => r.paymentState === state)).toBe(true);
    }
    expect(ids(await list('paymentState=UNPAID&status=CANCELLED'))).toEqual([cancelled.id]);
  });

  it('filters by placed date (inclusive days, UTC) and by total (inclusive, minor units)', async () => {
    await exec(sql`update orders set created_at = '2026-01-10T23:30:00Z' where id = ${unpaid.id}`);
    await exec(sql`update orders set created_at = '2026-01-31T23:59:00Z' where id = ${paid.id}`);
    expect(ids(await list('from=2026-01-10&to=2026-01-31'))).toEqual(ids([unpaid, paid]));
    expect(ids(await list('from=2026-01-11&to=2026-01-31'))).toEqual([paid.id]);
    expect(ids(await list('to=2026-01-10'))).toEqual([unpaid.id]);
    expect(ids(await list('from=2026-01-10T23:45:00Z&to=2026-02-01T00:00:00Z'))).toEqual([paid.id]);

    // Totals: unpaid 200,000; partly 550,000; paid 100,000; overdue 400,000; cancelled 100,000; vendor B's 250,000.
    expect(ids(await list('minTotal=200000&maxTotal=250000'))).toEqual(ids([unpaid, vendorBOrder]));
    expect(ids(await list('minTotal=400000'))).toEqual(ids([partly, overdue]));
    expect(ids(await list('maxTotal=100000'))).toEqual(ids([paid, cancelled]));
    expect(ids(await list('minTotal=100000&maxTotal=100000&paymentState=PAID'))).toEqual([paid.id]);
  });

  it('refuses inverted ranges and malformed values (400)', async () => {
    for (const q of [
      'from=2026-02-01&to=2026-01-01',
      'minTotal=500&maxTotal=100',
      'minTotal=-1',
      'maxTotal=1.5',
      'minTotal=abc',
      'paymentState=LATE',
      'from=yesterday',
    ]) {
      for (const path of ['/api/orders', '/api/orders/facets']) {
        const res = await t.request<ErrorResponse>(`${path}?${q}`, { token: admin.accessToken });
        expect(res.status, `${path}?${q}`).toBe(400);
        expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      }
    }
  });

  it('keeps money to the house: a vendor sees no payment state and may not filter on it or on totals', async () => {
    const rows = await list('', vendorB.accessToken);
    expect(ids(rows)).toEqual(ids([partly, vendorBOrder]));
    for (const r of rows) expect(r).toMatchObject({ paymentState: null, nextDueDate: null, pieceCount: 1, paidAmount: 0 });
    for (const q of ['paymentState=PAID', 'minTotal=1', 'maxTotal=1000000']) {
      for (const path of ['/api/orders', '/api/orders/facets']) {
        const res = await t.request<ErrorResponse>(`${path}?${q}`, { token: vendorB.accessToken });
        expect(res.status, `${path}?${q}`).toBe(403);
        expectErrorShape(res.body, 403, 'FORBIDDEN');
      }
    }
  });

  it('shows a client their own orders with their payment state', async () => {
    const rows = await list('', customer2.accessToken);
    expect(ids(rows)).toEqual(ids([paid, overdue]));
    expect(ids(await list('paymentState=OVERDUE', customer2.accessToken))).toEqual([overdue.id]);
    expect(await list('paymentState=OVERDUE', customer.accessToken)).toEqual([]);
  });
});

describe('GET /api/orders/facets: counts for the tabs', () => {
  it('counts per status and per payment state, each following every filter but its own', async () => {
    const zeros = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
    expect(await facets('')).toEqual({
      total: 6,
      byStatus: { ...zeros, PENDING: 5, CANCELLED: 1 },
      byPaymentState: { UNPAID: 3, PARTLY_PAID: 1, PAID: 1, OVERDUE: 1 },
    });
    // The status tab chosen: byStatus still counts every tab; byPaymentState follows the status.
    expect(await facets('status=CANCELLED')).toEqual({
      total: 6,
      byStatus: { ...zeros, PENDING: 5, CANCELLED: 1 },
      byPaymentState: { UNPAID: 1, PARTLY_PAID: 0, PAID: 0, OVERDUE: 0 },
    });
    // A payment state chosen: byStatus follows it, byPaymentState does not.
    expect(await facets('paymentState=UNPAID')).toEqual({
      total: 3,
      byStatus: { ...zeros, PENDING: 2, CANCELLED: 1 },
      byPaymentState: { UNPAID: 3, PARTLY_PAID: 1, PAID: 1, OVERDUE: 1 },
    });
    const search = await facets(`q=${encodeURIComponent(vendorBOrder.number)}`);
    expect(search).toMatchObject({ total: 1, byPaymentState: { UNPAID: 1, PARTLY_PAID: 0, PAID: 0, OVERDUE: 0 } });
    // Each count equals its filtered list.
    const all = await facets('');
    for (const [state, n] of Object.entries(all.byPaymentState!)) expect((await list(`paymentState=${state}`)).length, state).toBe(n);
  });

  it('is scoped like the list: a vendor counts its orders and gets no payment states; a client its own', async () => {
    const zeros = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
    expect(await facets('', vendorB.accessToken)).toEqual({ total: 2, byStatus: { ...zeros, PENDING: 2 }, byPaymentState: null });
    expect(await facets('', customer2.accessToken)).toEqual({
      total: 2,
      byStatus: { ...zeros, PENDING: 2 },
      byPaymentState: { UNPAID: 0, PARTLY_PAID: 0, PAID: 1, OVERDUE: 1 },
    });
    expect((await facets('', designer.accessToken)).total).toBe(0);
    const anonymous = await t.request<ErrorResponse>('/api/orders/facets');
    expect(anonymous.status).toBe(401);
    expectErrorShape(anonymous.body, 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/orders/payment-schedule: state and date filters', () => {
  const schedule = async (query: string) => {
    const res = await t.request<ScheduleEntryPage>(`/api/orders/payment-schedule?size=100&${query}`, { token: admin.accessToken });
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.content;
  };
  const keys = (items: ScheduleEntry[]) => items.map((i) => `${i.orderNumber}#${i.sequence}`).sort();

  it('selects due, paid and overdue items of live orders, with who owes them', async () => {
    expect(keys(await schedule('state=overdue'))).toEqual([`${overdue.number}#1`]);
    expect(keys(await schedule('state=paid'))).toEqual([`${paid.number}#1`, `${partly.number}#1`].sort());
    expect(keys(await schedule('state=due'))).toEqual(
      [
        `${unpaid.number}#1`,
        `${partly.number}#2`,
        `${partly.number}#3`,
        `${overdue.number}#2`,
        `${vendorBOrder.number}#1`,
        `${vendorBOrder.number}#2`,
      ].sort(),
    );
    const [late] = await schedule('state=overdue');
    expect(late).toMatchObject({
      orderId: overdue.id,
      status: 'OVERDUE',
      dueDate: PAST,
      paidAmount: 50_000,
      remaining: late!.amount - 50_000,
      customerEmail: expect.stringContaining('@example.com'),
      orderStatus: 'PENDING',
    });
    expect(keys(await schedule(`state=due&dueFrom=${addDays(today, 1)}&dueTo=${addDays(today, 45)}`))).toEqual(
      [`${partly.number}#2`, `${overdue.number}#2`, `${vendorBOrder.number}#2`].sort(),
    );
    expect(keys(await schedule(`q=${encodeURIComponent('nobody-by-this-name')}`))).toEqual([]);
    expect(keys(await schedule(`q=${encodeURIComponent('HYPERLINK')}`))).toEqual([`${vendorBOrder.number}#1`, `${vendorBOrder.number}#2`]);
    const items = await schedule('');
    expect(items.map((i) => i.dueDate)).toEqual([...items.map((i) => i.dueDate)].sort());
  });

  it('validates its filters and is ADMIN only', async () => {
    for (const q of ['state=late', `dueFrom=${today}&dueTo=${PAST}`, 'dueFrom=tomorrow']) {
      const res = await t.request<ErrorResponse>(`/api/orders/payment-schedule?${q}`, { token: admin.accessToken });
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    for (const path of [
      '/api/orders/payment-schedule',
      '/api/orders/payment-schedule/summary',
      '/api/orders/payment-schedule/export.csv',
    ]) {
      for (const s of [customer, vendorA, designer]) {
        const res = await t.request<ErrorResponse>(path, { token: s.accessToken });
        expect(res.status, path).toBe(403);
        expectErrorShape(res.body, 403, 'FORBIDDEN');
      }
      expect((await t.request(path)).status, path).toBe(401);
    }
  });

  it('sums per due month and currency under the same filters', async () => {
    const res = await t.request<ScheduleSummary>('/api/orders/payment-schedule/summary', { token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.asOf).toBe(today);
    const items = await schedule('');
    const expected = new Map<string, ScheduleMonth>();
    for (const i of items) {
      const key = `${i.dueDate.slice(0, 7)} ${i.currency}`;
      const m = expected.get(key) ?? {
        month: i.dueDate.slice(0, 7),
        currency: i.currency,
        itemCount: 0,
        amount: 0,
        paidAmount: 0,
        remaining: 0,
        overdue: 0,
      };
      m.itemCount += 1;
      m.amount += i.amount;
      m.paidAmount += i.paidAmount;
      m.remaining += i.remaining;
      if (i.status === 'OVERDUE') m.overdue += i.remaining;
      expected.set(key, m);
    }
    expect(res.body.months).toEqual(
      [...expected.values()].sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency)),
    );
    expect(res.body.months.reduce((s: number, m) => s + m.overdue, 0)).toBe(overdue.schedule[0]!.amount - 50_000);
    const overdueOnly = await t.request<ScheduleSummary>('/api/orders/payment-schedule/summary?state=overdue', {
      token: admin.accessToken,
    });
    expect(overdueOnly.body.months).toEqual([
      {
        month: PAST.slice(0, 7),
        currency: 'EUR',
        itemCount: 1,
        amount: overdue.schedule[0]!.amount,
        paidAmount: 50_000,
        remaining: overdue.schedule[0]!.amount - 50_000,
        overdue: overdue.schedule[0]!.amount - 50_000,
      },
    ]);
  });
});

describe('GET /api/orders/payment-schedule/export.csv', () => {
  const exportCsv = async (query = '') => {
    const res = await fetch(`${t.baseUrl}/api/orders/payment-schedule/export.csv${query}`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    // Decoded by hand: Response.text() would drop the byte-order mark the file starts with.
    return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
  };

  it('streams every matching item as RFC 4180 CSV with formula cells neutralised', async () => {
    const { res, text } = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payment-schedule-\d{4}-\d{2}-\d{2}-\d{6}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const listed = (await t.request<ScheduleEntryPage>('/api/orders/payment-schedule?size=100', { token: admin.accessToken })).body;
    expect(res.headers.get('x-total-count')).toBe(String(listed.totalElements));
    expect(
      text.startsWith(
        '\uFEFForderNumber,orderStatus,customerName,customerEmail,sequence,label,dueDate,currency,amount,paidAmount,remaining,status\r\n',
      ),
    ).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBe(listed.totalElements);
    // Same order as the list: by due date, then id.
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(listed.content.map((i) => i.orderNumber));
    const late = lines.find((l) => l.startsWith(`${overdue.number},`))!;
    const item = overdue.schedule[0];
    expect(late).toBe(
      `${overdue.number},PENDING,${overdue.customerName},${overdue.customerEmail},1,${item!.label},${PAST},EUR,${item!.amount},50000,${item!.amount - 50_000},OVERDUE`,
    );
    // A spreadsheet would run this name as a formula: it is prefixed with an apostrophe, and quoted.
    const guest = lines.find((l) => l.startsWith(`${vendorBOrder.number},`))!;
    expect(guest).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"") ""Jr""",guest@example.com,1,`);
  });

  it('follows the filters and answers a bad filter with the JSON error', async () => {
    const { text } = await exportCsv('?state=overdue');
    expect(text.slice(1).split('\r\n').filter(Boolean)).toHaveLength(2);
    const bad = await exportCsv('?state=late');
    expect(bad.res.status).toBe(400);
    expectErrorShape(JSON.parse(bad.text), 400, 'VALIDATION_FAILED');
  });

  it('walks batches of 1,000 without gaps or repeats', async () => {
    // 1,205 items on one order, far in the future, inserted directly: the export reads them in two batches.
    await exec(sql`
      insert into payment_schedule_items (order_id, sequence, label, due_date, amount, paid_amount)
      select ${partly.id}, 100 + g, 'Bulk ' || g, '2040-01-01'::date + (g / 3), 1000, 0 from generate_series(1, 1205) as g`);
    const { res, text } = await exportCsv('?dueFrom=2040-01-01');
    expect(res.headers.get('x-total-count')).toBe('1205');
    const labels = text
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split(',')[5]);
    expect(labels).toHaveLength(1205);
    expect(new Set(labels).size).toBe(1205);
    const dates = text
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split(',')[6]!);
    expect(dates).toEqual([...dates].sort());
  });
});
