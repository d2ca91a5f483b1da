import type { PaymentTerms, ScheduleStatus } from './orders';

/**
 * Pure payment-schedule planning, shared by the API (which persists the schedule) and the web app
 * (which previews it live while staff choose payment terms). No I/O, no clock: `today` is passed in.
 */

export interface PlannedItem {
  sequence: number;
  label: string;
  dueDate: string;
  amount: number;
}

/** Adds whole months to an ISO date, keeping the day or the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Splits `total` into `parts` integer amounts that differ by at most one minor unit and sum exactly. */
export function splitEvenly(total: number, parts: number): number[] {
  const big = BigInt(total);
  const n = BigInt(parts);
  const base = big / n;
  const remainder = Number(big - base * n);
  return Array.from({ length: parts }, (_, i) => Number(base) + (i < remainder ? 1 : 0));
}

export class ScheduleError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** The payment schedule for an order total under the given terms; amounts always sum to the total. */
export function planSchedule(total: number, terms: PaymentTerms, today: string): PlannedItem[] {
  switch (terms.type) {
    case 'FULL': {
      const dueDate = terms.dueDate ?? today;
      if (dueDate < today) throw new ScheduleError('dueDate', 'The due date cannot be in the past');
      return [{ sequence: 1, label: 'Payment in full', dueDate, amount: total }];
    }
    case 'DEPOSIT_BALANCE': {
      if (terms.balanceDueDate < today) throw new ScheduleError('balanceDueDate', 'The balance due date cannot be in the past');
      const deposit = Number((BigInt(total) * BigInt(terms.depositPercent)) / 100n);
      return [
        { sequence: 1, label: `Deposit (${terms.depositPercent} %)`, dueDate: today, amount: deposit },
        { sequence: 2, label: 'Balance', dueDate: terms.balanceDueDate, amount: total - deposit },
      ];
    }
    case 'INSTALLMENTS': {
      const first = terms.firstDueDate ?? today;
      if (first < today) throw new ScheduleError('firstDueDate', 'The first due date cannot be in the past');
      return splitEvenly(total, terms.installments).map((amount, i) => ({
        sequence: i + 1,
        label: `Instalment ${i + 1} of ${terms.installments}`,
        dueDate: addMonths(first, i * (terms.intervalMonths ?? 1)),
        amount,
      }));
    }
  }
}

/** A schedule item's state on `today`: paid in full, overdue, partly paid or pending. */
export function scheduleStatus(item: { amount: number; paidAmount: number; dueDate: string }, today: string): ScheduleStatus {
  if (item.paidAmount >= item.amount) return 'PAID';
  if (item.dueDate < today) return 'OVERDUE';
  return item.paidAmount > 0 ? 'PARTIALLY_PAID' : 'PENDING';
}
