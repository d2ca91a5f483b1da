import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATES,
  SCHEDULE_CSV_COLUMNS,
  formatMoney,
  type CreateOrderBody,
  type Order,
  type OrderFacets,
  type OrderFacetsQuery,
  type OrderLine,
  type OrderListQuery,
  type OrderMonthFigures,
  type OrderStatistics,
  type OrderStatus,
  type OrderSummary,
  type Page,
  type VendorOrderLine,
  type VendorOrderLineQuery,
  type Payment,
  type PaymentResult,
  type PaymentState,
  type PaymentTerms,
  type RecordPaymentBody,
  type ScheduleEntry,
  type ScheduleFilterQuery,
  type ScheduleItem,
  type ScheduleQuery,
  type ScheduleSummary,
} from '@mirror/contract';
import type { Db } from '../../db/client';
import type { OrderLineRow, OrderRow, PaymentRow, ScheduleItemRow } from '../../db/schema/orders';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import { linkedVendorId, type Actor } from '../../plugins/auth';
import { enqueueEmail } from '../notifications/notifications.service';
import { toImageDto } from '../products/products.service';
import { csvLine, UTF8_BOM } from '../products/products.csv';
import { createOrdersRepo, type OrderListFilter, type OrdersRepo } from './orders.repo';
import { audited } from '../audit/audit.service';
import { addDays, planSchedule, scheduleStatus, ScheduleError, todayUtc } from './schedule';

const notFound = () => new AppError('ORDER_NOT_FOUND', 'Order not found.');
const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN', message);

/** Who is looking at an order decides what they see: everything, their own order, or their own lines. */
type Viewer = { kind: 'admin' } | { kind: 'customer'; userId: string } | { kind: 'vendor'; vendorId: string };

function toScheduleItemDto(row: ScheduleItemRow, order: Pick<OrderRow, 'number' | 'currency'>, today: string): ScheduleItem {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: order.number,
    sequence: row.sequence,
    label: row.label,
    dueDate: row.dueDate,
    amount: row.amount,
    paidAmount: row.paidAmount,
    remaining: row.amount - row.paidAmount,
    currency: order.currency,
    status: scheduleStatus(row, today),
  };
}

function toScheduleEntryDto(
  r: {
    item: ScheduleItemRow;
    orderNumber: string;
    currency: string;
    customerName: string;
    customerEmail: string;
    orderStatus: OrderStatus;
  },
  today: string,
): ScheduleEntry {
  return {
    ...toScheduleItemDto(r.item, { number: r.orderNumber, currency: r.currency }, today),
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    orderStatus: r.orderStatus,
  };
}

/**
 * The list's filter for this caller: a client only ever sees their own orders, a vendor the orders with
 * its pieces. A vendor may not filter on the order's money (payment state, total): it covers others' lines.
 */
