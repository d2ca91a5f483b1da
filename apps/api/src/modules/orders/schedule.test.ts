import { describe, expect, it } from 'vitest';
import { addMonths, planSchedule, scheduleStatus, splitEvenly } from './schedule';

describe('payment schedule planning', () => {
  it('splits instalments so they sum exactly to the total', () => {
    for (const [total, n] of [
      [100_000, 3],
      [1, 2],
      [999_999_999_999, 7],
      [0, 4],
      [1_000_003, 12],
    ] as const) {
      const parts = splitEvenly(total, n);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
    expect(splitEvenly(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
  });

  it('plans monthly instalments, clamping to month ends', () => {
    const items = planSchedule(100_000, { type: 'INSTALLMENTS', installments: 3, firstDueDate: '2027-01-31' }, '2026-11-22');
    expect(items.map((i) => i.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(items.map((i) => i.label)).toEqual(['Instalment 1 of 3', 'Instalment 2 of 3', 'Instalment 3 of 3']);
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('plans a deposit and a balance', () => {
    const items = planSchedule(1_234_567, { type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: '2027-03-01' }, '2026-11-22');
    expect(items).toEqual([
      { sequence: 1, label: 'Deposit (30 %)', dueDate: '2026-11-22', amount: 370_370 },
      { sequence: 2, label: 'Balance', dueDate: '2027-03-01', amount: 864_197 },
    ]);
  });

  it('plans payment in full today by default and refuses past dates', () => {
    expect(planSchedule(5_000, { type: 'FULL' }, '2026-11-22')).toEqual([
      { sequence: 1, label: 'Payment in full', dueDate: '2026-11-22', amount: 5_000 },
    ]);
    expect(() => planSchedule(5_000, { type: 'FULL', dueDate: '2026-11-21' }, '2026-11-22')).toThrow(/past/);
    expect(() => planSchedule(5_000, { type: 'DEPOSIT_BALANCE', depositPercent: 10, balanceDueDate: '2020-01-01' }, '2026-11-22')).toThrow(
      /past/,
    );
  });

  it('derives item status from amounts and dates', () => {
    const today = '2026-11-22';
    expect(scheduleStatus({ amount: 100, paidAmount: 0, dueDate: '2026-12-01' }, today)).toBe('PENDING');
    expect(scheduleStatus({ amount: 100, paidAmount: 40, dueDate: '2026-12-01' }, today)).toBe('PARTIALLY_PAID');
    expect(scheduleStatus({ amount: 100, paidAmount: 40, dueDate: '2026-11-01' }, today)).toBe('OVERDUE');
    expect(scheduleStatus({ amount: 100, paidAmount: 100, dueDate: '2026-11-01' }, today)).toBe('PAID');
    expect(scheduleStatus({ amount: 0, paidAmount: 0, dueDate: '2026-11-22' }, today)).toBe('PAID');
  });
});
