import { PassThrough } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, latestConfirmationToken, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { emailOutbox } from '../../db/schema/index';
import { REGISTER_MAX_TAKEN } from './users.service';
import type { ErrorResponse, RegistrationReceipt, TokenPair, User } from '@mirror/contract';

/**
 * Issue 14, findings 6 (account enumeration), 7 (security event log) and 8 (re-authentication).
 * The app logs into a stream the tests read: every security event is one JSON line.
 */
let t: TestApp;
const lines: Record<string, unknown>[] = [];
let raw = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    raw += text;
    for (const line of text.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  t = await buildTestApp({}, { logStream: stream });
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}${Date.now().toString(36)}`;

async function mailsTo(address: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.emailType, 'ACCOUNT_NOTICE'), sql`lower(${emailOutbox.recipients}->>0) = ${address.toLowerCase()}`));
}

const events = (name: string) => lines.filter((l) => l.securityEvent === name);

describe('registration does not reveal a registered email (finding 6)', () => {
  it('answers a taken email exactly like a new one, creates nothing, and tells the owner once a day', async () => {
    const ownerEmail = `${unique('owner')}@Example.com`;
    await t.createUser({ email: ownerEmail });
    const fresh = { username: unique('fresh.'), email: `${unique('fresh')}@example.com`, password: 'Pearls-and-Platinum' };
    const probe = {
      username: unique('probe.'),
      email: ownerEmail.toLowerCase(),
      password: 'Pearls-and-Platinum',
      firstName: 'Visit https://evil.example',
    };

    const a = await t.request<RegistrationReceipt>('/api/users', { body: fresh });
    const b = await t.request<RegistrationReceipt>('/api/users', { body: probe });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
    expect(a.body).toEqual({ status: 'ACCEPTED', email: fresh.email });
    expect(b.body).toEqual({ status: 'ACCEPTED', email: probe.email });

    // Neither signs in yet, alike: the new address was sent a link, the probe created nothing.
    const freshEarly = await t.request<TokenPair>('/api/auth/authenticate', {
      body: { username: fresh.username, password: fresh.password },
    });
    const probeEarly = await t.request<TokenPair>('/api/auth/authenticate', {
      body: { username: probe.username, password: probe.password },
    });
    expect(freshEarly.status).toBe(401);
    expect(freshEarly.body).toEqual(probeEarly.body);
    // Nor does registering either username again tell them apart (a waiting registration holds no name).
    for (const username of [fresh.username, probe.username]) {
      expect(
        (await t.request('/api/users', { body: { username, email: `${unique('other')}@example.com`, password: 'Pearls-and-Platinum' } }))
          .status,
      ).toBe(202);
    }
    expect((await mailsTo(fresh.email)).map((m) => m.model.notice)).toEqual(['CONFIRM_REGISTRATION']);
    // Its link makes the account, welcomed; the probe's username still makes nothing.
    expect(
      (await t.request('/api/users/confirm-email', { body: { token: await latestConfirmationToken(t.database, fresh.email) } })).status,
    ).toBe(200);
    expect((await t.request('/api/auth/authenticate', { body: { username: fresh.username, password: fresh.password } })).status).toBe(200);
    expect((await t.request('/api/auth/authenticate', { body: { username: probe.username, password: probe.password } })).status).toBe(401);
    expect((await mailsTo(fresh.email)).map((m) => m.model.notice)).toEqual(['CONFIRM_REGISTRATION', 'WELCOME']);

    // The owner hears of it at the address on the account, with nothing the prober typed.
    const notes = await mailsTo(ownerEmail);
    expect(notes.map((m) => m.model.notice)).toEqual(['ALREADY_REGISTERED']);
    expect(notes[0]!.recipients).toEqual([ownerEmail]);
    for (const part of [notes[0]!.subject, notes[0]!.text, notes[0]!.html]) {
      expect(part).not.toContain(probe.username);
      expect(part).not.toContain('evil');
    }
    // Once a day, however often the address is tried, ten at once included.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => t.request<RegistrationReceipt>('/api/users', { body: { ...probe, username: unique('probe.') } })),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(await mailsTo(ownerEmail)).toHaveLength(1);
  });

  it('says a username is taken, but throttles those answers per IP like sign-in', async () => {
    const own = await buildTestApp();
    try {
      const holder = await own.createUser();
      const tries = [];
      for (let i = 0; i < REGISTER_MAX_TAKEN; i += 1) {
        tries.push(
          await own.request<RegistrationReceipt>('/api/users', {
            body: { username: holder.username, email: `p${i}@example.com`, password: 'Pearls-and-Platinum' },
          }),
        );
      }
      for (const res of tries) expectErrorShape(res.body, 409, 'USERNAME_TAKEN');
      const blocked = await own.request<ErrorResponse>('/api/users', {
        body: { username: 'free.name', email: 'free@example.com', password: 'Pearls-and-Platinum' },
      });
      expect(blocked.status).toBe(429);
      expectErrorShape(blocked.body, 429, 'TOO_MANY_REQUESTS');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});

describe('re-authentication for email and password changes (finding 8)', () => {
  it('needs the current password to change your own email, and tells the old address of the request', async () => {
    const s = await t.loginAs('CUSTOMER');
    const url = `/api/users/${s.userId}`;
    const oldEmail = `${s.username}@example.com`;
    const newEmail = `${unique('moved')}@example.com`;
    const missing = await t.request<ErrorResponse>(url, { method: 'PUT', token: s.accessToken, body: { email: newEmail } });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: 'currentPassword', message: 'Enter your current password to make this change.' }]);
    const wrong = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: newEmail, currentPassword: 'not-my-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: 'currentPassword', message: 'Your current password is not correct.' }]);
    expect((await t.request<User>('/api/users/me', { token: s.accessToken })).body.email).toBe(oldEmail);
    expect(await mailsTo(oldEmail)).toHaveLength(0);

    const ok = await t.request<User>(url, { method: 'PUT', token: s.accessToken, body: { email: newEmail, currentPassword: s.password } });
    expect(ok.status).toBe(200);
    // The new address waits for its link (email-confirmation.test.ts); the old one is told now.
    expect(ok.body.email).toBe(oldEmail);
    expect(ok.body.pendingEmail!.email).toBe(newEmail);
    const told = await mailsTo(oldEmail);
    expect(told.map((m) => m.model)).toEqual([{ notice: 'EMAIL_CHANGE_REQUESTED', username: s.username, newEmail }]);
    expect(told[0]!.text).toContain(newEmail);
    // Other profile fields still need nothing more.
    expect((await t.request(url, { method: 'PUT', token: s.accessToken, body: { firstName: 'Inès' } })).status).toBe(200);
  });

  it('tells the account of a password change; an admin changing someone else needs no password of theirs', async () => {
    const s = await t.loginAs('CUSTOMER');
    const changed = await t.request<User>(`/api/users/${s.userId}`, {
      method: 'PUT',
      token: s.accessToken,
      body: { password: 'Brand-New-Passphrase', currentPassword: s.password },
    });
    expect(changed.status).toBe(200);
    expect((await mailsTo(`${s.username}@example.com`)).map((m) => m.model.notice)).toEqual(['PASSWORD_CHANGED']);

    const admin = await t.loginAs('ADMIN');
    const other = await t.createUser();
    const moved = `${unique('admin-moved')}@example.com`;
    const res = await t.request<User>(`/api/users/${other.id}`, { method: 'PUT', token: admin.accessToken, body: { email: moved } });
    expect(res.status).toBe(200);
    expect((await mailsTo(`${other.username}@example.com`)).map((m) => m.model.notice)).toEqual(['EMAIL_CHANGED']);
  });

  it('throttles wrong current passwords like sign-in: the right one is refused too until the window passes', async () => {
    const s = await t.loginAs('CUSTOMER');
    const url = `/api/users/${s.userId}`;
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await t.request(url, {
            method: 'PUT',
            token: s.accessToken,
            body: { password: 'Brand-New-Passphrase', currentPassword: `guess-${i}-guess` },
          })
        ).status,
      ).toBe(400);
    }
    const blocked = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { password: 'Brand-New-Passphrase', currentPassword: s.password },
    });
    expect(blocked.status).toBe(429);
    expectErrorShape(blocked.body, 429, 'TOO_MANY_REQUESTS');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('answers "email taken" only after re-authentication, and throttles those answers per account', async () => {
    const s = await t.loginAs('CUSTOMER');
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.createUser()));
    const url = `/api/users/${s.userId}`;
    const withoutPassword = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: `${others[0]!.username}@example.com` },
    });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.details![0]!.path).toBe('currentPassword');
    for (const o of others.slice(0, 5)) {
      const res = await t.request<ErrorResponse>(url, {
        method: 'PUT',
        token: s.accessToken,
        body: { email: `${o.username}@example.com`, currentPassword: s.password },
      });
      expectErrorShape(res.body, 409, 'EMAIL_TAKEN');
    }
    const blocked = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: `${others[5]!.username}@example.com`, currentPassword: s.password },
    });
    expectErrorShape(blocked.body, 429, 'TOO_MANY_REQUESTS');
  });
});

describe('security events are logged (finding 7)', () => {
  it('logs sign-in, throttling, refresh replay, logout, changes and denials with user id, IP and request id, and no secret', async () => {
    const user = await t.createUser();
    const admin = await t.loginAs('ADMIN');
    const failed = await t.request<ErrorResponse>('/api/auth/authenticate', {
      body: { username: user.username, password: 'wrong-password-1' },
    });
    expect(failed.status).toBe(401);
    await t.request<TokenPair>('/api/auth/authenticate', { body: { username: 'nobody-at-all', password: 'wrong-password-2' } });
    const ok = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: user.username, password: user.password } });
    expect(ok.status).toBe(200);
    const { refreshToken, accessToken } = ok.body;

    const rotated = await t.request<TokenPair>('/api/v1/auth/refresh-token', { body: { refreshToken } });
    expect(rotated.status).toBe(200);
    expect((await t.request('/api/v1/auth/refresh-token', { body: { refreshToken } })).status).toBe(401); // replay

    const second = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: user.username, password: user.password } });
    expect((await t.request('/api/auth/logout', { body: { refreshToken: second.body.refreshToken } })).status).toBe(204);

    const denied = await t.request<ErrorResponse>('/api/users/statistics', { token: second.body.accessToken });
    expect(denied.status).toBe(403);

    const throttledUser = await t.createUser();
    for (let i = 0; i < 6; i += 1)
      await t.request<TokenPair>('/api/auth/authenticate', { body: { username: throttledUser.username, password: `wrong-${i}-password` } });

    await t.request<User>(`/api/users/${user.id}`, {
      method: 'PUT',
      token: second.body.accessToken,
      body: { password: 'Another-Passphrase-9', currentPassword: user.password },
    });
    await t.request<User>(`/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { email: `${unique('logged')}@example.com` },
    });
    await t.request<User>(`/api/users/${user.id}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'VENDOR' } });
    await t.request<User>(`/api/users/${user.id}/status`, { method: 'PATCH', token: admin.accessToken, body: { status: 'SUSPENDED' } });

    const expectEvent = (name: string, userId: string | null) => {
      const found = events(name).filter((l) => l.userId === userId);
      expect(found.length, `${name} for ${userId}: ${JSON.stringify(events(name))}`).toBeGreaterThan(0);
      for (const l of found) {
        expect(l.ip).toBe('127.0.0.1');
        expect(l.requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(l.reqId).toBe(l.requestId);
      }
      return found;
    };
    expect(expectEvent('auth.login.failed', user.id)[0]!.level).toBe(40);
    expectEvent('auth.login.failed', null);
    expect(expectEvent('auth.login.succeeded', user.id)[0]!.level).toBe(30);
    expectEvent('auth.login.throttled', throttledUser.id);
    expectEvent('auth.refresh.replayed', user.id);
    expectEvent('auth.family.revoked', user.id);
    expectEvent('auth.logout', user.id);
    const denial = expectEvent('access.denied', user.id)[0]!;
    expect(denial).toMatchObject({ code: 'FORBIDDEN', role: 'CUSTOMER', method: 'GET', route: '/api/users/statistics' });
    expectEvent('user.password.changed', user.id);
    const emailChange = expectEvent('user.email.changed', user.id)[0]!;
    expect(emailChange.actorId).toBe(admin.userId);
    expect(expectEvent('user.role.changed', user.id)[0]).toMatchObject({ from: 'CUSTOMER', to: 'VENDOR' });
    expect(expectEvent('user.status.changed', user.id)[0]).toMatchObject({ from: 'ACTIVE', to: 'SUSPENDED' });

    // No password, token or hash anywhere in the log.
    for (const secret of [
      user.password,
      'wrong-password-1',
      'Another-Passphrase-9',
      refreshToken,
      accessToken,
      rotated.body.refreshToken,
      second.body.refreshToken,
      TEST_PASSWORD,
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toMatch(/argon2|passwordHash|tokenHash/);
    // Nor the usernames typed at sign-in (people type passwords there by mistake).
    expect(events('auth.login.failed').some((l) => JSON.stringify(l).includes('nobody-at-all'))).toBe(false);
  });
});
