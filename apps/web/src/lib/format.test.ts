import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatPrice, PRICE_ON_REQUEST } from './format';

const intlMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: Number.isInteger(amount / 100) ? 0 : 2 }).format(
    amount / 100,
  );

describe('formatMoney', () => {
  it('writes the house currencies exactly as en-GB Intl does', () => {
    for (const currency of ['EUR', 'GBP', 'USD', 'CHF']) {
      for (const amount of [0, 5, 50, 99_900, 1_250_000, 1_250_050, 123_456_789, 100_000_000_000]) {
        expect(formatMoney(amount, currency), `${amount} ${currency}`).toBe(intlMoney(amount, currency));
      }
    }
  });

  it('leaves other currencies and negative amounts to Intl', () => {
    expect(formatMoney(-1_250_000, 'EUR')).toBe(intlMoney(-1_250_000, 'EUR'));
    expect(formatMoney(-1_250_050, 'EUR')).toBe('-€12,500.50');
  });

  it('shows cents only when the amount has some, both digits then (the site and the emails alike)', () => {
    expect(formatMoney(1_250_000, 'EUR')).toBe('€12,500');
    expect(formatMoney(416_667, 'EUR')).toBe('€4,166.67');
    expect(formatMoney(1_250_050, 'EUR')).toBe('€12,500.50');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(0, 'EUR')).toBe('€0');
    expect(formatMoney(123_400, 'GBP')).toBe('£1,234');
    expect(formatMoney(99_950, 'CHF')).toBe('CHF\u00a0999.50');
  });

  it("counts minor units by the currency's own digits", () => {
    // Yen have no minor digits: 150,000 minor units are ¥150,000, not ¥1,500.
    expect(formatMoney(150_000, 'JPY')).toBe('JP¥150,000');
    expect(formatMoney(1_250_000, 'SEK')).toBe(intlMoney(1_250_000, 'SEK'));
    expect(formatMoney(1_250_050, 'SEK')).toBe(intlMoney(1_250_050, 'SEK'));
  });

  it('prints a range or price on request', () => {
    expect(formatPrice({ price: { amount: 1_250_000, currency: 'EUR' }, priceRange: null })).toBe('€12,500');
    expect(formatPrice({ price: null, priceRange: { min: 100_000, max: 250_000, currency: 'EUR' } })).toBe('€1,000 – €2,500');
    expect(formatPrice({ price: null, priceRange: null })).toBe(PRICE_ON_REQUEST);
  });
});

describe('formatDate', () => {
  it('writes the long date exactly as en-GB Intl does, in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
    for (const iso of ['2025-01-04', '2025-12-31', '2024-02-29', '2026-11-22T23:30:00Z', '2026-11-22T00:10:00+02:00']) {
      const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
      expect(formatDate(iso), iso).toBe(intl.format(date));
    }
  });

  it('uses Intl for any other style', () => {
    expect(formatDate('2025-01-04', { month: 'short', year: 'numeric' })).toBe('Jan 2025');
  });
});

describe('back-office formats', () => {
  it('writes dates as 23 Nov 2026 and empty values as a dash', async () => {
    const { formatShortDate, formatCount } = await import('./format');
    expect(formatShortDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatShortDate('2026-01-05T23:30:00Z')).toBe('5 Jan 2026');
    expect(formatShortDate(null)).toBe('—');
    expect(formatShortDate('not a date')).toBe('—');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(0)).toBe('0');
    const { formatTotal } = await import('./format');
    expect(formatTotal(10_000)).toBe('10,000');
    expect(formatTotal(10_000, false)).toBe('More than 10,000');
  });
});
