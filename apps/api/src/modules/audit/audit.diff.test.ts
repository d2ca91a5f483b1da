import { describe, expect, it } from 'vitest';
import { diffRecords, isSecretField, normalizeValue, redact } from './audit.diff';

describe('diffRecords', () => {
  const before = {
    id: 'p1',
    name: 'Ring',
    price: 150_000,
    currency: 'EUR',
    stock: 3,
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    deletedAt: null,
  };

  it('lists only the fields that changed, from → to', () => {
    const after = { ...before, name: 'Solitaire', stock: 3, updatedAt: new Date('2026-02-01T00:00:00Z') };
    expect(diffRecords(before, after)).toEqual({ name: { from: 'Ring', to: 'Solitaire' } });
  });

  it('records money on a record with a currency as money, dates as ISO-8601', () => {
    const after = { ...before, price: 182_000, deletedAt: new Date('2026-03-04T05:06:07Z') };
    expect(diffRecords(before, after)).toEqual({
      price: { from: { amount: 150_000, currency: 'EUR' }, to: { amount: 182_000, currency: 'EUR' } },
      deletedAt: { from: null, to: '2026-03-04T05:06:07.000Z' },
    });
  });

  it('lists a new record’s non-empty fields and nothing for a removed one', () => {
    expect(diffRecords(null, { id: 'x', name: 'Ring', note: null, tags: [] })).toEqual({ name: { from: null, to: 'Ring' } });
    expect(diffRecords(before, null)).toEqual({});
  });

  it('compares JSON values by content and names images by their alt text', () => {
    const image = (alt: string) => ({ variant: 'front', alt, sources: [{ key: `k/${alt}`, width: 640, height: 640 }] });
    expect(diffRecords({ terms: { type: 'FULL' }, images: [image('a')] }, { terms: { type: 'FULL' }, images: [image('a')] })).toEqual({});
    expect(diffRecords({ images: [image('a')] }, { images: [image('a'), image('b')] })).toEqual({
      images: { from: ['a'], to: ['a', 'b'] },
    });
  });

  it('never records secrets, whatever the record calls them', () => {
    const user = {
      username: 'ada',
      passwordHash: '$argon2id$old',
      tokenVersion: 1,
      resetToken: 't1',
      apiKey: 'k',
      fingerprint: 'f1',
      role: 'CUSTOMER',
    };
    const changed = {
      username: 'ada',
      passwordHash: '$argon2id$new',
      tokenVersion: 2,
      resetToken: 't2',
      apiKey: 'k2',
      fingerprint: 'f2',
      role: 'ADMIN',
    };
    expect(diffRecords(user, changed)).toEqual({ role: { from: 'CUSTOMER', to: 'ADMIN' } });
    expect(JSON.stringify(diffRecords(null, changed))).not.toMatch(/argon2|t2|k2|f2/);
    expect(normalizeValue({ password: 'x', label: 'y' })).toEqual({ label: 'y' });
  });

  it('redact drops secret fields from changes built by hand', () => {
    expect(redact({ password: { from: null, to: 'hunter2' }, note: { from: null, to: { text: 'hi', token: 'abc' } } })).toEqual({
      note: { from: null, to: { text: 'hi' } },
    });
    for (const field of ['password', 'passwordHash', 'tokenVersion', 'refreshToken', 'secret', 'apiKey', 'api_key', 'fingerprint'])
      expect(isSecretField(field), field).toBe(true);
    for (const field of ['price', 'status', 'role', 'name', 'email', 'notes']) expect(isSecretField(field), field).toBe(false);
  });
});
