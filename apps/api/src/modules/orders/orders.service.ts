import { Readable } from 'node:stream';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATES,
  SCHEDULE_CSV_COLUMNS,
  type Order,
  type OrderFacets,
  type OrderFacetsQuery,
  type OrderListQuery,
  type OrderMonthFigures,
  type OrderStatistics,
  type OrderStatus,
  type OrderSummary,
  type Page,
  type VendorOrderLine,
  type VendorOrderLineQuery,
  type PaymentState,
  type PaymentTerms,
  type ScheduleEntry,
  type ScheduleFilterQuery,
  type ScheduleItem,
  type ScheduleQuery,
  type ScheduleSummary,
} from '@mirror/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { csvLine, UTF8_BOM } from '../products/products.csv';
import { createOrdersRepo } from './orders.repo';
import { audited } from '../audit/audit.service';
import { addDays, todayUtc } from './schedule';
import { forbidden, loadVisible, notFound, orderDetail, ordersContext, planOrThrow, scopedFilter, viewerOf } from './orders.access';
import { toScheduleEntryDto, toScheduleItemDto, summaryOf } from './orders.dto';
import { placeOrder } from './orders.place';
import { recordPayment } from './orders.payment';

/**
 * Orders: placing one (orders.place.ts) and recording a payment (orders.payment.ts) are their own files;
 * here the reads (detail, lists, facets, schedules, statistics, export), status changes and payment terms.
 * Who sees what is orders.access.ts; the contract shapes are orders.dto.ts.
 */
