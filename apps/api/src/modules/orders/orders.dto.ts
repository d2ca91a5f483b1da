/**
 * Orders' rows as the contract shapes them, for whoever is looking: pure functions, no database. A
 * vendor sees its own lines and its share of the money; who ordered and the payment state are the house's.
 */
import type { OrderLine, OrderStatus, OrderSummary, Payment, PaymentState, ScheduleEntry, ScheduleItem } from '@mirror/contract';
import type { OrderLineRow, OrderRow, PaymentRow, ScheduleItemRow } from '../../db/schema/orders';
import { scheduleStatus } from './schedule';

/** Who is looking at an order decides what they see: everything, their own order, or their own lines. */
export type Viewer = { kind: 'admin' } | { kind: 'customer'; userId: string } | { kind: 'vendor'; vendorId: string };

export function toScheduleItemDto(row: ScheduleItemRow, order: Pick<OrderRow, 'number' | 'currency'>, today: string): ScheduleItem {
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

export function toScheduleEntryDto(
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

export function toLineDto(row: OrderLineRow): OrderLine {
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
export function paymentStateOf(
  order: Pick<OrderRow, 'status' | 'total' | 'paidAmount'>,
  nextDueDate: string | null,
  today: string,
): PaymentState {
  if (order.paidAmount >= order.total) return 'PAID';
  if (order.status !== 'CANCELLED' && nextDueDate !== null && nextDueDate < today) return 'OVERDUE';
  return order.paidAmount > 0 ? 'PARTLY_PAID' : 'UNPAID';
}

export function nextDueDateOf(order: OrderRow, schedule: ScheduleItemRow[]): string | null {
  if (order.status === 'CANCELLED' || order.paidAmount >= order.total) return null;
  const unpaid = schedule.filter((s) => s.paidAmount < s.amount).map((s) => s.dueDate);
  return unpaid.length ? unpaid.reduce((a, b) => (b < a ? b : a)) : null;
}

export function summaryOf(order: OrderRow, lines: OrderLineRow[], viewer: Viewer, nextDueDate: string | null, today: string): OrderSummary {
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

export function toPaymentDto(row: PaymentRow, currency: string, recordedByUsername: string | null): Payment {
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
