import { describe, expect, it } from 'vitest';
import { readParams } from '../../lib/url-state';
import { groupMonths, isMonthSelected, monthLabel, monthRange, paymentFilterSpec, scheduleFilterOf } from './payments';

describe('payments screen', () => {
  it('reads the overview’s links and builds the API filter', () => {
    const filters = readParams(new URLSearchParams('state=due&dueTo=2026-12-23&dueFrom=2027-01-05'), paymentFilterSpec);
    expect(filters).toEqual({ state: 'due', dueFrom: '2027-01-05', dueTo: '2026-12-23' });
    expect(scheduleFilterOf(filters, ' MR ')).toEqual({ state: 'due', dueFrom: '2026-12-23', dueTo: '2027-01-05', q: 'MR' });
    expect(readParams(new URLSearchParams('state=late'), paymentFilterSpec).state).toBeUndefined();
  });

  it('knows month bounds, leap years included', () => {
    expect(monthRange('2028-02')).toEqual({ dueFrom: '2028-02-01', dueTo: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ dueFrom: '2026-12-01', dueTo: '2026-12-31' });
    expect(monthLabel('2027-01')).toBe('Jan 2027');
    expect(isMonthSelected('2026-12', { dueFrom: '2026-12-01', dueTo: '2026-12-31' })).toBe(true);
    expect(isMonthSelected('2026-12', { dueFrom: '2026-12-01', dueTo: undefined })).toBe(false);
  });

  it('groups the summary per month, oldest first, one amount per currency', () => {
    const row = (month: string, currency: string, amount: number, paid = 0, overdue = 0) => ({
      month,
      currency,
      itemCount: 1,
      amount,
      paidAmount: paid,
      remaining: amount - paid,
      overdue,
    });
    const grouped = groupMonths([row('2027-01', 'EUR', 300), row('2026-12', 'GBP', 50), row('2026-12', 'EUR', 100, 40, 60)]);
    expect(grouped.map((m) => m.month)).toEqual(['2026-12', '2027-01']);
    expect(grouped[0]!.itemCount).toBe(2);
    expect(grouped[0]!.amounts.map((a) => [a.currency, a.remaining, a.overdue])).toEqual([
      ['EUR', 60, 60],
      ['GBP', 50, 0],
    ]);
  });
});