function scopedFilter(actor: Actor, viewer: Viewer, query: OrderFacetsQuery): OrderListFilter {
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

function toLineDto(row: OrderLineRow): OrderLine {
  return {
    id: row.id,
    productId: row.productId,
    vendorId: row.vendorId,
    sku: row.sku,
    productName: row.productName,
    unitPrice: row.unitPrice,
    quantity: row.quantity,
    lineTotal: row.unitPrice * row.quantity,
  };
}

/** PAYMENT_STATES' rules; `nextDueDate` is the earliest unpaid due date (null when paid or cancelled). */
function paymentStateOf(order: Pick<OrderRow, 'status' | 'total' | 'paidAmount'>, nextDueDate: string | null, today: string): PaymentState {
  if (order.paidAmount >= order.total) return 'PAID';
  if (order.status !== 'CANCELLED' && nextDueDate !== null && nextDueDate < today) return 'OVERDUE';
  return order.paidAmount > 0 ? 'PARTLY_PAID' : 'UNPAID';
}

function nextDueDateOf(order: OrderRow, schedule: ScheduleItemRow[]): string | null {
  if (order.status === 'CANCELLED' || order.paidAmount >= order.total) return null;
  const unpaid = schedule.filter((s) => s.paidAmount < s.amount).map((s) => s.dueDate);
  return unpaid.length ? unpaid.reduce((a, b) => (b < a ? b : a)) : null;
}

function summaryOf(order: OrderRow, lines: OrderLineRow[], viewer: Viewer, nextDueDate: string | null, today: string): OrderSummary {
  const dtoLines = lines.map(toLineDto);
  const isVendor = viewer.kind === 'vendor';
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    // A vendor fulfils lines; who ordered is the house's (issue 11).
    customerId: isVendor ? null : order.customerId,
    customerName: isVendor ? null : order.customerName,
    customerEmail: isVendor ? null : order.customerEmail,
    currency: order.currency,
    subtotal: dtoLines.reduce((sum, l) => sum + l.lineTotal, 0),
    // A vendor sees its share, not the whole order's money.
    total: isVendor ? dtoLines.reduce((sum, l) => sum + l.lineTotal, 0) : order.total,
    paidAmount: isVendor ? 0 : order.paidAmount,
    isPaidInFull: order.paidAmount >= order.total,
    paymentState: isVendor ? null : paymentStateOf(order, nextDueDate, today),
    nextDueDate: isVendor ? null : nextDueDate,
    pieceCount: dtoLines.reduce((sum, l) => sum + l.quantity, 0),
    paymentTerms: order.paymentTerms,
    notes: isVendor ? null : order.notes,
    lines: dtoLines,
    lineCount: dtoLines.length,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

function toPaymentDto(row: PaymentRow, currency: string, recordedByUsername: string | null): Payment {
  return {
    id: row.id,
    orderId: row.orderId,
    scheduleItemId: row.scheduleItemId,
    amount: row.amount,
    currency,
    method: row.method,
    reference: row.reference,
    receivedOn: row.receivedOn,
    recordedBy: row.recordedBy,
    recordedByUsername,
    createdAt: row.createdAt.toISOString(),
  };
}

function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function displayName(user: { username: string; firstName: string | null; lastName: string | null }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full || user.username;
}

function scheduleErrorToAppError(err: unknown): never {
  if (err instanceof ScheduleError) {
    throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path: `paymentTerms.${err.path}`, message: err.message }]);
  }
  throw err;
}

