import { describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntityType } from '@mirror/contract';
import { actionWords, changeLines, changeText, fieldLabel, formatValue, recordLink } from './audit-format';

describe('change formatting', () => {
  it('formats money, dates, booleans, constants and empty values as the back-office prints them', () => {
    expect(formatValue({ amount: 2_450_000, currency: 'EUR' })).toBe('€24,500');
    expect(formatValue('2026-11-23T14:05:00.000Z')).toBe('23 Nov 2026');
    expect(formatValue('2026-12-31')).toBe('31 Dec 2026');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(false)).toBe('No');
    expect(formatValue(null)).toBe('—');
    expect(formatValue('WHITE_GOLD')).toBe('White gold');
    expect(formatValue('SKU123', 'sku')).toBe('SKU123');
    expect(formatValue(1250)).toBe('1,250');
    expect(formatValue(150, 'gemstoneCaratPoints')).toBe('1.5 ct');
    expect(formatValue(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('a, b, c, d and 2 more');
    expect(formatValue({ type: 'INSTALLMENTS', installments: 3 }, 'paymentTerms')).toBe('3 instalments');
    expect(formatValue('x'.repeat(200))).toHaveLength(80);
  });

  it('writes each change as "field: before → after", or the new value alone', () => {
    const lines = changeLines({
      price: { from: { amount: 150_000, currency: 'EUR' }, to: { amount: 182_000, currency: 'EUR' } },
      stockQuantity: { from: 3, to: 1 },
      note: { from: null, to: 'Client called' },
      role: { from: 'CUSTOMER', to: 'VENDOR' },
    });
    expect(lines.map(changeText)).toEqual(['Price: €1,500 → €1,820', 'Stock: 3 → 1', 'Note: Client called', 'Role: Customer → Vendor']);
    expect(fieldLabel('brandName')).toBe('Brand name');
    expect(fieldLabel('isFeatured')).toBe('Featured');
  });

  it('names the action and links the record to its admin page', () => {
    expect(actionWords({ action: 'DELETE', entityType: 'PRODUCT' })).toBe('Moved to the Trash');
    expect(actionWords({ action: 'DELETE', entityType: 'CATEGORY' })).toBe('Deleted');
    expect(actionWords({ action: 'ROLE', entityType: 'USER' })).toBe('Changed the role');
    const event = (entityType: AuditEntityType, action: AuditAction = 'UPDATE') => ({
      entityType,
      action,
      entityId: 'abc',
      entityLabel: 'ada lovelace',
    });
    expect(recordLink(event('PRODUCT'))).toBe('/dashboard/admin/manage-products/abc');
    expect(recordLink(event('ORDER'))).toBe('/dashboard/admin/orders/abc');
    expect(recordLink(event('SUBMISSION'))).toBe('/dashboard/admin/submissions/abc');
    expect(recordLink(event('USER'))).toBe('/dashboard/admin/users?q=ada%20lovelace');
    expect(recordLink(event('PRODUCT', 'PURGE'))).toBeNull();
    expect(recordLink(event('CATEGORY', 'DELETE'))).toBeNull();
  });
});
