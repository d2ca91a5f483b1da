import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, OutboxEmail, OutboxEmailDetail, QueuedEmail, Role } from '@mirror/contract';
import { buildTestApp, expectErrorShape, type TestApp } from '../../../test/helpers';
import { emailOutbox } from '../../db/schema/index';
import type { Mailer, OutgoingMail } from '../../lib/mail/mailer';
import { createOutboxWorker } from './outbox-worker';

const BRAND = 'concierge@mirror.test';
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
const missingId = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: string;
const others: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  t = await buildTestApp({ BRAND_INBOX: BRAND, EMAIL_RATE_LIMIT_MAX: '10000' });
  admin = (await t.loginAs('ADMIN')).accessToken;
  for (const role of ['CUSTOMER', 'VENDOR', 'DESIGNER'] as const) others[role] = (await t.loginAs(role)).accessToken;
});
afterAll(() => t.close());

/** A transport that records what the worker hands it, or fails like an SMTP server refusing the message. */
function recordingMailer(failWith?: string): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    send(mail) {
      if (failWith) return Promise.reject(new Error(failWith));
      sent.push(mail);
      return Promise.resolve();
    },
    close() {},
  };
}

const worker = (mailer: Mailer, maxAttempts = 1) =>
  createOutboxWorker({
    db: t.database.db,
    mailer,
    from: 'Mirror <noreply@mirror.test>',
    maxAttempts,
    retryBaseMs: 60_000,
    pollIntervalMs: 60_000,
    log: quietLog,
  });

async function queueContact(name: string) {
  const res = await t.request<QueuedEmail>('/api/notifications/email', {
    body: {
      emailType: 'CONTACT_MESSAGE',
      recipients: [BRAND],
      model: { name, email: 'ada@example.com', subject: 'A ring', message: 'Line one\nLine <b>two</b>' },
    },
  });
  expect(res.status).toBe(202);
  return res.body.id;
}

async function row(id: string) {
  const [r] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return r!;
}

async function expectAdminOnly(method: 'GET' | 'POST', path: string) {
  for (const [role, token] of Object.entries(others)) {
    const res = await t.request<ErrorResponse>(path, { method, token });
    expect(res.status, `${role} ${method} ${path}`).toBe(403);
    expectErrorShape(res.body, 403, 'FORBIDDEN');
  }
  const anon = await t.request<ErrorResponse>(path, { method });
  expect(anon.status).toBe(401);
  expectErrorShape(anon.body, 401, 'UNAUTHORIZED');
}

describe('GET /api/notifications/outbox/{id}: the preview', () => {
  it('returns the email with the exact HTML and text the worker sends, model values escaped', async () => {
    const id = await queueContact('Ada <script>alert(1)</script>');
    const res = await t.request<OutboxEmailDetail>(`/api/notifications/outbox/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      emailType: 'CONTACT_MESSAGE',
      recipients: [BRAND],
      subject: 'Message from Ada <script>alert(1)</script>: A ring',
      status: 'QUEUED',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(res.body.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body.html).not.toMatch(/<script/i);
    expect(res.body.html).toContain('Line one<br>Line &lt;b&gt;two&lt;/b&gt;');
    expect(res.body.text).toContain('> Line <b>two</b>');

    const mailer = recordingMailer();
    await worker(mailer).runOnce();
    const delivered = mailer.sent.find((m) => m.subject === res.body.subject)!;
    expect(delivered.html).toBe(res.body.html);
    expect(delivered.text).toBe(res.body.text);
    const after = await t.request<OutboxEmailDetail>(`/api/notifications/outbox/${id}`, { token: admin });
    expect(after.body).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(after.body.html).toBe(res.body.html);
  });

  it('is ADMIN only; unknown ids are 404 and malformed ones 400', async () => {
    const id = await queueContact('Grace');
    await expectAdminOnly('GET', `/api/notifications/outbox/${id}`);
    const missing = await t.request<ErrorResponse>(`/api/notifications/outbox/${missingId}`, { token: admin });
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'EMAIL_NOT_FOUND');
    const bad = await t.request<ErrorResponse>('/api/notifications/outbox/not-a-uuid', { token: admin });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body, 400, 'VALIDATION_FAILED');
  });
});

describe('POST /api/notifications/outbox/{id}/retry', () => {
  it('queues a FAILED email again with a fresh attempt budget, due now; the worker then delivers it', async () => {
    const id = await queueContact('Hedy Lamarr');
    const failing = recordingMailer('550 mailbox unavailable');
    expect((await worker(failing).runOnce()).failed).toBeGreaterThanOrEqual(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, lastError: '550 mailbox unavailable' });

    const before = Date.now();
    const res = await t.request<OutboxEmail>(`/api/notifications/outbox/${id}/retry`, { method: 'POST', token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'QUEUED', attempts: 0, lastError: '550 mailbox unavailable', sentAt: null });
    expect(Date.parse(res.body.nextAttemptAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.nextAttemptAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await row(id)).toMatchObject({ status: 'QUEUED', attempts: 0 });

    // Queued again is not retryable (a double click answers 409 and changes nothing).
    const twice = await t.request<ErrorResponse>(`/api/notifications/outbox/${id}/retry`, { method: 'POST', token: admin });
    expect(twice.status).toBe(409);
    expectErrorShape(twice.body, 409, 'INVALID_TRANSITION');
    expect(twice.body.message).toBe('Only a failed email can be retried: it is already queued for delivery.');

    const mailer = recordingMailer();
    await worker(mailer).runOnce();
    expect(mailer.sent.map((m) => m.subject)).toContain('Message from Hedy Lamarr: A ring');
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });

    const sent = await t.request<ErrorResponse>(`/api/notifications/outbox/${id}/retry`, { method: 'POST', token: admin });
    expect(sent.status).toBe(409);
    expectErrorShape(sent.body, 409, 'INVALID_TRANSITION');
    expect(sent.body.message).toBe('Only a failed email can be retried: it has already been sent.');
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('is ADMIN only and changes nothing for others; unknown ids are 404 and malformed ones 400', async () => {
    const id = await queueContact('Katherine Johnson');
    await worker(recordingMailer('421 try later')).runOnce();
    expect((await row(id)).status).toBe('FAILED');
    await expectAdminOnly('POST', `/api/notifications/outbox/${id}/retry`);
    expect((await row(id)).status).toBe('FAILED');
    const missing = await t.request<ErrorResponse>(`/api/notifications/outbox/${missingId}/retry`, { method: 'POST', token: admin });
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'EMAIL_NOT_FOUND');
    expect((await t.request('/api/notifications/outbox/123/retry', { method: 'POST', token: admin })).status).toBe(400);
  });
});
