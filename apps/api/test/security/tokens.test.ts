import { createHmac, randomUUID } from 'node:crypto';
import { decodeJwt, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, type Session, stopAfterAll, TEST_JWT_SECRET, TEST_PASSWORD, type TestApp } from '../helpers';
import { buildSecurityApp } from './world';
import type { ErrorResponse, TokenPair, User } from '@mirror/contract';

// Issue 14: crafted access tokens. Each is built by the same helper as a control token that the server
// accepts (200), changed in one respect only, so every refusal below is owed to that one check.

let t: TestApp;
let admin: Session;
let customer: Session;
let draftId: string;

const stopLater = stopAfterAll();
beforeAll(async () => {
  t = await buildSecurityApp();
  stopLater(() => t.close());
  [admin, customer] = await Promise.all([t.loginAs('ADMIN'), t.loginAs('CUSTOMER')]);
  const { catalogFactory } = await import('../catalog');
  const f = catalogFactory(t, admin);
  const vendor = await f.vendor();
  draftId = (await f.product({ vendorId: vendor.id, categoryId: (await f.category()).id, status: 'DRAFT' })).id;
});

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

interface Craft {
  alg?: string;
  key?: string;
  header?: Record<string, unknown>;
  /** Claims to set (undefined removes one). */
  claims?: Record<string, unknown>;
}

/** An access token as the server signs them (lib/tokens.ts), for `session`, with one thing changed. */
function craft(session: Session, { alg = 'HS256', key = TEST_JWT_SECRET, header = {}, claims = {} }: Craft = {}): string {
  const real = decodeJwt(session.accessToken);
  const base: JWTPayload = {
    userId: real.userId,
    username: real.username,
    roles: real.roles,
    typ: 'access',
    ver: real.ver,
    sub: real.sub,
    iss: 'mirror',
    aud: 'mirror-api',
    iat: now(),
    exp: now() + 900,
  };
  // A claim set to undefined is removed; the payload is JSON, where an undefined value is no claim at all.
  const payload = Object.fromEntries(Object.entries({ ...base, ...claims }).filter(([, v]) => v !== undefined));
  return sign({ alg, typ: 'JWT', ...header }, payload, key);
}

