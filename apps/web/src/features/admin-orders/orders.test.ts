import { describe, expect, it } from 'vitest';
import { readParams } from '../../lib/url-state';
import { amountRangeLabel, apiFilterOf, orderFilterSpec, paymentTone, withoutStatus } from './orders';

describe('orders table URL state', () => {
  it('reads the URL the overview links to, and ignores garbage', () => {
    const filters = readParams(
      new URLSearchParams('status=PENDING&payment=OVERDUE&from=2026-11-01&to=nope&min=5000&max=-3'),
      orderFilterSpec,
    );
    expect(filters).toEqual({ status: 'PENDING', payment: 'OVERDUE', from: '2026-11-01', to: undefined, min: 5000, max: undefined });
    expect(readParams(new URLSearchParams('status=pending'), orderFilterSpec).status).toBeUndefined();
  });

  it('turns the URL into the API filter: minor units, ranges the right way round, trimmed search', () => {
    expect(
      apiFilterOf({ status: 'PENDING', payment: undefined, from: '2026-12-01', to: '2026-11-01', min: 20_000, max: 5_000 }, '  MR-2026 '),
    ).toEqual({
      status: 'PENDING',
      from: '2026-11-01',
      to: '2026-12-01',
      minTotal: 500_000,
      maxTotal: 2_000_000,
      q: 'MR-2026',
    });
    expect(withoutStatus({ status: 'PENDING', q: 'x' })).toEqual({ q: 'x' });
  });

  it('labels amount ranges and keeps red for overdue only', () => {
    expect(amountRangeLabel(5000, undefined)).toBe('Total from €5,000');
    expect(amountRangeLabel(undefined, 20000)).toBe('Total up to €20,000');
    expect(amountRangeLabel(20000, 5000)).toBe('Total €5,000–€20,000');
    expect(amountRangeLabel(undefined, undefined)).toBeNull();
    expect(amountRangeLabel(499.5, undefined)).toBe('Total from €499.50'); // the one money format
    expect(paymentTone('OVERDUE')).toBe('error');
    expect(paymentTone('PARTLY_PAID')).not.toBe('error');
  });
});
