import type { OrderStatus, ScheduleItem } from '@mirror/contract';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  IN_PRODUCTION: 'In production',
  READY: 'Ready',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** The button that makes the move. */
export const MOVE_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Back to pending',
  CONFIRMED: 'Confirm order',
  IN_PRODUCTION: 'Start production',
  READY: 'Mark as ready',
  SHIPPED: 'Mark as shipped',
  DELIVERED: 'Mark as delivered',
  COMPLETED: 'Complete order',
  CANCELLED: 'Cancel order',
};

export type Tone = 'ink' | 'muted' | 'gold' | 'error';

export function statusTone(status: OrderStatus): Tone {
  if (status === 'PENDING') return 'gold';
  if (status === 'CANCELLED') return 'muted';
  return 'ink';
}

/** The lifecycle's happy path, for the progress line (CANCELLED sits outside it). */
export const LIFECYCLE: OrderStatus[] = ['PENDING', 'CONFIRMED', 'IN_PRODUCTION', 'READY', 'SHIPPED', 'DELIVERED', 'COMPLETED'];

/** A schedule item as the house reads it: due, paid or overdue (overdue in the error tone). */
export function itemState(item: Pick<ScheduleItem, 'status' | 'paidAmount'>): { label: string; tone: Tone } {
  if (item.status === 'PAID') return { label: 'Paid', tone: 'ink' };
  if (item.status === 'OVERDUE') return { label: item.paidAmount > 0 ? 'Overdue, part paid' : 'Overdue', tone: 'error' };
  return { label: item.paidAmount > 0 ? 'Due, part paid' : 'Due', tone: 'gold' };
}
