import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { buildTestApp, expectErrorShape, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import type { ErrorResponse, TokenPair, User } from '@mirror/contract';
import { rowsOf } from '../../db/sql-helpers';

const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-0123456789');

let t: TestApp;
beforeAll(async () => {
  // Trusting the proxy lets tests speak from several client IPs through X-Forwarded-For.
  t = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '203.0.113.10') =>
  t.request<TokenPair>('/api/auth/authenticate', { body: { username, password }, headers: { 'x-forwarded-for': ip } });

describe('POST /api/auth/authenticate', () => {
  it('signs in and returns an access token with the documented claims and a refresh token', async () => {
    const user = await t.createUser({ role: 'VENDOR' });
    const res = await login(user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.body.refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const claims = decodeJwt(res.body.accessToken);
    expect(claims.sub).toBe(user.id);
    expect(claims.userId).toBe(user.id);
    expect(claims.username).toBe(user.username);
    expect(claims.roles).toEqual(['VENDOR']);
    expect(claims.typ).toBe('access');
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it('accepts the username in any case', async () => {
    const user = await t.createUser({ username: 'MixedCase' });
    expect((await login('mixedcase', user.password)).status).toBe(200);
  });

  it('answers unknown user and wrong password with the same 401 body', async () => {
    const user = await t.createUser();
    const unknown = await login('nobody-here', 'whatever-password', '203.0.113.20');
    const wrong = await login(user.username, 'not-the-password', '203.0.113.20');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expectErrorShape(unknown.body, 401, 'INVALID_CREDENTIALS');
    expect(wrong.body).toEqual(unknown.body);
  });

  it('rejects a missing username or password with 400 and field details', async () => {
    const res = await t.request<ErrorResponse>('/api/auth/authenticate', { body: { username: '' } });
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    expect(res.body.details!.map((d) => d.path).sort()).toEqual(['password', 'username']);
  });

  it('lets only ACTIVE users in', async () => {
    for (const status of ['INACTIVE', 'SUSPENDED', 'PENDING'] as const) {
      const user = await t.createUser({ status });
      const res = await login(user.username, user.password);
      expect(res.status).toBe(401);
      expect(res.body.accessToken).toBeUndefined();
    }
  });

  it('throttles after 5 failures per username and IP within 15 minutes, with Retry-After', async () => {
    const user = await t.createUser();
    const ip = '198.51.100.7';
    for (let i = 0; i < 5; i += 1) expect((await login(user.username, 'wrong-password!', ip)).status).toBe(401);
    const blocked = await login(user.username, user.password, ip);
    expect(blocked.status).toBe(429);
    expectErrorShape(blocked.body, 429, 'LOGIN_THROTTLED');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another IP and another username on the same IP are not affected.
    expect((await login(user.username, user.password, '198.51.100.8')).status).toBe(200);
    const other = await t.createUser();
    expect((await login(other.username, other.password, ip)).status).toBe(200);
  });

  it('forgets failures older than 15 minutes and resets after a success', async () => {
    const user = await t.createUser();
    const ip = '198.51.100.9';
    for (let i = 0; i < 4; i += 1) await login(user.username, 'wrong-password!', ip);
    expect((await login(user.username, user.password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await login(user.username, 'wrong-password!', ip);
    expect((await login(user.username, user.password, ip)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) await login(user.username, 'wrong-password!', ip);
    expect((await login(user.username, user.password, ip)).status).toBe(429);
    await t.database.db.execute(sql`update login_failures set created_at = now() - interval '16 minutes'`);
    expect((await login(user.username, user.password, ip)).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) => t.request<TokenPair>('/api/v1/auth/refresh-token', { body: { refreshToken } });

  it('rotates on every refresh and the new access token works', async () => {
    const s = await t.loginAs('CUSTOMER');
    const first = await refresh(s.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(s.refreshToken);
    const me = await t.request<User>('/api/users/me', { token: first.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(s.username);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
  });

  it('revokes the whole family when a spent token is replayed', async () => {
    const s = await t.loginAs('CUSTOMER');
    const rotated = await refresh(s.refreshToken);
    expect(rotated.status).toBe(200);
    const replay = await refresh(s.refreshToken);
    expect(replay.status).toBe(401);
    expectErrorShape(replay.body, 401, 'INVALID_REFRESH_TOKEN');
    // The thief's replay also ends the legitimate holder's newer token.
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
  });

  it('lets exactly one of several concurrent uses of a token win, then ends the login', async () => {
    const s = await t.loginAs('CUSTOMER');
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(s.refreshToken)));
    const winners = results.filter((r) => r.status === 200);
    expect(winners.length).toBeLessThanOrEqual(1);
    for (const w of winners) expect((await refresh(w.body.refreshToken)).status).toBe(401);
  });

  it('keeps the 30-day absolute expiry of the login across rotations', async () => {
    const s = await t.loginAs('CUSTOMER');
    const rotated = await refresh(s.refreshToken);
    const rows = await t.database.db.execute<{ expires_at: string | Date; created_at: string | Date }>(
      sql`select expires_at, created_at from refresh_tokens where user_id = ${s.userId} order by created_at`,
    );
    const list = rowsOf<{ expires_at: string | Date; created_at: string | Date }>(rows);
    expect(list).toHaveLength(2);
    expect(new Date(list[0]!.expires_at).getTime()).toBe(new Date(list[1]!.expires_at).getTime());
    const days = (new Date(list[0]!.expires_at).getTime() - new Date(list[0]!.created_at).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    await t.database.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${s.userId}`);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
  });

  it('rejects unknown tokens and bad bodies', async () => {
    expect((await refresh('not-a-real-token')).status).toBe(401);
    const bad = await t.request<ErrorResponse>('/api/v1/auth/refresh-token', { body: {} });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body, 400, 'VALIDATION_FAILED');
  });

  it('logout revokes the presented refresh token', async () => {
    const s = await t.loginAs('CUSTOMER');
    const out = await t.request<null>('/api/auth/logout', { body: { refreshToken: s.refreshToken } });
    expect(out.status).toBe(204);
    expect((await refresh(s.refreshToken)).status).toBe(401);
    // Logging out with an unknown token is harmless.
    expect((await t.request('/api/auth/logout', { body: { refreshToken: 'unknown' } })).status).toBe(204);
  });
});

describe('access tokens', () => {
  const me = (token: string, headers: Record<string, string> = {}) => t.request<User>('/api/users/me', { token, headers });

  async function sign(claims: Record<string, unknown>, opts: { exp?: number; alg?: string; key?: Uint8Array } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
      .setIssuer('mirror')
      .setAudience('mirror-api')
      .setSubject(String(claims.userId))
      .setIssuedAt(now - 60)
      .setExpirationTime(opts.exp ?? now + 600)
      .sign(opts.key ?? SECRET);
  }

  it('accepts a valid token', async () => {
    const s = await t.loginAs('CUSTOMER');
    expect((await me(s.accessToken)).status).toBe(200);
  });

  it('rejects expired, tampered, alg:none, foreign-key and refresh-as-access tokens', async () => {
    const s = await t.loginAs('CUSTOMER');
    const base = { userId: s.userId, username: s.username, roles: ['CUSTOMER'], typ: 'access', ver: 0 };
    const expired = await sign(base, { exp: Math.floor(Date.now() / 1000) - 10 });
    const foreign = await sign(base, { key: new TextEncoder().encode('another-secret-another-secret-another-secret') });
    const wrongTyp = await sign({ ...base, typ: 'refresh' });
    const [h, p, sig] = s.accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, roles: ['ADMIN'] })).toString('base64url')}.${sig}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const hs512 = await sign(base, { alg: 'HS512' });
    for (const token of [expired, foreign, wrongTyp, tampered, none, hs512, s.refreshToken, 'garbage']) {
      const res = await me(token);
      expect(res.status, token).toBe(401);
      expectErrorShape(res.body, 401);
    }
    // The genuine token still works: the rejections are about the tokens, not the user.
    expect((await me(s.accessToken)).status).toBe(200);
  });

  it('requires a token on protected routes', async () => {
    const res = await t.request<ErrorResponse>('/api/users/me');
    expect(res.status).toBe(401);
    expectErrorShape(res.body, 401, 'UNAUTHORIZED');
  });

  it('answers 403 when X-User-Id differs from the token user, and passes when it matches', async () => {
    const s = await t.loginAs('CUSTOMER');
    const mismatch = await me(s.accessToken, { 'x-user-id': '00000000-0000-4000-8000-000000000000' });
    expect(mismatch.status).toBe(403);
    expectErrorShape(mismatch.body, 403, 'USER_ID_MISMATCH');
    expect((await me(s.accessToken, { 'x-user-id': s.userId })).status).toBe(200);
  });

  it('ends every session when the user is disabled, their role changes or their password changes', async () => {
    const admin = await t.loginAs('ADMIN');
    const cases: [string, (id: string) => Promise<unknown>][] = [
      [
        'disabled',
        (id) => t.request<User>(`/api/users/${id}/status`, { method: 'PATCH', token: admin.accessToken, body: { status: 'SUSPENDED' } }),
      ],
      [
        'role change',
        (id) => t.request<User>(`/api/users/${id}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'VENDOR' } }),
      ],
      [
        'password change',
        (id) =>
          t.request<User>(`/api/users/${id}`, { method: 'PUT', token: admin.accessToken, body: { password: 'A-whole-new-passphrase' } }),
      ],
    ];
    for (const [label, change] of cases) {
      const s = await t.loginAs('CUSTOMER');
      expect((await me(s.accessToken)).status, label).toBe(200);
      await change(s.userId);
      expect((await me(s.accessToken)).status, label).toBe(401);
      expect((await t.request('/api/v1/auth/refresh-token', { body: { refreshToken: s.refreshToken } })).status, label).toBe(401);
    }
  });

  it('signs in with the new password after a self-service password change', async () => {
    const s = await t.loginAs('CUSTOMER');
    const res = await t.request<User>(`/api/users/${s.userId}`, {
      method: 'PUT',
      token: s.accessToken,
      body: { password: 'Another-Long-Passphrase', currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await login(s.username, TEST_PASSWORD, '203.0.113.99')).status).toBe(401);
    expect((await login(s.username, 'Another-Long-Passphrase', '203.0.113.99')).status).toBe(200);
  });
});
