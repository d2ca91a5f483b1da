/**
 * Recording a payment against one instalment of an order's schedule: at most what remains on it, dated
 * between the order and today, once per Idempotency-Key (a replay answers what the first call answered;
 * the same key for another payment is refused), audited and receipted by email in one transaction.
 */
import { createHash } from 'node:crypto';
import { formatMoney, type PaymentResult, type RecordPaymentBody } from '@mirror/contract';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { audited } from '../audit/audit.service';
import { enqueueEmail } from '../notifications/notifications.service';
import { notFound, orderDetail, type OrdersContext } from './orders.access';
import { toPaymentDto, toScheduleItemDto } from './orders.dto';
import { createOrdersRepo } from './orders.repo';
import { todayUtc } from './schedule';

function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export async function recordPayment(
  { repo, inTx }: OrdersContext,
  {
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
  },
): Promise<{ result: PaymentResult; replayed: boolean }> {
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
      const received = { amount: body.amount, currency: order.currency };
      const paid = () => ({
        payment: { from: null, to: received },
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
      const full = await orderDetail(updatedOrder, lines, { kind: 'admin' }, r, { inTransaction: true });
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
}