export function createOrdersService({ db }: { db: Db }) {
  const repo = createOrdersRepo(db);
  const inTx = <T>(fn: (txRepo: OrdersRepo, tx: Db) => Promise<T>) =>
    db.transaction((tx) => fn(createOrdersRepo(tx as unknown as Db), tx as unknown as Db));

  function viewerOf(actor: Actor): Viewer {
    if (actor.role === 'ADMIN') return { kind: 'admin' };
    if (actor.role === 'VENDOR') return { kind: 'vendor', vendorId: linkedVendorId(actor) };
    return { kind: 'customer', userId: actor.id };
  }

  /** The order as this viewer may see it, or 404 (never 403: an order's existence is private). */
  async function loadVisible(actor: Actor, id: string, r: OrdersRepo = repo) {
    const viewer = viewerOf(actor);
    const order = await r.findOrder(id);
    if (!order) throw notFound();
    const lines = await r.linesOf([id], viewer.kind === 'vendor' ? viewer.vendorId : undefined);
    if (viewer.kind === 'customer' && order.customerId !== viewer.userId) throw notFound();
    if (viewer.kind === 'vendor' && lines.length === 0) throw notFound();
    return { viewer, order, lines };
  }

  async function detail(order: OrderRow, lines: OrderLineRow[], viewer: Viewer, r: OrdersRepo = repo): Promise<Order> {
    const today = todayUtc();
    const isVendor = viewer.kind === 'vendor';
    const [schedule, history, paid, pieces] = await Promise.all([
      isVendor ? [] : r.scheduleOf(order.id),
      r.historyOf(order.id),
      isVendor ? [] : r.paymentsOf(order.id),
      r.lineProducts(lines.flatMap((l) => (l.productId ? [l.productId] : []))),
    ]);
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

  return {
    async create({ actor, body }: { actor: Actor; body: CreateOrderBody }): Promise<Order> {
      const isAdmin = actor.role === 'ADMIN';
      if (!isAdmin && (body.customerId || body.guest)) throw forbidden('Only an administrator can order on behalf of someone else.');
      if (!isAdmin && body.lines.some((l) => l.unitPrice !== undefined)) throw forbidden('Only an administrator can set a price.');
      if (body.customerId && body.guest) {
        throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
          { path: 'guest', message: 'Give either a customer or a guest, not both' },
        ]);
      }

      let customer: { id: string | null; name: string; email: string };
      if (body.guest) {
        customer = { id: null, name: body.guest.name, email: body.guest.email };
      } else {
        const user = await repo.findUser(body.customerId ?? actor.id);
        if (!user) throw new AppError('USER_NOT_FOUND', 'Customer not found.');
        customer = { id: user.id, name: displayName(user), email: user.email };
      }

      // Merge repeated products so stock is checked against the whole quantity.
      const wanted = new Map<string, { quantity: number; unitPrice?: number | undefined }>();
      for (const line of body.lines) {
        const prev = wanted.get(line.productId);
        wanted.set(line.productId, { quantity: (prev?.quantity ?? 0) + line.quantity, unitPrice: line.unitPrice ?? prev?.unitPrice });
      }
      // Error details name the body's lines (what the client shows them against), not the merged ones.
      const bodyIndexesOf = (productId: string) => body.lines.flatMap((l, i) => (l.productId === productId ? [i] : []));
      const found = await repo.productsByIds([...wanted.keys()]);
      const lines: { productId: string; vendorId: string; sku: string; productName: string; unitPrice: number; quantity: number }[] = [];
      for (const [productId, want] of wanted) {
        const product = found.find((p) => p.id === productId);
        const path = `lines.${bodyIndexesOf(productId)[0]!}`;
        if (!product || product.deletedAt || (product.status !== 'ACTIVE' && !isAdmin)) {
          throw new AppError('PRODUCT_NOT_FOUND', 'One of the pieces is not available.', [
            { path: `${path}.productId`, message: 'This piece is not available' },
          ]);
        }
        const unitPrice = want.unitPrice ?? product.price;
        if (unitPrice == null) {
          throw new AppError('PRICE_ON_REQUEST', `${product.name} is priced on request: book an appointment to order it.`, [
            { path: `${path}.unitPrice`, message: 'This piece is priced on request' },
          ]);
        }
        lines.push({
          productId,
          vendorId: product.vendorId,
          sku: product.sku,
          productName: product.name,
          unitPrice,
          quantity: want.quantity,
        });
      }
      const currencies = new Set(found.map((p) => p.currency));
      if (currencies.size > 1) throw new AppError('CURRENCY_MISMATCH', 'All pieces of an order must be priced in the same currency.');
      const currency = found[0]!.currency;
      const total = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
      const terms: PaymentTerms = body.paymentTerms ?? { type: 'FULL' };
      let plan;
      try {
        plan = planSchedule(total, terms, todayUtc());
      } catch (err) {
        scheduleErrorToAppError(err);
      }

      const order = await inTx(async (r, tx) => {
        // Lock rows in a stable order so two orders never wait on each other.
        for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
          if (!(await r.reserveStock(line.productId, line.quantity))) {
            const [current] = await r.productsByIds([line.productId]);
            const available = Math.max(0, current?.stockQuantity ?? 0);
            const message = available === 0 ? 'Out of stock' : `Only ${available} in stock`;
            throw new AppError(
              'INSUFFICIENT_STOCK',
              `Not enough stock for ${line.productName}: ${available === 0 ? 'none left' : `only ${available} left`}.`,
              bodyIndexesOf(line.productId).map((i) => ({ path: `lines.${i}.quantity`, message })),
            );
          }
        }
        const seq = await r.nextOrderNumber();
        // An order placed by staff goes on the audit trail; a client's checkout is not a back-office change.
        const created = await audited(
          tx,
          { type: 'ORDER', action: 'CREATE', created: (o) => (actor.role === 'ADMIN' ? o.id : null) },
          (t: Db) =>
            createOrdersRepo(t).insertOrder({
              number: `MR-${new Date().getUTCFullYear()}-${String(seq).padStart(6, '0')}`,
              customerId: customer.id,
              customerName: customer.name,
              customerEmail: customer.email,
              currency,
              total,
              paymentTerms: terms,
              notes: body.notes ?? null,
              createdBy: actor.id,
            }),
        );
        await r.insertLines(lines.map((l, position) => ({ ...l, orderId: created.id, position })));
        await r.insertHistory({ orderId: created.id, fromStatus: null, toStatus: 'PENDING', changedBy: actor.id, note: 'Order placed' });
        await r.replaceSchedule(created.id, plan!);
        await enqueueEmail(tx, {
          emailType: 'ORDER_CONFIRMATION',
          recipients: [customer.email],
          model: {
            customerName: customer.name,
            orderNumber: created.number,
            currency,
            total,
            items: lines.map((l) => ({ name: l.productName, sku: l.sku, quantity: l.quantity, unitPrice: l.unitPrice })),
          },
        });
        return created;
      });
      const { viewer, lines: visibleLines } = await loadVisible(actor, order.id);
      return detail(order, visibleLines, viewer);
    },

    async get({ actor, id }: { actor: Actor; id: string }): Promise<Order> {
      const { viewer, order, lines } = await loadVisible(actor, id);
      return detail(order, lines, viewer);
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
      const { viewer, order } = await loadVisible(actor, id);
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
      await loadVisible(actor, id);
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
      const { viewer, lines } = await loadVisible(actor, updated.id);
      return detail(updated, lines, viewer);
    },

    async setPaymentTerms({ id, terms }: { actor: Actor; id: string; terms: PaymentTerms }): Promise<Order> {
      const updated = await inTx(async (r, tx) => {
        const order = await r.findOrder(id, true);
        if (!order) throw notFound();
        if (order.status === 'CANCELLED' || order.status === 'COMPLETED') {
          throw new AppError('CONFLICT', `The payment terms of a ${order.status.toLowerCase()} order cannot change.`);
        }
        if (order.paidAmount > 0) throw new AppError('TERMS_LOCKED', 'Payment terms cannot change once a payment has been recorded.');
        let plan;
        try {
          plan = planSchedule(order.total, terms, todayUtc());
        } catch (err) {
          scheduleErrorToAppError(err);
        }
        await r.replaceSchedule(id, plan!);
        return audited(tx, { type: 'ORDER', action: 'PAYMENT_TERMS', ids: [id] }, (t) =>
          createOrdersRepo(t).updateOrder(id, { paymentTerms: terms }),
        );
      });
      const lines = await repo.linesOf([id]);
      return detail(updated, lines, { kind: 'admin' });
    },

    async recordPayment({
      actor,
      orderId,
      scheduleId,
      body,
      idempotencyKey,
    }: {
      actor: Actor;
      orderId: string;
      scheduleId: string;
      body: RecordPaymentBody;
      idempotencyKey?: string | undefined;
    }): Promise<{ result: PaymentResult; replayed: boolean }> {
      const receivedOn = body.receivedOn ?? todayUtc();
      const hash = requestHash({
        orderId,
        scheduleId,
        amount: body.amount,
        method: body.method,
        reference: body.reference ?? null,
        receivedOn,
      });

      const replay = async (): Promise<{ result: PaymentResult; replayed: boolean } | null> => {
        if (!idempotencyKey) return null;
        const existing = await repo.findPaymentByKey(idempotencyKey);
        if (!existing) return null;
        if (existing.requestHash !== hash) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different payment.');
        }
        return { result: existing.response as PaymentResult, replayed: true };
      };

      const early = await replay();
      if (early) return early;

      try {
        const result = await inTx(async (r, tx) => {
          const item = await r.findScheduleItem(orderId, scheduleId, true);
          if (!item) {
            if (!(await r.findOrder(orderId))) throw notFound();
            throw new AppError('SCHEDULE_ITEM_NOT_FOUND', 'This payment schedule item does not exist.');
          }
          // Holding the item's lock, a concurrent request with the same key has either committed or not started.
          if (idempotencyKey) {
            const existing = await r.findPaymentByKey(idempotencyKey);
            if (existing) {
              if (existing.requestHash !== hash)
                throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different payment.');
              return { result: existing.response as PaymentResult, replayed: true };
            }
          }
          const order = await r.findOrder(orderId, true);
          if (!order) throw notFound();
          if (order.status === 'CANCELLED') throw new AppError('CONFLICT', 'Payments cannot be recorded on a cancelled order.');
          const remaining = item.amount - item.paidAmount;
          if (body.amount > remaining) {
            const left = remaining === 0 ? 'Nothing remains to pay' : `Only ${formatMoney(remaining, order.currency)} remains to pay`;
            throw new AppError('OVERPAYMENT', `${left} on ${item.label}.`, [{ path: 'amount', message: `${left} on this item` }]);
          }
          if (receivedOn > todayUtc()) {
            throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
              { path: 'receivedOn', message: 'The payment date cannot be in the future' },
            ]);
          }
          if (receivedOn < todayUtc(order.createdAt)) {
            throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
              { path: 'receivedOn', message: 'The payment date cannot be before the order was placed' },
            ]);
          }
          const payment = await r.insertPayment({
            orderId,
            scheduleItemId: scheduleId,
            amount: body.amount,
            method: body.method,
            reference: body.reference ?? null,
            receivedOn,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: hash,
            recordedBy: actor.id,
          });
          const updatedItem = await r.addToItemPaid(scheduleId, body.amount);
          const payment_ = { amount: body.amount, currency: order.currency };
          const paid = () => ({
            payment: { from: null, to: payment_ },
            method: { from: null, to: body.method },
            instalment: { from: null, to: item.label },
            receivedOn: { from: null, to: receivedOn },
          });
          const updatedOrder = await audited(tx, { type: 'ORDER', action: 'PAYMENT', ids: [orderId], extra: paid }, (t) =>
            createOrdersRepo(t).addToOrderPaid(orderId, body.amount),
          );
          await enqueueEmail(tx, {
            emailType: 'PAYMENT_RECEIPT',
            recipients: [updatedOrder.customerEmail],
            model: {
              customerName: updatedOrder.customerName,
              orderNumber: updatedOrder.number,
              currency: updatedOrder.currency,
              amount: body.amount,
              method: body.method,
              ...(body.reference ? { reference: body.reference } : {}),
              paidAt: payment.createdAt.toISOString(),
              remaining: updatedOrder.total - updatedOrder.paidAmount,
            },
          });
          const lines = await r.linesOf([orderId]);
          const full = await detail(updatedOrder, lines, { kind: 'admin' }, r);
          const answer: PaymentResult = {
            payment: toPaymentDto(payment, updatedOrder.currency, actor.username),
            scheduleItem: toScheduleItemDto(updatedItem, updatedOrder, todayUtc()),
            order: full,
          };
          await r.setPaymentResponse(payment.id, answer);
          return { result: answer, replayed: false };
        });
        return result;
      } catch (err) {
        // Two first uses of one key raced on different items: the loser answers as a replay would.
        if (idempotencyKey && isUniqueViolation(err, 'payments_idempotency_uq')) {
          const again = await replay();
          if (again) return again;
        }
        throw err;
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
