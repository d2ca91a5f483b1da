import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorShape,
  latestConfirmationToken,
  registerConfirmed,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers';
import { emailConfirmations, emailOutbox } from '../../db/schema/index';
import { LINKS_PER_ADDRESS_PER_HOUR } from './confirmations.service';
import type {
  AuditEventPage,
  EmailConfirmation,
  ErrorResponse,
  RegistrationReceipt,
  ResendReceipt,
  TokenPair,
  User,
  UserPage,
} from '@mirror/contract';

/**
 * Issue 14: an address is confirmed before it is used. A registration becomes an account, and a change of
 * address takes effect, only when the single-use, expiring link mailed to that address is opened.
 */
const PUBLIC_URL = 'https://maison.example';
const PASSWORD = 'Pearls-and-Platinum';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}${Date.now().toString(36)}`;
const signIn = (username: string, password: string) => t.request<TokenPair>('/api/auth/authenticate', { body: { username, password } });
const confirm = (token: string) => t.request<EmailConfirmation>('/api/users/confirm-email', { body: { token } });
const resend = (body: Record<string, unknown>) => t.request<ResendReceipt>('/api/users/confirm-email/resend', { body });
const tokenFor = async (address: string) => (await latestConfirmationToken(t.database, address))!;

async function mailsTo(address: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.emailType, 'ACCOUNT_NOTICE'), sql`lower(${emailOutbox.recipients}->>0) = ${address.toLowerCase()}`))
    .orderBy(emailOutbox.createdAt);
}
const notices = async (address: string) => (await mailsTo(address)).map((m) => (m.model as { notice: string }).notice);
const expire = (token: string) =>
  t.database.db
    .update(emailConfirmations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(emailConfirmations.id, token.split('.')[0]!));

describe('registration waits for its link', () => {
  it('creates nothing until the link is opened; the link is fixed text, single-use, and makes the account', async () => {
    const username = unique('camille.');
    const email = `${username}@example.com`;
    const res = await t.request<RegistrationReceipt>('/api/users', {
      body: { username, email, password: PASSWORD, firstName: 'Visit https://evil.example' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'ACCEPTED', email });

    // No account yet: sign-in answers exactly as for an unknown user, and the username is not held.
    const early = await signIn(username, PASSWORD);
    const unknown = await signIn(unique('nobody.'), PASSWORD);
    expect(early.status).toBe(401);
    expect(early.body).toEqual(unknown.body);
    const admin = await t.loginAs('ADMIN');
    expect((await t.request<UserPage>(`/api/users/search?q=${username}`, { token: admin.accessToken })).body.totalElements).toBe(0);

    // The mail: the house's text and link only (nothing the registrant typed), to the address typed.
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ recipients: [email], subject: 'Confirm your email address', status: 'QUEUED' });
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain(username);
      expect(part).not.toContain('evil');
    }
    const link = (mail!.model as { link: string }).link;
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/auth/confirm\\?token=[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$`));
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.text).toContain(link);

    // Stored hashed: the row holds the SHA-256 of the verifier, never the token.
    const token = new URL(link).searchParams.get('token')!;
    const [id, verifier] = token.split('.') as [string, string];
    const [row] = await t.database.db.select().from(emailConfirmations).where(eq(emailConfirmations.id, id));
    expect(row!.verifierHash).toBe(createHash('sha256').update(verifier).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(verifier);
    expect(row!.passwordHash).toMatch(/^\$argon2/);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ purpose: 'REGISTRATION', email, username });
    const session = await signIn(username, PASSWORD);
    expect(session.status).toBe(200);
    const me = await t.request<User>('/api/users/me', { token: session.body.accessToken });
    expect(me.body).toMatchObject({
      username,
      email,
      role: 'CUSTOMER',
      status: 'ACTIVE',
      firstName: 'Visit https://evil.example',
      pendingEmail: null,
    });
    expect(await notices(email)).toEqual(['CONFIRM_REGISTRATION', 'WELCOME']);

    // Single use.
    const again = await confirm(token);
    expectErrorShape(again.body, 409, 'CONFIRMATION_USED');
    expect(again.body.message).toBe('This link has already been used.');
  });

  it('refuses links that are malformed, altered or unknown (404), empty (400), or expired (410)', async () => {
    const username = unique('links.');
    const email = `${username}@example.com`;
    await t.request<RegistrationReceipt>('/api/users', { body: { username, email, password: PASSWORD } });
    const token = await tokenFor(email);
    const [id, verifier] = token.split('.') as [string, string];
    const flipped = `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      `${id}.${flipped}`,
      `00000000-0000-4000-8000-000000000000.${verifier}`,
      id,
      token.slice(0, -3),
      `${token}x`,
      'not-a-token',
    ]) {
      const res = await confirm(wrong);
      expect(res.status, wrong).toBe(404);
      expectErrorShape(res.body, 404, 'CONFIRMATION_INVALID');
    }
    expectErrorShape((await confirm('')).body, 400, 'VALIDATION_FAILED');
    expectErrorShape((await t.request<EmailConfirmation>('/api/users/confirm-email', { body: {} })).body, 400, 'VALIDATION_FAILED');

    await expire(token);
    const expired = await confirm(token);
    expectErrorShape(expired.body, 410, 'CONFIRMATION_EXPIRED');
    expect(expired.body.error).toBe('Gone');
    expect((await signIn(username, PASSWORD)).status).toBe(401);

    // An expired link asks for a new one; the new link works, the old one no longer does.
    expect((await resend({ token })).status).toBe(202);
    const fresh = await tokenFor(email);
    expect(fresh).not.toBe(token);
    expectErrorShape((await confirm(token)).body, 404, 'CONFIRMATION_INVALID');
    expect((await confirm(fresh)).status).toBe(200);
    expect((await signIn(username, PASSWORD)).status).toBe(200);
    // A used link cannot ask for another.
    expectErrorShape((await resend({ token: fresh })).body, 409, 'CONFIRMATION_USED');
  });

  it('spends a link once when 10 requests use it at the same moment', async () => {
    const username = unique('race.');
    const email = `${username}@example.com`;
    await t.request<RegistrationReceipt>('/api/users', { body: { username, email, password: PASSWORD } });
    const token = await tokenFor(email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectErrorShape(a.body, 409, 'CONFIRMATION_USED');
    const admin = await t.loginAs('ADMIN');
    expect((await t.request<UserPage>(`/api/users/search?q=${username}`, { token: admin.accessToken })).body.totalElements).toBe(1);
    expect(await notices(email)).toEqual(['CONFIRM_REGISTRATION', 'WELCOME']);
  });

  it('lets the owner of an address win over someone who registered it first; a name taken meanwhile is said at the link', async () => {
    const email = `${unique('owner')}@example.com`;
    const squatter = unique('squatter.');
    const owner = unique('owner.');
    await t.request<RegistrationReceipt>('/api/users', { body: { username: squatter, email, password: 'Someone-Elses-Pass' } });
    const squatterLink = await tokenFor(email);
    await t.request<RegistrationReceipt>('/api/users', { body: { username: owner, email, password: PASSWORD } });
    const ownerLink = await tokenFor(email);
    expect(ownerLink).not.toBe(squatterLink);
    expect((await confirm(ownerLink)).status).toBe(200);
    expectErrorShape((await confirm(squatterLink)).body, 409, 'EMAIL_TAKEN');
    expect((await signIn(squatter, 'Someone-Elses-Pass')).status).toBe(401);

    // Two registrations with one name: the first confirmed takes it; the other link says so.
    const name = unique('shared.');
    await t.request<RegistrationReceipt>('/api/users', { body: { username: name, email: `${name}.a@example.com`, password: PASSWORD } });
    await t.request<RegistrationReceipt>('/api/users', { body: { username: name, email: `${name}.b@example.com`, password: PASSWORD } });
    expect((await confirm(await tokenFor(`${name}.b@example.com`))).status).toBe(200);
    const late = await confirm(await tokenFor(`${name}.a@example.com`));
    expectErrorShape(late.body, 409, 'USERNAME_TAKEN');
    expect(late.body.message).toMatch(/taken while your link waited/);
  });

  it('answers "send the link again" identically whether or not a registration waits for the address, and mails only when one does', async () => {
    const waiting = `${unique('waiting')}@example.com`;
    const nobody = `${unique('nobody')}@example.com`;
    const member = await t.createUser();
    const memberEmail = `${member.username}@example.com`;
    await t.request<RegistrationReceipt>('/api/users', { body: { username: unique('waiting.'), email: waiting, password: PASSWORD } });
    const first = await tokenFor(waiting);

    const answers = await Promise.all([waiting, nobody, memberEmail].map((email) => resend({ email })));
    for (const a of answers) {
      expect(a.status).toBe(202);
      expect(a.body).toEqual({ status: 'ACCEPTED' });
    }
    expect(await notices(waiting)).toEqual(['CONFIRM_REGISTRATION', 'CONFIRM_REGISTRATION']);
    expect(await mailsTo(nobody)).toHaveLength(0);
    expect(await mailsTo(memberEmail)).toHaveLength(0);
    // The new link replaces the previous one.
    expectErrorShape((await confirm(first)).body, 404, 'CONFIRMATION_INVALID');

    // At most LINKS_PER_ADDRESS_PER_HOUR links to one address per hour, still answered alike.
    for (let i = 0; i < 3; i += 1) expect((await resend({ email: waiting.toUpperCase() })).status).toBe(202);
    expect(await mailsTo(waiting)).toHaveLength(LINKS_PER_ADDRESS_PER_HOUR);
    expect((await confirm(await tokenFor(waiting))).status).toBe(200);

    expectErrorShape((await resend({ email: 'not-an-address' })).body, 400, 'VALIDATION_FAILED');
    expectErrorShape((await resend({ email: waiting, token: first })).body, 400, 'VALIDATION_FAILED');
  });
});

describe('a change of address waits for the link sent to the new address', () => {
  it('keeps the address until the link is opened, tells the old address twice, and spends the link once', async () => {
    const s = await t.loginAs('CUSTOMER');
    const url = `/api/users/${s.userId}`;
    const oldEmail = `${s.username}@example.com`;
    const newEmail = `${unique('moved')}@example.com`;

    const requested = await t.request<User>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: newEmail, currentPassword: s.password, firstName: 'Inès' },
    });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ email: oldEmail, firstName: 'Inès', pendingEmail: { email: newEmail } });
    const expiresIn = Date.parse(requested.body.pendingEmail!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
    expect((await t.request<User>('/api/users/me', { token: s.accessToken })).body).toMatchObject({
      email: oldEmail,
      pendingEmail: { email: newEmail },
    });

    expect(await notices(newEmail)).toEqual(['CONFIRM_EMAIL_CHANGE']);
    const [asked] = await mailsTo(oldEmail);
    expect(asked!.model).toEqual({ notice: 'EMAIL_CHANGE_REQUESTED', username: s.username, newEmail });
    expect(asked!.text).toContain(newEmail);
    expect(asked!.text).not.toMatch(/token=/);

    const token = await tokenFor(newEmail);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ purpose: 'EMAIL_CHANGE', email: newEmail, username: s.username });
    expect((await t.request<User>('/api/users/me', { token: s.accessToken })).body).toMatchObject({ email: newEmail, pendingEmail: null });
    expect(await notices(oldEmail)).toEqual(['EMAIL_CHANGE_REQUESTED', 'EMAIL_CHANGED']);
    expectErrorShape((await confirm(token)).body, 409, 'CONFIRMATION_USED');

    // Audited as a change of the account's email (no signed-in actor: the link's holder).
    const admin = await t.loginAs('ADMIN');
    const history = await t.request<AuditEventPage>(`/api/audit?entityType=USER&entityId=${s.userId}`, { token: admin.accessToken });
    expect(history.body.content.some((e) => e.changes.email?.from === oldEmail && e.changes.email.to === newEmail)).toBe(true);
  });

  it('replaces an earlier request, sends the link again, and withdraws it on request; only the holder or an admin may', async () => {
    const s = await t.loginAs('CUSTOMER');
    const other = await t.loginAs('CUSTOMER');
    const url = `/api/users/${s.userId}`;
    const first = `${unique('first')}@example.com`;
    const second = `${unique('second')}@example.com`;
    await t.request(url, { method: 'PUT', token: s.accessToken, body: { email: first, currentPassword: s.password } });
    const firstLink = await tokenFor(first);
    const replaced = await t.request<User>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: second, currentPassword: s.password },
    });
    expect(replaced.body.pendingEmail!.email).toBe(second);
    expectErrorShape((await confirm(firstLink)).body, 404, 'CONFIRMATION_INVALID');

    const secondLink = await tokenFor(second);
    const resent = await t.request<User>(`${url}/email-change/resend`, { method: 'POST', token: s.accessToken });
    expect(resent.status).toBe(200);
    expect(resent.body.pendingEmail!.email).toBe(second);
    expect(await notices(second)).toEqual(['CONFIRM_EMAIL_CHANGE', 'CONFIRM_EMAIL_CHANGE']);
    expectErrorShape((await confirm(secondLink)).body, 404, 'CONFIRMATION_INVALID');

    for (const path of [`${url}/email-change/resend`, `${url}/email-change`]) {
      const method = path.endsWith('resend') ? 'POST' : 'DELETE';
      expectErrorShape((await t.request(path, { method, token: other.accessToken })).body, 403, 'FORBIDDEN');
      expectErrorShape((await t.request(path, { method })).body, 401);
    }

    const cancelled = await t.request<User>(`${url}/email-change`, { method: 'DELETE', token: s.accessToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ email: `${s.username}@example.com`, pendingEmail: null });
    expectErrorShape((await confirm(await tokenFor(second))).body, 404, 'CONFIRMATION_INVALID');
    const none = await t.request<ErrorResponse>(`${url}/email-change/resend`, { method: 'POST', token: s.accessToken });
    expectErrorShape(none.body, 404, 'NO_PENDING_EMAIL_CHANGE');
    expectErrorShape(
      (
        await t.request<User>('/api/users/00000000-0000-4000-8000-000000000000/email-change', {
          method: 'DELETE',
          token: (await t.loginAs('ADMIN')).accessToken,
        })
      ).body,
      404,
      'USER_NOT_FOUND',
    );
  });

  it('applies an administrator’s change at once and withdraws the holder’s waiting one', async () => {
    const s = await t.loginAs('CUSTOMER');
    const admin = await t.loginAs('ADMIN');
    const waiting = `${unique('waiting')}@example.com`;
    await t.request<User>(`/api/users/${s.userId}`, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: waiting, currentPassword: s.password },
    });
    const link = await tokenFor(waiting);
    const set = `${unique('staff-set')}@example.com`;
    const res = await t.request<User>(`/api/users/${s.userId}`, { method: 'PUT', token: admin.accessToken, body: { email: set } });
    expect(res.body).toMatchObject({ email: set, pendingEmail: null });
    expect(await notices(`${s.username}@example.com`)).toEqual(['EMAIL_CHANGE_REQUESTED', 'EMAIL_CHANGED']);
    expectErrorShape((await confirm(link)).body, 404, 'CONFIRMATION_INVALID');
  });

  it('refuses the link when another account took the address meanwhile, and limits links per address', async () => {
    const s = await t.loginAs('CUSTOMER');
    const wanted = `${unique('wanted')}@example.com`;
    await t.request<User>(`/api/users/${s.userId}`, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: wanted, currentPassword: s.password },
    });
    const link = await tokenFor(wanted);
    await registerConfirmed(t, { username: unique('quicker.'), email: wanted, password: PASSWORD });
    expectErrorShape((await confirm(link)).body, 409, 'EMAIL_TAKEN');
    expect((await t.request<User>('/api/users/me', { token: s.accessToken })).body.email).toBe(`${s.username}@example.com`);

    const flooded = `${unique('flooded')}@example.com`;
    const url = `/api/users/${s.userId}`;
    for (let i = 0; i < LINKS_PER_ADDRESS_PER_HOUR; i += 1) {
      expect(
        (await t.request(url, { method: 'PUT', token: s.accessToken, body: { email: flooded, currentPassword: s.password } })).status,
      ).toBe(200);
    }
    const refused = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: flooded, currentPassword: s.password },
    });
    expectErrorShape(refused.body, 429, 'TOO_MANY_REQUESTS');
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expectErrorShape(
      (await t.request(`${url}/email-change/resend`, { method: 'POST', token: s.accessToken })).body,
      429,
      'TOO_MANY_REQUESTS',
    );
    expect(await mailsTo(flooded)).toHaveLength(LINKS_PER_ADDRESS_PER_HOUR);
  });
});

describe('accounts that need no link', () => {
  it('signs in at once when made by an administrator, as the seed and admin:create do', async () => {
    const admin = await t.loginAs('ADMIN');
    const username = unique('staffmade.');
    const created = await t.request<User>('/api/users/admin/create', {
      token: admin.accessToken,
      body: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
    });
    expect(created.status).toBe(201);
    expect(created.body.pendingEmail).toBeNull();
    expect((await signIn(username, TEST_PASSWORD)).status).toBe(200);
  });
});
