import { SCHEDULE_STATES, type ScheduleMonth, type ScheduleStatus } from '@mirror/contract';
import { param, type ParamSpec } from '../../lib/url-state';
import type { ScheduleFilter } from './api/admin-payments.queries';

export type Tone = 'ink' | 'muted' | 'gold' | 'error';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const optionalDate = () => ({
  parse: (raw: string | null): string | undefined =>
    raw && ISO_DATE.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : undefined,
  default: undefined as string | undefined,
});

export interface PaymentUrlFilters {
  state: (typeof SCHEDULE_STATES)[number] | undefined;
  dueFrom: string | undefined;
  dueTo: string | undefined;
}

/** `?state=overdue&dueFrom=2026-12-01&dueTo=2026-12-31` — the overview's figures link here with these. */
export const paymentFilterSpec: ParamSpec<PaymentUrlFilters> = {
  state: param.optionalOneOf(SCHEDULE_STATES),
  dueFrom: optionalDate(),
  dueTo: optionalDate(),
};

/** The API's filter; a range linked backwards is read the right way round rather than answered with a 400. */
export function scheduleFilterOf(filters: PaymentUrlFilters, q = ''): ScheduleFilter {
  const out: ScheduleFilter = {};
  let { dueFrom, dueTo } = filters;
  if (dueFrom && dueTo && dueFrom > dueTo) [dueFrom, dueTo] = [dueTo, dueFrom];
  if (filters.state) out.state = filters.state;
  if (dueFrom) out.dueFrom = dueFrom;
  if (dueTo) out.dueTo = dueTo;
  if (q.trim()) out.q = q.trim();
  return out;
}

export const STATE_LABEL: Record<(typeof SCHEDULE_STATES)[number], string> = { due: 'Due', overdue: 'Overdue', paid: 'Paid' };

export const SCHEDULE_STATUS_LABEL: Record<ScheduleStatus, string> = {
  PENDING: 'Due',
  PARTIALLY_PAID: 'Partly paid',
  PAID: 'Paid',
  OVERDUE: 'Overdue',
};

export function scheduleTone(status: ScheduleStatus): Tone {
  switch (status) {
    case 'OVERDUE':
      return 'error';
    case 'PARTIALLY_PAID':
      return 'gold';
    case 'PAID':
      return 'ink';
    case 'PENDING':
      return 'muted';
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12' → 'Dec 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

/** The first and last day of a 'YYYY-MM' month. */
export function monthRange(month: string): { dueFrom: string; dueTo: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { dueFrom: `${month}-01`, dueTo: `${month}-${String(last).padStart(2, '0')}` };
}

export interface MonthTotals {
  month: string;
  /** One entry per currency that month, by currency. */
  amounts: Pick<ScheduleMonth, 'currency' | 'itemCount' | 'amount' | 'paidAmount' | 'remaining' | 'overdue'>[];
  itemCount: number;
}

/** The summary's rows (one per month and currency) grouped per month, oldest first. */
export function groupMonths(months: readonly ScheduleMonth[]): MonthTotals[] {
  const byMonth = new Map<string, MonthTotals>();
  for (const row of [...months].sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency))) {
    const entry = byMonth.get(row.month) ?? { month: row.month, amounts: [], itemCount: 0 };
    entry.amounts.push({
      currency: row.currency,
      itemCount: row.itemCount,
      amount: row.amount,
      paidAmount: row.paidAmount,
      remaining: row.remaining,
      overdue: row.overdue,
    });
    entry.itemCount += row.itemCount;
    byMonth.set(row.month, entry);
  }
  return [...byMonth.values()];
}

/** Whether the filter's due range is exactly this month (its tile then reads as chosen). */
export function isMonthSelected(month: string, filters: Pick<PaymentUrlFilters, 'dueFrom' | 'dueTo'>): boolean {
  const range = monthRange(month);
  return filters.dueFrom === range.dueFrom && filters.dueTo === range.dueTo;
}