export function createOrdersService({ db }: { db: Db }) {
  const ctx = ordersContext(db);
  const { repo, inTx } = ctx;

  return {
    create: (args: Parameters<typeof placeOrder>[1]) => placeOrder(ctx, args),

    async get({ actor, id }: { actor: Actor; id: string }): Promise<Order> {
      const { viewer, order, lines } = await loadVisible(actor, id, repo);
      return orderDetail(order, lines, viewer, repo);
    },

    async list({ actor, query }: { actor: Actor; query: OrderListQuery }): Promise<Page<OrderSummary>> {
      const viewer = viewerOf(actor);
      const today = todayUtc();
      const { rows, total } = await repo.listOrders(scopedFilter(actor, viewer, query), query, today);
      const lines = await repo.linesOf(
        rows.map((r) => r.order.id),
        viewer.kind === 'vendor' ? viewer.vendorId : undefined,
      );
      const content = rows.map(({ order, nextDueDate }) =>
        summaryOf(
          order,
          lines.filter((l) => l.orderId === order.id),
          viewer,
          nextDueDate,
          today,
        ),
      );
      return toPage(content, total, query.page, query.size);
    },

    /** The signed-in vendor's order lines for fulfilment (issue 11): its lines only, never who ordered. */
    async vendorLines({ actor, query }: { actor: Actor; query: VendorOrderLineQuery }): Promise<Page<VendorOrderLine>> {
      const viewer = viewerOf(actor);
      if (viewer.kind !== 'vendor') throw forbidden('Only a vendor account has order lines of its own.');
      const { rows, total } = await repo.vendorLines(viewer.vendorId, query);
      const content = rows.map(({ line, orderNumber, orderStatus, orderedAt, currency }) => ({
        id: line.id,
        orderId: line.orderId,
        orderNumber,
        orderStatus,
        orderedAt: orderedAt.toISOString(),
        productId: line.productId,
        sku: line.sku,
        productName: line.productName,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.unitPrice * line.quantity,
        currency,
      }));
      return toPage(content, total, query.page, query.size);
    },

    /** Counts for the table's tabs under the list's filters and scoping (each facet without its own filter). */
    async facets({ actor, query }: { actor: Actor; query: OrderFacetsQuery }): Promise<OrderFacets> {
      const viewer = viewerOf(actor);
      const counts = await repo.orderFacets(scopedFilter(actor, viewer, query), todayUtc(), viewer.kind !== 'vendor');
      const byStatus = Object.fromEntries(
        ORDER_STATUSES.map((s) => [s, counts.byStatus.find((r) => r.status === s)?.count ?? 0]),
      ) as Record<OrderStatus, number>;
      const byPaymentState = counts.byPaymentState
        ? (Object.fromEntries(PAYMENT_STATES.map((s) => [s, counts.byPaymentState!.find((r) => r.state === s)?.count ?? 0])) as Record<
            PaymentState,
            number
          >)
        : null;
      return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus, byPaymentState };
    },

    async schedule({ actor, id }: { actor: Actor; id: string }): Promise<ScheduleItem[]> {
      const { viewer, order } = await loadVisible(actor, id, repo);
      if (viewer.kind === 'vendor') throw forbidden('The payment schedule is visible to the client and the house only.');
      const today = todayUtc();
      return (await repo.scheduleOf(id)).map((s) => toScheduleItemDto(s, order, today));
    },

    async scheduleAcrossOrders({ query }: { query: ScheduleQuery }): Promise<Page<ScheduleEntry>> {
      const today = todayUtc();
      const { rows, total } = await repo.listSchedule(query, today);
      return toPage(
        rows.map((r) => toScheduleEntryDto(r, today)),
        total,
        query.page,
        query.size,
      );
    },

    /** Per due month and currency, under the schedule list's filters (the Payments screen's totals). */
    async scheduleSummary({ query, now = new Date() }: { query: ScheduleFilterQuery; now?: Date }): Promise<ScheduleSummary> {
      const today = todayUtc(now);
      const months = await repo.scheduleMonths(query, today);
      return { asOf: today, months: months.map((m) => ({ ...m, remaining: m.amount - m.paidAmount })) };
    },

    /**
     * The schedule list as CSV (every matching item, no paging), read in keyset batches of 1,000 on
     * (due date, id) and written as the client reads. The count and the first batch are read before
     * answering, so a failure is still a JSON error. Columns: SCHEDULE_CSV_COLUMNS; money in minor units.
     */
    async exportSchedule({ query, now = new Date() }: { query: ScheduleFilterQuery; now?: Date }) {
      const today = todayUtc(now);
      const batchSize = 1_000;
      const [total, first] = await Promise.all([repo.countSchedule(query, today), repo.scheduleBatch(query, today, batchSize)]);
      const toLines = (rows: typeof first) =>
        Buffer.from(
          rows
            .map((r) => {
              const e = toScheduleEntryDto(r, today);
              const values: Record<(typeof SCHEDULE_CSV_COLUMNS)[number], string | number> = {
                orderNumber: e.orderNumber,
                orderStatus: e.orderStatus,
                customerName: e.customerName,
                customerEmail: e.customerEmail,
                sequence: e.sequence,
                label: e.label,
                dueDate: e.dueDate,
                currency: e.currency,
                amount: e.amount,
                paidAmount: e.paidAmount,
                remaining: e.remaining,
                status: e.status,
              };
              return csvLine(SCHEDULE_CSV_COLUMNS.map((c) => values[c]));
            })
            .join(''),
        );
      async function* batches() {
        yield Buffer.from(UTF8_BOM + csvLine([...SCHEDULE_CSV_COLUMNS]));
        let rows = first;
        while (rows.length > 0) {
          yield toLines(rows);
          if (rows.length < batchSize) return;
          const last = rows[rows.length - 1]!.item;
          rows = await repo.scheduleBatch(query, today, batchSize, { dueDate: last.dueDate, id: last.id });
        }
      }
      const stamp = now.toISOString();
      return {
        fileName: `payment-schedule-${stamp.slice(0, 10)}-${stamp.slice(11, 19).replaceAll(':', '')}.csv`,
        total,
        stream: Readable.from(batches(), { objectMode: false, highWaterMark: 64 * 1024 }),
      };
    },

    /** The back-office overview's order figures, all aggregated in SQL; months and dates are UTC. */
    async statistics({ now = new Date() }: { now?: Date } = {}): Promise<OrderStatistics> {
      const today = todayUtc(now);
      const year = now.getUTCFullYear();
      const month = now.getUTCMonth();
      const monthStart = (offset: number) => new Date(Date.UTC(year, month + offset, 1));
      const [statusCounts, monthly, instalments] = await Promise.all([
        repo.countByStatus(),
        repo.monthlyFigures({
          from: todayUtc(monthStart(-11)),
          to: todayUtc(monthStart(0)),
          fromTs: monthStart(-11),
          untilTs: monthStart(1),
        }),
        repo.outstandingInstalments({ today, until: addDays(today, 30) }),
      ]);
      const currencies = [
        ...new Set([...monthly.flatMap((r) => (r.currency ? [r.currency] : [])), ...instalments.map((r) => r.currency)]),
      ].sort();
      const months: OrderMonthFigures[] = [];
      for (const row of monthly) {
        let figures = months.at(-1);
        if (figures?.month !== row.month) {
          figures = {
            month: row.month,
            orderCount: 0,
            ordersTotal: currencies.map((currency) => ({ currency, amount: 0 })),
            paymentsReceived: currencies.map((currency) => ({ currency, amount: 0 })),
          };
          months.push(figures);
        }
        if (!row.currency) continue;
        figures.orderCount += row.orderCount;
        figures.ordersTotal.find((m) => m.currency === row.currency)!.amount = row.ordered;
        figures.paymentsReceived.find((m) => m.currency === row.currency)!.amount = row.received;
      }
      const instalmentFigures = (pick: 'overdue' | 'dueSoon') => ({
        count: instalments.reduce((sum, r) => sum + r[pick].count, 0),
        outstanding: currencies.map((currency) => ({
          currency,
          amount: instalments.find((r) => r.currency === currency)?.[pick].amount ?? 0,
        })),
      });
      const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, statusCounts.find((r) => r.status === s)?.count ?? 0])) as Record<
        OrderStatus,
        number
      >;
      return {
        asOf: today,
        currencies,
        total: Object.values(byStatus).reduce((a, b) => a + b, 0),
        byStatus,
        revenue: { thisMonth: months[11]!, lastMonth: months[10]! },
        revenueByMonth: months,
        instalments: { dueNext30Days: instalmentFigures('dueSoon'), overdue: instalmentFigures('overdue') },
      };
    },

    async changeStatus({
      actor,
      id,
      status,
      note,
    }: {
      actor: Actor;
      id: string;
      status: OrderStatus;
      note?: string | undefined;
    }): Promise<Order> {
      await loadVisible(actor, id, repo);
      const isAdmin = actor.role === 'ADMIN';
      const updated = await inTx(async (r, tx) => {
        const order = await r.findOrder(id, true);
        if (!order) throw notFound();
        // A client may cancel their own order while it is still pending; every other move is the house's.
        if (
          !isAdmin &&
          !(actor.role !== 'VENDOR' && order.customerId === actor.id && order.status === 'PENDING' && status === 'CANCELLED')
        ) {
          throw forbidden('Only the house can change the status of this order.');
        }
        const allowed = ORDER_TRANSITIONS[order.status];
        if (!allowed.includes(status)) {
          const moves = allowed.length ? allowed.join(', ') : 'none';
          throw new AppError('INVALID_TRANSITION', `An order that is ${order.status} cannot become ${status}. Allowed: ${moves}.`, [
            { path: 'status', message: `Allowed from ${order.status}: ${moves}` },
          ]);
        }
        if (status === 'CANCELLED') {
          for (const line of await r.linesOf([id])) {
            if (line.productId) await r.releaseStock(line.productId, line.quantity);
          }
        }
        await r.insertHistory({ orderId: id, fromStatus: order.status, toStatus: status, note: note ?? null, changedBy: actor.id });
        return audited(
          tx,
          { type: 'ORDER', action: 'STATUS', ids: [id], extra: () => (note ? { note: { from: null, to: note } } : null) },
          (t) => createOrdersRepo(t).updateOrder(id, { status }),
        );
      });
      const { viewer, lines } = await loadVisible(actor, updated.id, repo);
      return orderDetail(updated, lines, viewer, repo);
    },

    async setPaymentTerms({ id, terms }: { actor: Actor; id: string; terms: PaymentTerms }): Promise<Order> {
      const updated = await inTx(async (r, tx) => {
        const order = await r.findOrder(id, true);
        if (!order) throw notFound();
        if (order.status === 'CANCELLED' || order.status === 'COMPLETED') {
          throw new AppError('CONFLICT', `The payment terms of a ${order.status.toLowerCase()} order cannot change.`);
        }
        if (order.paidAmount > 0) throw new AppError('TERMS_LOCKED', 'Payment terms cannot change once a payment has been recorded.');
        await r.replaceSchedule(id, planOrThrow(order.total, terms));
        return audited(tx, { type: 'ORDER', action: 'PAYMENT_TERMS', ids: [id] }, (t) =>
          createOrdersRepo(t).updateOrder(id, { paymentTerms: terms }),
        );
      });
      const lines = await repo.linesOf([id]);
      return orderDetail(updated, lines, { kind: 'admin' }, repo);
    },

    recordPayment: (args: Parameters<typeof recordPayment>[1]) => recordPayment(ctx, args),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
