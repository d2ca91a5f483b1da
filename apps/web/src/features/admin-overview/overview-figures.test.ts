import { describe, expect, it } from 'vitest';
import {
  addDays,
  compactMoney,
  formatPercentChange,
  leadingCurrency,
  monthBounds,
  monthLabel,
  nonZero,
  revenueChange,
} from './overview-figures';

const month = (m: string, amounts: Record<string, number>) => ({
  month: m,
  orderCount: 1,
  ordersTotal: Object.entries(amounts).map(([currency, amount]) => ({ currency, amount })),
  paymentsReceived: [],
});

describe('revenueChange', () => {
  it('is a whole percentage against last month', () => {
    expect(revenueChange(11_200_00, 10_000_00)).toEqual({ kind: 'change', percent: 12 });
    expect(revenueChange(9_200_00, 10_000_00)).toEqual({ kind: 'change', percent: -8 });
    expect(revenueChange(0, 10_000_00)).toEqual({ kind: 'change', percent: -100 });
    expect(revenueChange(10_000_00, 10_000_00)).toEqual({ kind: 'change', percent: 0 });
    // Rounds to the nearest whole per cent, and a tiny fall is 0 %, not "−0 %".
    expect(revenueChange(10_004_00, 10_000_00)).toEqual({ kind: 'change', percent: 0 });
    expect(revenueChange(9_996_00, 10_000_00)).toEqual({ kind: 'change', percent: 0 });
    expect(revenueChange(1_005, 1_000)).toEqual({ kind: 'change', percent: 1 });
  });

  it('has no percentage when last month had nothing', () => {
    expect(revenueChange(5_000_00, 0)).toEqual({ kind: 'new' });
    expect(revenueChange(0, 0)).toEqual({ kind: 'none' });
  });
});

describe('formatPercentChange', () => {
  it('signs the change with a true minus', () => {
    expect(formatPercentChange(12)).toBe('+12 %');
    expect(formatPercentChange(-8)).toBe('\u22128 %');
    expect(formatPercentChange(0)).toBe('0 %');
  });
});

describe('months', () => {
  it('labels a month short or long', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2026-01', { isLong: true })).toBe('January 2026');
    expect(monthLabel('2026-10', { isLong: true, hasYear: false })).toBe('October');
  });

  it('gives the first and last day, leap years included', () => {
    expect(monthBounds('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthBounds('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('leadingCurrency', () => {
  it('picks the currency with the most sales over the months', () => {
    const months = [month('2026-10', { EUR: 100, USD: 500 }), month('2026-11', { EUR: 450, USD: 0 })];
    expect(leadingCurrency(['EUR', 'USD'], months)).toBe('EUR');
    expect(leadingCurrency(['EUR', 'USD'], [month('2026-11', { EUR: 1, USD: 2 })])).toBe('USD');
  });

  it('is null on an empty database and the only currency otherwise', () => {
    expect(leadingCurrency([], [])).toBeNull();
    expect(leadingCurrency(['GBP'], [month('2026-11', {})])).toBe('GBP');
  });
});

describe('nonZero', () => {
  it('keeps the amounts worth printing, largest first', () => {
    expect(
      nonZero([
        { currency: 'EUR', amount: 100 },
        { currency: 'USD', amount: 0 },
        { currency: 'GBP', amount: 900 },
      ]),
    ).toEqual([
      { currency: 'GBP', amount: 900 },
      { currency: 'EUR', amount: 100 },
    ]);
    expect(nonZero([])).toEqual([]);
  });
});

describe('compactMoney', () => {
  it('shortens axis ticks in the house style', () => {
    expect(compactMoney(0, 'EUR')).toBe('€0');
    expect(compactMoney(80_000, 'EUR')).toBe('€800');
    expect(compactMoney(1_200_000, 'EUR')).toBe('€12k');
    expect(compactMoney(250_000, 'EUR')).toBe('€2.5k');
    expect(compactMoney(9_000_000, 'EUR')).toBe('€90k');
    expect(compactMoney(120_000_000, 'EUR')).toBe('€1.2M');
    expect(compactMoney(3_000_000_000, 'GBP')).toBe('£30M');
  });
});

describe('addDays', () => {
  it('crosses months and years in UTC', () => {
    expect(addDays('2026-11-23', 30)).toBe('2026-12-23');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
