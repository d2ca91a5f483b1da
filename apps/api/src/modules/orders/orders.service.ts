import { createHash } from 'node:crypto';
import {
  ORDER_TRANSITIONS,
  type CreateOrderBody,
  type Order,
  type OrderLine,
  type OrderListQuery,
  type OrderStatus,
  type OrderSummary,
  type Page,
  type PaymentResult,
  type PaymentTerms,
  type RecordPaymentBody,
  type ScheduleItem,
  type ScheduleQuery,
} from '@mirror/contract';
import type { Db } from '../../db/client';
import type { OrderLineRow, OrderRow, ScheduleItemRow } from '../../db/schema/orders';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { enqueueEmail } from '../notifications/notifications.service';
import { createOrdersRepo, type OrdersRepo } from './orders.repo';
import { planSchedule, scheduleStatus, ScheduleError, todayUtc } from './schedule';

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

function summaryOf(order: OrderRow, lines: OrderLineRow[], viewer: Viewer): OrderSummary {
  const dtoLines = lines.map(toLineDto);
  const isVendor = viewer.kind === 'vendor';
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    customerId: order.customerId,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    currency: order.currency,
    subtotal: dtoLines.reduce((sum, l) => sum + l.lineTotal, 0),
    // A vendor sees its share, not the whole order's money.
    total: isVendor ? dtoLines.reduce((sum, l) => sum + l.lineTotal, 0) : order.total,
    paidAmount: isVendor ? 0 : order.paidAmount,
    isPaidInFull: order.paidAmount >= order.total,
    paymentTerms: order.paymentTerms,
    notes: isVendor ? null : order.notes,
    lines: dtoLines,
    lineCount: dtoLines.length,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
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
  const inTx = <T>(fn: (txRepo: OrdersRepo, tx: Db) => Promise<T>) => db.transaction((tx) => fn(createOrdersRepo(tx as unknown as Db), tx as unknown as Db));

  async function viewerOf(actor: Actor): Promise<Viewer> {
    if (actor.role === 'ADMIN') return { kind: 'admin' };
    if (actor.role === 'VENDOR') {
      const vendorId = await repo.vendorIdOfUser(actor.id);
      if (!vendorId) throw forbidden('Your account is not linked to a vendor yet.');
      return { kind: 'vendor', vendorId };
    }
    return { kind: 'customer', userId: actor.id };
  }

  /** The order as this viewer may see it, or 404 (never 403: an order's existence is private). */
  async function loadVisible(actor: Actor, id: string, r: OrdersRepo = repo) {
    const viewer = await viewerOf(actor);
    const order = await r.findOrder(id);
    if (!order) throw notFound();
    const lines = await r.linesOf([id], viewer.kind === 'vendor' ? viewer.vendorId : undefined);
    if (viewer.kind === 'customer' && order.customerId !== viewer.userId) throw notFound();
    if (viewer.kind === 'vendor' && lines.length === 0) throw notFound();
    return { viewer, order, lines };
  }

  async function detail(order: OrderRow, lines: OrderLineRow[], viewer: Viewer, r: OrdersRepo = repo): Promise<Order> {
    const today = todayUtc();
    const [schedule, history] = await Promise.all([viewer.kind === 'vendor' ? [] : r.scheduleOf(order.id), r.historyOf(order.id)]);
    const { lineCount: _lineCount, ...summary } = summaryOf(order, lines, viewer);
    return {
      ...summary,
      schedule: schedule.map((s) => toScheduleItemDto(s, order, today)),
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
        throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path: 'guest', message: 'Give either a customer or a guest, not both' }]);
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
      const found = await repo.productsByIds([...wanted.keys()]);
      const lines: { productId: string; vendorId: string; sku: string; productName: string; unitPrice: number; quantity: number }[] = [];
      let index = 0;
      for (const [productId, want] of wanted) {
        const product = found.find((p) => p.id === productId);
        const path = `lines.${index}`;
        index += 1;
        if (!product || product.deletedAt || (product.status !== 'ACTIVE' && !isAdmin)) {
          throw new AppError('PRODUCT_NOT_FOUND', 'One of the pieces is not available.', [{ path: `${path}.productId`, message: 'This piece is not available' }]);
        }
        const unitPrice = want.unitPrice ?? product.price;
        if (unitPrice == null) {
          throw new AppError('PRICE_ON_REQUEST', `${product.name} is priced on request: book an appointment to order it.`, [
            { path: `${path}.unitPrice`, message: 'This piece is priced on request' },
          ]);
        }
        lines.push({ productId, vendorId: product.vendorId, sku: product.sku, productName: product.name, unitPrice, quantity: want.quantity });
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
            throw new AppError('INSUFFICIENT_STOCK', `Not enough stock for ${line.productName}.`, [
              { path: `lines.${lines.indexOf(line)}.quantity`, message: 'Not enough stock' },
            ]);
          }
        }
        const seq = await r.nextOrderNumber();
        const created = await r.insertOrder({
          number: `MR-${new Date().getUTCFullYear()}-${String(seq).padStart(6, '0')}`,
          customerId: customer.id,
          customerName: customer.name,
          customerEmail: customer.email,
          currency,
          total,
          paymentTerms: terms,
          notes: body.notes ?? null,
          createdBy: actor.id,
        });
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
      const viewer = await viewerOf(actor);
      const filter = {
        status: query.status,
        customerId: query.customerId,
        vendorId: query.vendorId,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to.length === 10 ? `${query.to}T23:59:59.999Z` : query.to) : undefined,
        paid: query.paid,
        q: query.q,
      };
      if (query.filter === 'current-user' || viewer.kind === 'customer') {
        if (viewer.kind === 'vendor') filter.vendorId = viewer.vendorId;
        else filter.customerId = actor.id;
      }
      if (viewer.kind === 'vendor') filter.vendorId = viewer.vendorId;
      const { rows, total } = await repo.listOrders(filter, query);
      const lines = await repo.linesOf(
        rows.map((r) => r.id),
        viewer.kind === 'vendor' ? viewer.vendorId : undefined,
      );
      const content = rows.map((order) => summaryOf(order, lines.filter((l) => l.orderId === order.id), viewer));
      return toPage(content, total, query.page, query.size);
    },

    async schedule({ actor, id }: { actor: Actor; id: string }): Promise<ScheduleItem[]> {
      const { viewer, order } = await loadVisible(actor, id);
      if (viewer.kind === 'vendor') throw forbidden('The payment schedule is visible to the client and the house only.');
      const today = todayUtc();
      return (await repo.scheduleOf(id)).map((s) => toScheduleItemDto(s, order, today));
    },

    async scheduleAcrossOrders({ query }: { query: ScheduleQuery }): Promise<Page<ScheduleItem>> {
      const today = todayUtc();
      const { rows, total } = await repo.listSchedule(query, today);
      return toPage(
        rows.map((r) => toScheduleItemDto(r.item, { number: r.orderNumber, currency: r.currency }, today)),
        total,
        query.page,
        query.size,
      );
    },

    async changeStatus({ actor, id, status, note }: { actor: Actor; id: string; status: OrderStatus; note?: string | undefined }): Promise<Order> {
      await loadVisible(actor, id);
      const isAdmin = actor.role === 'ADMIN';
      const updated = await inTx(async (r) => {
        const order = await r.findOrder(id, true);
        if (!order) throw notFound();
        // A client may cancel their own order while it is still pending; every other move is the house's.
        if (!isAdmin && !(actor.role !== 'VENDOR' && order.customerId === actor.id && order.status === 'PENDING' && status === 'CANCELLED')) {
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
        return r.updateOrder(id, { status });
      });
      const { viewer, lines } = await loadVisible(actor, updated.id);
      return detail(updated, lines, viewer);
    },

    async setPaymentTerms({ actor, id, terms }: { actor: Actor; id: string; terms: PaymentTerms }): Promise<Order> {
      const updated = await inTx(async (r) => {
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
        return r.updateOrder(id, { paymentTerms: terms });
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
      const hash = requestHash({ orderId, scheduleId, amount: body.amount, method: body.method, reference: body.reference ?? null });

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
              if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different payment.');
              return { result: existing.response as PaymentResult, replayed: true };
            }
          }
          const order = await r.findOrder(orderId, true);
          if (!order) throw notFound();
          if (order.status === 'CANCELLED') throw new AppError('CONFLICT', 'Payments cannot be recorded on a cancelled order.');
          const remaining = item.amount - item.paidAmount;
          if (body.amount > remaining) {
            throw new AppError('OVERPAYMENT', `This instalment has ${remaining} ${order.currency} minor units left to pay.`, [
              { path: 'amount', message: `At most ${remaining} (minor units) remains on this item` },
            ]);
          }
          const payment = await r.insertPayment({
            orderId,
            scheduleItemId: scheduleId,
            amount: body.amount,
            method: body.method,
            reference: body.reference ?? null,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: hash,
            recordedBy: actor.id,
          });
          const updatedItem = await r.addToItemPaid(scheduleId, body.amount);
          const updatedOrder = await r.addToOrderPaid(orderId, body.amount);
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
            payment: {
              id: payment.id,
              orderId,
              scheduleItemId: scheduleId,
              amount: payment.amount,
              currency: updatedOrder.currency,
              method: payment.method,
              reference: payment.reference,
              recordedBy: payment.recordedBy,
              createdAt: payment.createdAt.toISOString(),
            },
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