/** HMAC-signed compact JWS, whatever the header says (a library would refuse some of these headers). */
function sign(header: Record<string, unknown>, payload: Record<string, unknown>, key: string): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[String(header.alg)] ?? 'sha256';
  return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`;
}

/** Same header and payload as `token`, another signature (or none). */
function unsigned(header: Record<string, unknown>, payload: Record<string, unknown>, signature = ''): string {
  return `${b64(header)}.${b64(payload)}.${signature}`;
}

function withPayload(token: string, change: (p: Record<string, unknown>) => Record<string, unknown>): string {
  const [h, p, s] = token.split('.');
  return `${h}.${b64(change(JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>))}.${s}`;
}

const me = <R = User>(authorization: string) => t.request<R>('/api/users/me', { headers: { authorization } });

describe('crafted access tokens', () => {
  it('the control token, crafted like the server signs them, is accepted', async () => {
    const res = await me(`Bearer ${craft(customer)}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(customer.userId);
  });

  it('refuses every forgery, alteration and misuse with 401 INVALID_TOKEN', async () => {
    const real = customer.accessToken;
    const payload = decodeJwt(real) as Record<string, unknown>;
    const [realHeader, , realSignature] = real.split('.');
    const cases: [string, string][] = [
      ['alg none, no signature', unsigned({ alg: 'none', typ: 'JWT' }, payload)],
      ['alg NONE (upper case)', unsigned({ alg: 'NONE', typ: 'JWT' }, payload)],
      ['alg none, the real signature kept', unsigned({ alg: 'none', typ: 'JWT' }, payload, realSignature)],
      ['signed with another secret', craft(customer, { key: 'another-secret-that-is-long-enough-0123456789' })],
      ['signed with the secret minus its last character', craft(customer, { key: TEST_JWT_SECRET.slice(0, -1) })],
      ['HS384 with the right secret', craft(customer, { alg: 'HS384' })],
      ['HS512 with the right secret', craft(customer, { alg: 'HS512' })],
      [
        'header says RS256, HMAC-signed with the secret (algorithm confusion)',
        sign({ alg: 'RS256', typ: 'JWT' }, decodeJwt(craft(customer)), TEST_JWT_SECRET),
      ],
      [
        'an embedded jwk of the attacker',
        craft(customer, {
          key: 'attacker-key-attacker-key-attacker-key-0123',
          header: { jwk: { kty: 'oct', k: b64('attacker-key-attacker-key-attacker-key-0123') } },
        }),
      ],
      ['a kid pointing at an empty file, signed with an empty key', craft(customer, { key: '', header: { kid: '../../../../dev/null' } })],
      ['an unknown critical header', craft(customer, { header: { crit: ['x-mirror'], 'x-mirror': true } })],
      ['expired a second ago', craft(customer, { claims: { iat: now() - 901, exp: now() - 1 } })],
      ['expired a year ago', craft(customer, { claims: { iat: now() - 31_536_000, exp: now() - 31_535_100 } })],
      ['not valid before tomorrow (nbf)', craft(customer, { claims: { nbf: now() + 86_400 } })],
      ['wrong issuer', craft(customer, { claims: { iss: 'mirror-staging' } })],
      ['no issuer', craft(customer, { claims: { iss: undefined } })],
      ['wrong audience', craft(customer, { claims: { aud: 'mirror-web' } })],
      ['audiences without ours', craft(customer, { claims: { aud: ['mirror-web', 'mirror-admin'] } })],
      ['no expiry', craft(customer, { claims: { exp: undefined } })],
      ['no issued-at', craft(customer, { claims: { iat: undefined } })],
      ['no subject', craft(customer, { claims: { sub: undefined } })],
      ["subject another user's id", craft(customer, { claims: { sub: admin.userId } })],
      ['typ refresh', craft(customer, { claims: { typ: 'refresh' } })],
      ['no typ', craft(customer, { claims: { typ: undefined } })],
      ['no token version', craft(customer, { claims: { ver: undefined } })],
      ['a stale token version', craft(customer, { claims: { ver: Number(payload.ver) + 1 } })],
      [
        'an account that does not exist',
        (() => {
          const id = randomUUID();
          return craft(customer, { claims: { sub: id, userId: id } });
        })(),
      ],
      ['payload role changed to ADMIN, signature kept', withPayload(real, (p) => ({ ...p, roles: ['ADMIN'] }))],
      [
        "payload user changed to the admin's, signature kept",
        withPayload(real, (p) => ({ ...p, userId: admin.userId, sub: admin.userId })),
      ],
      ['expiry pushed a year, signature kept', withPayload(real, (p) => ({ ...p, exp: Number(p.exp) + 31_536_000 }))],
      ['signature stripped', `${realHeader}.${real.split('.')[1]}.`],
      ['header and payload only', real.split('.').slice(0, 2).join('.')],
      ['a fourth segment', `${real}.${realSignature}`],
      ['the refresh token as an access token', customer.refreshToken],
      ['8 KB of noise', 'a'.repeat(8192)],
    ];
    const wrong: string[] = [];
    for (const [name, token] of cases) {
      const res = await me<ErrorResponse | null>(`Bearer ${token}`);
      if (res.status !== 401 || res.body?.code !== 'INVALID_TOKEN')
        wrong.push(`${name} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      else expectErrorShape(res.body, 401, 'INVALID_TOKEN');
    }
    console.info(`crafted tokens: ${cases.length} refused`);
    expect(wrong).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it('refuses a token outside the Bearer scheme or without a token', async () => {
    for (const header of [
      `Basic ${customer.accessToken}`,
      'Bearer',
      'Bearer ',
      `Token ${customer.accessToken}`,
      `Bearer  ${customer.accessToken}`,
    ]) {
      expect((await me(header)).status, header.slice(0, 20)).toBe(401);
    }
  });

  it('takes the role from the account, not the token: a correctly signed claim of ADMIN stays a customer', async () => {
    const token = craft(customer, { claims: { roles: ['ADMIN'] } });
    expect((await me(`Bearer ${token}`)).body.role).toBe('CUSTOMER');
    const res = await t.request<ErrorResponse>('/api/users', { token });
    expect(res.status).toBe(403);
    expectErrorShape(res.body, 403, 'FORBIDDEN');
  });

  it('treats a forged token on a public route as a visitor, never as its claimed role', async () => {
    const forgedAdmin = withPayload(customer.accessToken, (p) => ({ ...p, roles: ['ADMIN'], userId: admin.userId, sub: admin.userId }));
    expect((await t.request(`/api/products/${draftId}`, { token: admin.accessToken })).status).toBe(200);
    expect((await t.request(`/api/products/${draftId}`, { token: forgedAdmin })).status).toBe(404);
    expect(
      (await t.request(`/api/products/${draftId}`, { token: unsigned({ alg: 'none' }, { ...decodeJwt(admin.accessToken) }) })).status,
    ).toBe(404);
  });

  it("refuses the X-User-Id header naming someone else (403), with the caller's own id accepted", async () => {
    expect((await t.request('/api/users/me', { token: customer.accessToken, headers: { 'x-user-id': customer.userId } })).status).toBe(200);
    const res = await t.request<ErrorResponse>('/api/users/me', { token: customer.accessToken, headers: { 'x-user-id': admin.userId } });
    expect(res.status).toBe(403);
    expectErrorShape(res.body, 403, 'USER_ID_MISMATCH');
  });

  it('ends real tokens at once when the account is disabled, deleted, demoted or its password changes', async () => {
    const [disabled, deleted, demoted, renewed] = await Promise.all([
      t.loginAs('CUSTOMER'),
      t.loginAs('CUSTOMER'),
      t.loginAs('ADMIN'),
      t.loginAs('CUSTOMER'),
    ]);
    for (const s of [disabled, deleted, renewed]) expect((await me(`Bearer ${s.accessToken}`)).status).toBe(200);
    expect((await t.request('/api/users', { token: demoted.accessToken })).status).toBe(200);

    expect(
      (
        await t.request(`/api/users/${disabled.userId}/status`, {
          method: 'PATCH',
          token: admin.accessToken,
          body: { status: 'SUSPENDED' },
        })
      ).status,
    ).toBe(200);
    expect((await t.request(`/api/users/${deleted.userId}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect(
      (await t.request(`/api/users/${demoted.userId}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'CUSTOMER' } }))
        .status,
    ).toBe(200);
    const changed = await t.request<User>(`/api/users/${renewed.userId}`, {
      method: 'PUT',
      token: renewed.accessToken,
      body: { password: 'Another-Opal-Crescent-77', currentPassword: TEST_PASSWORD },
    });
    expect(changed.status).toBe(200);

    // A role change ends the sessions too: the demoted admin's token, still signed for ADMIN, opens nothing.
    for (const s of [disabled, deleted, renewed, demoted]) expect((await me(`Bearer ${s.accessToken}`)).status).toBe(401);
    expect((await t.request('/api/users', { token: demoted.accessToken })).status).toBe(401);
    // Their refresh tokens are dead too.
    for (const s of [disabled, deleted, renewed])
      expect((await t.request('/api/v1/auth/refresh-token', { body: { refreshToken: s.refreshToken } })).status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('refuses an access token used as a refresh token, and a made-up one', async () => {
    for (const refreshToken of [customer.accessToken, 'x'.repeat(43), b64(randomUUID())]) {
      const res = await t.request<ErrorResponse>('/api/v1/auth/refresh-token', { body: { refreshToken } });
      expect(res.status).toBe(401);
      expectErrorShape(res.body, 401, 'INVALID_REFRESH_TOKEN');
    }
  });

  it('rotates once; a replayed token revokes the whole login, the token it was rotated into included', async () => {
    const s = await t.loginAs('CUSTOMER');
    const first = await t.request<TokenPair>('/api/v1/auth/refresh-token', { body: { refreshToken: s.refreshToken } });
    expect(first.status).toBe(200);
    const replay = await t.request<ErrorResponse>('/api/v1/auth/refresh-token', { body: { refreshToken: s.refreshToken } });
    expect(replay.status).toBe(401);
    expect((await t.request('/api/v1/auth/refresh-token', { body: { refreshToken: first.body.refreshToken } })).status).toBe(401);
    // Another login of the same account is untouched.
    const other = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: s.username, password: s.password } });
    expect((await t.request('/api/v1/auth/refresh-token', { body: { refreshToken: other.body.refreshToken } })).status).toBe(200);
  });

  it('ten concurrent uses of one refresh token: at most one new pair, and the login ends', async () => {
    const s = await t.loginAs('CUSTOMER');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.request<TokenPair>('/api/v1/auth/refresh-token', { body: { refreshToken: s.refreshToken } })),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 401)).toBe(true);
    for (const w of winners)
      expect((await t.request('/api/v1/auth/refresh-token', { body: { refreshToken: w.body.refreshToken } })).status).toBe(401);
  });

  it('logout ends the login: its refresh token no longer works', async () => {
    const s = await t.loginAs('CUSTOMER');
    expect((await t.request('/api/auth/logout', { body: { refreshToken: s.refreshToken } })).status).toBe(204);
    expect((await t.request('/api/v1/auth/refresh-token', { body: { refreshToken: s.refreshToken } })).status).toBe(401);
  });
});
