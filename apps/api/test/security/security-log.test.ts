import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestConfirmationToken, type Session, stopAfterAll, TEST_PASSWORD, type TestApp } from '../helpers';
import { buildSecurityApp } from './world';
import type { EmailConfirmation, RegistrationReceipt, TokenPair, User, UserPage } from '@mirror/contract';

// Issue 14, finding 7: every security event is one structured pino line with the user id, the client IP
// and the request id (the one the answer's X-Request-Id carries), and the log holds no secret anywhere.
// The lines are read from the app's own pino output.

const lines: Record<string, unknown>[] = [];
/** Confirmation links used in the test: none may reach the log. */
const tokens: string[] = [];
let raw = '';
let t: TestApp;
let admin: Session;

const stopLater = stopAfterAll();
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString();
      raw += text;
      for (const line of text.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  t = await buildSecurityApp({}, { logStream: stream });
  stopLater(() => t.close());
  admin = await t.loginAs('ADMIN');
});

const NEW_PASSWORD = 'Moonstone-Harbour-58';
const WRONG_PASSWORD = 'Typed-By-Mistake-31';
const REQUEST_ID = /^[0-9a-f-]{36}$/;

/** The event's lines written while answering the request that carried `requestId`. */
const linesOf = (name: string, requestId: string | null) => lines.filter((l) => l.securityEvent === name && l.requestId === requestId);

interface Expected {
  event: string;
  level: 'info' | 'warn';
  userId: string | null;
  /** Facts the line must carry besides the ids. */
  detail?: Record<string, unknown>;
}

