import { describe, expect, it } from 'vitest';
import { revenueLines } from './party-dashboard';

describe('revenueLines', () => {
  it('prints each currency with a sale, largest first, in the house format', () => {
    expect(
      revenueLines([
        { amount: 1_250_000, currency: 'GBP' },
        { amount: 0, currency: 'CHF' },
        { amount: 4_038_700, currency: 'EUR' },
        { amount: 1_250_000, currency: 'CHF' },
      ]),
    ).toEqual(['€40,387', 'CHF\u00a012,500', '£12,500']);
  });

  it('is empty when nothing was sold', () => {
    expect(revenueLines([])).toEqual([]);
    expect(revenueLines([{ amount: 0, currency: 'EUR' }])).toEqual([]);
  });
});
