import { describe, expect, it } from 'vitest';
import { fullName, selfChangeReason, statusTone } from './users';

describe('admin users helpers', () => {
  it('joins the names the user gave, or null', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: '  ', lastName: 'Lovelace' })).toBe('Lovelace');
    expect(fullName({ firstName: null, lastName: null })).toBeNull();
  });

  it('gives each status its tone', () => {
    expect(statusTone('ACTIVE')).toBe('ink');
    expect(statusTone('PENDING')).toBe('gold');
    expect(statusTone('SUSPENDED')).toBe('gold');
    expect(statusTone('INACTIVE')).toBe('muted');
  });

  it('explains why the own account is locked, and only that one', () => {
    expect(selfChangeReason({ id: 'a' }, 'a')).toMatch(/your own account/);
    expect(selfChangeReason({ id: 'a' }, 'b')).toBeNull();
    expect(selfChangeReason({ id: 'a' }, null)).toBeNull();
  });
});
