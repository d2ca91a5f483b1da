import { ORDER_STATUSES, PAYMENT_STATES, type OrderStatus, type PaymentState } from '@mirror/contract';
import { formatMoney, humanize } from '../../lib/format';
import { param, type ParamSpec } from '../../lib/url-state';
import type { AdminOrderFilter } from './api/admin-orders.queries';

export type Tone = 'ink' | 'muted' | 'gold' | 'error';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const optionalDate = () => ({
  parse: (raw: string | null): string | undefined =>
    raw && ISO_DATE.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : undefined,
  default: undefined as string | undefined,
});

export interface OrderUrlFilters {
  status: OrderStatus | undefined;
  payment: PaymentState | undefined;
  /** Placed from / to (dates). */
  from: string | undefined;
  to: string | undefined;
  /** Order total from / to, in whole currency units (what people type: 5000 = €5,000). */
  min: number | undefined;
  max: number | undefined;
}

/** The table's filters as the URL spells them: `?status=PENDING&payment=OVERDUE&from=2026-11-01&min=5000`. */
export const orderFilterSpec: ParamSpec<OrderUrlFilters> = {
  status: param.optionalOneOf(ORDER_STATUSES),
  payment: param.optionalOneOf(PAYMENT_STATES),
  from: optionalDate(),
  to: optionalDate(),
  min: param.optionalInt({ max: 100_000_000_000 }),
  max: param.optionalInt({ max: 100_000_000_000 }),
};

/**
 * The API's filter for the URL's: amounts to minor units, and a range typed (or linked) backwards
 * read the right way round rather than answered with a 400.
 */
export function apiFilterOf(filters: OrderUrlFilters, q = ''): AdminOrderFilter {
  const filter: AdminOrderFilter = {};
  if (filters.status) filter.status = filters.status;
  if (filters.payment) filter.paymentState = filters.payment;
  let { from, to, min, max } = filters;
  if (from && to && from > to) [from, to] = [to, from];
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (from) filter.from = from;
  if (to) filter.to = to;
  if (min !== undefined) filter.minTotal = min * 100;
  if (max !== undefined) filter.maxTotal = max * 100;
  if (q.trim()) filter.q = q.trim();
  return filter;
}

/** The filter without its status: what the tabs count under. */
export function withoutStatus(filter: AdminOrderFilter): AdminOrderFilter {
  const { status: _status, ...rest } = filter;
  return rest;
}

export const PAYMENT_STATE_LABEL: Record<PaymentState, string> = {
  UNPAID: 'Unpaid',
  PARTLY_PAID: 'Partly paid',
  PAID: 'Paid',
  OVERDUE: 'Overdue',
};

/** Overdue is the one red in the table; partly paid asks for attention; paid is settled ink. */
export function paymentTone(state: PaymentState): Tone {
  switch (state) {
    case 'OVERDUE':
      return 'error';
    case 'PARTLY_PAID':
      return 'gold';
    case 'PAID':
      return 'ink';
    case 'UNPAID':
      return 'muted';
  }
}

/** Pending orders wait for someone (gold); finished or cancelled ones are quiet; the rest are in progress. */
export function orderStatusTone(status: OrderStatus): Tone {
  if (status === 'PENDING') return 'gold';
  if (status === 'CANCELLED' || status === 'COMPLETED') return 'muted';
  return 'ink';
}

export function orderStatusLabel(status: OrderStatus): string {
  return humanize(status);
}

/**
 * A chip's text for an amount range typed in whole units (euros): 'Total €5,000–€20,000',
 * 'Total from €5,000', 'Total up to €20,000'.
 */
export function amountRangeLabel(min: number | undefined, max: number | undefined, currency = 'EUR'): string | null {
  const money = (v: number) => formatMoney(Math.round(v * 100), currency);
  if (min !== undefined && max !== undefined) return `Total ${money(Math.min(min, max))}–${money(Math.max(min, max))}`;
  if (min !== undefined) return `Total from ${money(min)}`;
  if (max !== undefined) return `Total up to ${money(max)}`;
  return null;
}

export { ORDER_STATUSES, PAYMENT_STATES };
