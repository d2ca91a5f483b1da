/**
 * Who sees which order: the viewer an actor is, the list filter scoped to them, and an order loaded and
 * shaped for them. Shared by placing an order, recording a payment and the rest of the service.
 */
import { ORDER_TRANSITIONS, type Order, type OrderFacetsQuery } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { OrderLineRow, OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/errors';
import { linkedVendorId, type Actor } from '../../plugins/auth';
import { toImageDto } from '../products/products.service';
import { nextDueDateOf, summaryOf, toPaymentDto, toScheduleItemDto, type Viewer } from './orders.dto';
import { createOrdersRepo, type OrderListFilter, type OrdersRepo } from './orders.repo';
import { ScheduleError, planSchedule, todayUtc } from './schedule';

export const notFound = () => new AppError('ORDER_NOT_FOUND', 'Order not found.');
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN', message);

/** What every part of the service works with: the repo, and a transaction handing out a repo bound to it. */
export interface OrdersContext {
  repo: OrdersRepo;
  inTx: <T>(fn: (txRepo: OrdersRepo, tx: Db) => Promise<T>) => Promise<T>;
}

export function ordersContext(db: Db): OrdersContext {
  return {
    repo: createOrdersRepo(db),
    inTx: (fn) => db.transaction((tx) => fn(createOrdersRepo(tx as unknown as Db), tx as unknown as Db)),
  };
}

export function viewerOf(actor: Actor): Viewer {
  if (actor.role === 'ADMIN') return { kind: 'admin' };
  if (actor.role === 'VENDOR') return { kind: 'vendor', vendorId: linkedVendorId(actor) };
  return { kind: 'customer', userId: actor.id };
}

/**
 * The list's filter for this caller: a client only ever sees their own orders, a vendor the orders with
 * its pieces. A vendor may not filter on the order's money (payment state, total): it covers others' lines.
 */
export function scopedFilter(actor: Actor, viewer: Viewer, query: OrderFacetsQuery): OrderListFilter {
  if (viewer.kind === 'vendor' && (query.paymentState !== undefined || query.minTotal !== undefined || query.maxTotal !== undefined)) {
    throw forbidden('Payment state and order totals are visible to the house only.');
  }
  if (viewer.kind === 'vendor' && query.customerId !== undefined) throw forbidden('Who ordered is visible to the house only.');
  const filter: OrderListFilter = {
    status: query.status,
    paymentState: query.paymentState,
    customerId: query.customerId,
    vendorId: query.vendorId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to.length === 10 ? `${query.to}T23:59:59.999Z` : query.to) : undefined,
    minTotal: query.minTotal,
    maxTotal: query.maxTotal,
    paid: query.paid,
    q: query.q,
    // A vendor's search reads the order number alone: matching on the client's name or email would reveal who ordered.
    isNumberSearch: viewer.kind === 'vendor',
  };
  if (query.filter === 'current-user' || viewer.kind === 'customer') {
    if (viewer.kind === 'vendor') filter.vendorId = viewer.vendorId;
    else filter.customerId = actor.id;
  }
  if (viewer.kind === 'vendor') filter.vendorId = viewer.vendorId;
  return filter;
}

/** The order as this viewer may see it, or 404 (never 403: an order's existence is private). */
export async function loadVisible(actor: Actor, id: string, r: OrdersRepo) {
  const viewer = viewerOf(actor);
  const order = await r.findOrder(id);
  if (!order) throw notFound();
  const lines = await r.linesOf([id], viewer.kind === 'vendor' ? viewer.vendorId : undefined);
  if (viewer.kind === 'customer' && order.customerId !== viewer.userId) throw notFound();
  if (viewer.kind === 'vendor' && lines.length === 0) throw notFound();
  return { viewer, order, lines };
}

/**
 * The whole order as this viewer may see it: lines with their pieces, schedule, payments and history.
 * `r` on the pool reads the four in parallel (four connections); a repo bound to a transaction has one
 * connection, which takes one statement at a time — `inTransaction` reads them one after the other
 * (node-postgres queues a client's concurrent queries today and will refuse them from pg 9).
 */
export async function orderDetail(
  order: OrderRow,
  lines: OrderLineRow[],
  viewer: Viewer,
  r: OrdersRepo,
  { inTransaction = false }: { inTransaction?: boolean } = {},
): Promise<Order> {
  const today = todayUtc();
  const isVendor = viewer.kind === 'vendor';
  const reads = [
    () => (isVendor ? Promise.resolve([]) : r.scheduleOf(order.id)),
    () => r.historyOf(order.id),
    () => (isVendor ? Promise.resolve([]) : r.paymentsOf(order.id)),
    () => r.lineProducts(lines.flatMap((l) => (l.productId ? [l.productId] : []))),
  ] as const;
  const [schedule, history, paid, pieces] = inTransaction
    ? ([await reads[0](), await reads[1](), await reads[2](), await reads[3]()] as const)
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()]);
  const { lineCount: _lineCount, ...summary } = summaryOf(order, lines, viewer, nextDueDateOf(order, schedule), today);
  return {
    ...summary,
    lines: summary.lines.map((line) => {
      const piece = pieces.find((p) => p.id === line.productId);
      return {
        ...line,
        image: piece?.images[0] ? toImageDto(piece.images[0]) : null,
        stockQuantity: viewer.kind === 'admin' ? (piece?.stockQuantity ?? null) : null,
      };
    }),
    schedule: schedule.map((s) => toScheduleItemDto(s, order, today)),
    payments: paid.map((p) => toPaymentDto(p.payment, order.currency, p.recordedByUsername)),
    history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
    allowedTransitions: viewer.kind === 'admin' ? [...ORDER_TRANSITIONS[order.status]] : [],
  };
}

/** The schedule of `total` under `terms` from today, or the terms' field problem as a 400. */
export function planOrThrow(total: number, terms: Parameters<typeof planSchedule>[1]): ReturnType<typeof planSchedule> {
  try {
    return planSchedule(total, terms, todayUtc());
  } catch (err) {
    if (err instanceof ScheduleError) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path: `paymentTerms.${err.path}`, message: err.message }]);
    }
    throw err;
  }
}
