import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './rate-limit-key';

describe('rateLimitKey', () => {
  it('keys a visitor by address, IPv6 by its /64 and IPv4-mapped IPv6 as IPv4', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe(rateLimitKey('2001:db8:1:2:bbbb::9'));
    expect(rateLimitKey('2001:db8:1:2::1')).not.toBe(rateLimitKey('2001:db8:1:3::1'));
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('does not throw for a request whose socket is gone (no address)', () => {
    expect(rateLimitKey(undefined)).toBe('ip:gone');
    expect(rateLimitKey('')).toBe('ip:gone');
  });
});