describe('security events in the log', () => {
  it('logs each event once, on the request that caused it, with user id, IP and request id', { timeout: 120_000 }, async () => {
    const [customer, other, victim] = await Promise.all([t.loginAs('CUSTOMER'), t.loginAs('CUSTOMER'), t.loginAs('CUSTOMER')]);
    const checks: { what: string; requestId: string | null; expected: Expected[] }[] = [];
    const step = async (what: string, call: Promise<{ status: number; headers: Headers }>, status: number, expected: Expected[]) => {
      const res = await call;
      expect(res.status, what).toBe(status);
      checks.push({ what, requestId: res.headers.get('x-request-id'), expected });
    };
    const signIn = (username: string, password: string) => t.request<TokenPair>('/api/auth/authenticate', { body: { username, password } });

    await step('sign-in', signIn(customer.username, TEST_PASSWORD), 200, [
      { event: 'auth.login.succeeded', level: 'info', userId: customer.userId, detail: { role: 'CUSTOMER' } },
    ]);
    await step('wrong password', signIn(victim.username, WRONG_PASSWORD), 401, [
      { event: 'auth.login.failed', level: 'warn', userId: victim.userId, detail: { reason: 'password' } },
    ]);
    await step('unknown account', signIn('nobody_at_all', WRONG_PASSWORD), 401, [
      { event: 'auth.login.failed', level: 'warn', userId: null, detail: { reason: 'unknown-user' } },
    ]);
    for (let i = 0; i < 4; i += 1) await signIn(victim.username, WRONG_PASSWORD);
    await step('throttled sign-in', signIn(victim.username, TEST_PASSWORD), 429, [
      { event: 'auth.login.throttled', level: 'warn', userId: victim.userId },
    ]);

    const rotated = await t.request<TokenPair>('/api/v1/auth/refresh-token', { body: { refreshToken: customer.refreshToken } });
    expect(rotated.status).toBe(200);
    await step(
      'refresh-token replay',
      t.request<TokenPair>('/api/v1/auth/refresh-token', { body: { refreshToken: customer.refreshToken } }),
      401,
      [
        { event: 'auth.refresh.replayed', level: 'warn', userId: customer.userId },
        { event: 'auth.family.revoked', level: 'warn', userId: customer.userId, detail: { reason: 'replay' } },
      ],
    );
    await step('logout', t.request<null>('/api/auth/logout', { body: { refreshToken: other.refreshToken } }), 204, [
      { event: 'auth.logout', level: 'info', userId: other.userId },
    ]);
    await step(
      'password change',
      t.request<User>(`/api/users/${other.userId}`, {
        method: 'PUT',
        token: other.accessToken,
        body: { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
      }),
      200,
      [{ event: 'user.password.changed', level: 'info', userId: other.userId, detail: { by: 'self' } }],
    );
    const again = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: other.username, password: NEW_PASSWORD } });
    const newEmail = `${other.username}.new@example.com`;
    await step(
      'email change requested',
      t.request<User>(`/api/users/${other.userId}`, {
        method: 'PUT',
        token: again.body.accessToken,
        body: { email: newEmail, currentPassword: NEW_PASSWORD },
      }),
      200,
      [{ event: 'user.email.change-requested', level: 'info', userId: other.userId }],
    );
    const changeLink = (await latestConfirmationToken(t.database, newEmail))!;
    tokens.push(changeLink);
    await step('email change confirmed', t.request<EmailConfirmation>('/api/users/confirm-email', { body: { token: changeLink } }), 200, [
      { event: 'user.email.changed', level: 'info', userId: other.userId, detail: { by: 'link' } },
    ]);
    await step('spent link', t.request<EmailConfirmation>('/api/users/confirm-email', { body: { token: changeLink } }), 409, [
      { event: 'user.confirmation.refused', level: 'warn', userId: other.userId, detail: { reason: 'used', purpose: 'EMAIL_CHANGE' } },
    ]);
    const newcomer = { username: 'log_newcomer', email: 'log.newcomer@example.com', password: NEW_PASSWORD };
    await step('registration', t.request<RegistrationReceipt>('/api/users', { body: newcomer }), 202, [
      { event: 'user.confirmation.sent', level: 'info', userId: null, detail: { purpose: 'REGISTRATION', reason: 'registration' } },
    ]);
    const registrationLink = (await latestConfirmationToken(t.database, newcomer.email))!;
    tokens.push(registrationLink);
    await step(
      'altered link',
      t.request<EmailConfirmation>('/api/users/confirm-email', { body: { token: `${registrationLink.slice(0, -4)}AAAA` } }),
      404,
      [{ event: 'user.confirmation.refused', level: 'warn', userId: null, detail: { reason: 'invalid' } }],
    );
    const registered = await t.request<EmailConfirmation>('/api/users/confirm-email', { body: { token: registrationLink } });
    expect(registered.status).toBe(200);
    const newcomerLine = lines.find((l) => l.securityEvent === 'user.registered' && l.requestId === registered.headers.get('x-request-id'));
    expect(newcomerLine?.userId).toMatch(REQUEST_ID);
    await step(
      'wrong current password',
      t.request<User>(`/api/users/${customer.userId}`, {
        method: 'PUT',
        token: customer.accessToken,
        body: { password: NEW_PASSWORD, currentPassword: WRONG_PASSWORD },
      }),
      400,
      [{ event: 'user.reauth.failed', level: 'warn', userId: customer.userId }],
    );
    await step(
      'role change',
      t.request<User>(`/api/users/${victim.userId}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'DESIGNER' } }),
      200,
      [{ event: 'user.role.changed', level: 'info', userId: victim.userId, detail: { from: 'CUSTOMER', to: 'DESIGNER' } }],
    );
    await step(
      'status change',
      t.request<User>(`/api/users/${victim.userId}/status`, { method: 'PATCH', token: admin.accessToken, body: { status: 'SUSPENDED' } }),
      200,
      [{ event: 'user.status.changed', level: 'info', userId: victim.userId, detail: { from: 'ACTIVE', to: 'SUSPENDED' } }],
    );
    await step('denied by a policy', t.request<UserPage>('/api/users', { token: customer.accessToken }), 403, [
      {
        event: 'access.denied',
        level: 'warn',
        userId: customer.userId,
        detail: { code: 'FORBIDDEN', role: 'CUSTOMER', method: 'GET', route: '/api/users' },
      },
    ]);
    await step('denied by an ownership rule', t.request<User>(`/api/users/${admin.userId}`, { token: customer.accessToken }), 403, [
      {
        event: 'access.denied',
        level: 'warn',
        userId: customer.userId,
        detail: { role: 'CUSTOMER', method: 'GET', route: '/api/users/:id' },
      },
    ]);

    const wrong: string[] = [];
    for (const { what, requestId, expected } of checks) {
      if (!requestId || !REQUEST_ID.test(requestId)) wrong.push(`${what}: no X-Request-Id on the answer`);
      for (const e of expected) {
        const found = linesOf(e.event, requestId);
        if (found.length !== 1) {
          wrong.push(`${what}: ${found.length} × ${e.event} on request ${requestId}`);
          continue;
        }
        const line = found[0]!;
        const problems = [
          line.level !== (e.level === 'info' ? 30 : 40) && `level ${String(line.level)}`,
          line.userId !== e.userId && `userId ${String(line.userId)}`,
          line.ip !== '127.0.0.1' && `ip ${String(line.ip)}`,
          line.reqId !== requestId && `reqId ${String(line.reqId)}`,
          typeof line.time !== 'number' && 'no time',
          ...Object.entries(e.detail ?? {}).map(([k, v]) => line[k] !== v && `${k} ${String(line[k])}`),
        ].filter(Boolean);
        if (problems.length) wrong.push(`${what}: ${e.event} ${problems.join(', ')}`);
      }
    }
    console.info(`security log: ${checks.length} actions, ${checks.reduce((n, c) => n + c.expected.length, 0)} event lines checked`);
    expect(wrong).toEqual([]);
  });

  it('writes no password, token or hash anywhere in the log', () => {
    expect(lines.length).toBeGreaterThan(20);
    const secrets = [
      TEST_PASSWORD,
      NEW_PASSWORD,
      WRONG_PASSWORD,
      admin.accessToken,
      admin.refreshToken,
      admin.accessToken.split('.')[2]!,
      ...tokens,
      ...tokens.map((x) => x.split('.')[1]!),
    ];
    expect(tokens).toHaveLength(2);
    for (const secret of secrets) expect(raw.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    expect(raw).not.toMatch(/\$argon2/);
    expect(raw).not.toMatch(/eyJhbGciOi/); // no JWT of anyone's
    expect(raw).not.toMatch(/"(password|currentPassword|refreshToken|accessToken|authorization|passwordHash)"\s*:/i);
  });
});
