/** The overview's arithmetic and wording, kept apart from the components so it can be tested alone. */
import type { OrderMonthFigures } from '@mirror/contract';
import { formatMoney } from '../../lib/format';

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function amountIn(list: readonly CurrencyAmount[], currency: string): number {
  return list.find((m) => m.currency === currency)?.amount ?? 0;
}

/** The amounts worth printing: every non-zero one, largest first. */
export function nonZero(list: readonly CurrencyAmount[]): CurrencyAmount[] {
  return list.filter((m) => m.amount !== 0).sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

export type RevenueChange =
  /** Nothing either month. */
  | { kind: 'none' }
  /** Sales this month after none last month: a percentage would be infinite. */
  | { kind: 'new' }
  | { kind: 'change'; percent: number };

/** This month against last month, in whole per cent. */
export function revenueChange(thisMonth: number, lastMonth: number): RevenueChange {
  if (lastMonth === 0) return thisMonth === 0 ? { kind: 'none' } : { kind: 'new' };
  const percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
  return { kind: 'change', percent: Object.is(percent, -0) ? 0 : percent };
}

/** '+12 %', '−8 %' (a true minus sign), '0 %'. */
export function formatPercentChange(percent: number): string {
  if (percent > 0) return `+${percent} %`;
  if (percent < 0) return `\u2212${Math.abs(percent)} %`;
  return '0 %';
}

/** '2026-11' → 'Nov 2026' (or 'November 2026' with `isLong`). */
export function monthLabel(month: string, { isLong = false, hasYear = true }: { isLong?: boolean; hasYear?: boolean } = {}): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const name = (isLong ? LONG_MONTHS : SHORT_MONTHS)[index - 1] ?? month;
  return hasYear ? `${name} ${year}` : name;
}

/** First and last day of a 'YYYY-MM' month. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** 'YYYY-MM-DD' plus whole days (UTC). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The currency the revenue chart shows first: the one with the most sales over the 12 months. */
export function leadingCurrency(currencies: readonly string[], months: readonly OrderMonthFigures[]): string | null {
  let best: string | null = null;
  let bestTotal = -1;
  for (const currency of currencies) {
    const total = months.reduce((sum, m) => sum + amountIn(m.ordersTotal, currency), 0);
    if (total > bestTotal) {
      best = currency;
      bestTotal = total;
    }
  }
  return best;
}

/** Axis ticks: '€0', '€800', '€12k', '€1.2M' (minor units in, whole units out). */
export function compactMoney(amount: number, currency: string): string {
  const prefix = formatMoney(0, currency).replace(/0$/, '');
  const value = amount / 100;
  const trim = (n: number) => String(Number(n.toFixed(n < 10 ? 1 : 0)));
  if (Math.abs(value) >= 1_000_000) return `${prefix}${trim(value / 1_000_000)}M`;
  if (Math.abs(value) >= 1_000) return `${prefix}${trim(value / 1_000)}k`;
  return `${prefix}${Math.round(value)}`;
}
