import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmailModels, ErrorResponse, OutboxPage, QueuedEmail, Role } from '@mirror/contract';
import { buildTestApp, expectErrorShape, freePort, type TestApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';
import { emailOutbox } from '../../db/schema/index';
import { createSmtpMailer } from '../../lib/mail/mailer';
import { createTurnstileVerifier } from '../../lib/captcha';
import { createOutboxWorker } from './outbox-worker';
import { enqueueEmail } from './notifications.service';
import { formatMoney, renderEmail } from './email-templates';

const BRAND = 'concierge@mirror.test';
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

function headersOf(raw: string): string {
  return raw.split(/\r?\n\r?\n/)[0]!;
}

const contact = (over: Record<string, unknown> = {}) => ({
  emailType: 'CONTACT_MESSAGE',
  recipients: [BRAND],
  model: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Engagement ring',
    message: 'I would like to see the Aurora ring.',
    ...over,
  },
});

const order = {
  emailType: 'ORDER_CONFIRMATION',
  recipients: ['client@example.com'],
  model: {
    customerName: 'Grace Hopper',
    orderNumber: 'MR-1001',
    currency: 'EUR',
    items: [{ name: 'Aurora ring', sku: 'AUR-01', quantity: 1, unitPrice: 1_250_000 }],
    total: 1_250_000,
  },
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ BRAND_INBOX: BRAND, EMAIL_RATE_LIMIT_MAX: '10000' });
  admin = (await t.loginAs('ADMIN')).accessToken;
});
afterAll(() => t.close());

async function outboxCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
  return row!.n;
}
async function outboxRow(id: string) {
  const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}
/** Leaves only the given rows due, so a worker run in one test never sends another test's mail. */
async function onlyDue(...ids: string[]) {
  await t.database.db
    .update(emailOutbox)
    .set({ status: 'SENT' })
    .where(and(eq(emailOutbox.status, 'QUEUED'), notInArray(emailOutbox.id, ids)));
}

describe('POST /api/notifications/email: who may send what', () => {
  it('queues a visitor message to the brand inbox (captcha off) and keeps it QUEUED without SMTP', async () => {
    const res = await t.request<QueuedEmail>('/api/notifications/email', { body: contact() });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ emailType: 'CONTACT_MESSAGE', recipients: [BRAND], status: 'QUEUED' });
    const row = await outboxRow(res.body.id);
    expect(row.status).toBe('QUEUED');
    expect(row.subject).toBe('Message from Ada Lovelace: Engagement ring');
    expect(row.html).toContain('I would like to see the Aurora ring.');
    expect(row.text).toContain('I would like to see the Aurora ring.');
  });

  it('never lets a visitor send the brand notification to the submitter address (no relay, finding 4)', async () => {
    const before = await outboxCount();
    for (const body of [
      contact({ name: 'Win a prize at https://evil.example', email: 'victim@elsewhere.example' }),
      { emailType: 'APPOINTMENT_REQUEST', model: { name: 'Ada', email: 'victim@elsewhere.example', message: 'https://evil.example' } },
      { emailType: 'JEWELRY_WEEK_SUBMISSION', model: { name: 'Ada', email: 'victim@elsewhere.example', website: 'https://evil.example' } },
    ]) {
      const res = await t.request<ErrorResponse>('/api/notifications/email', {
        body: { ...body, recipients: [BRAND, 'Victim@Elsewhere.example'] },
      });
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 403, 'RECIPIENT_NOT_ALLOWED');
      expect(res.body.details).toEqual([{ path: 'recipients.1', message: 'This recipient is not allowed' }]);
    }
    expect(await outboxCount()).toBe(before);
  });

  it('sends the visitor a fixed acknowledgement, only to the address typed, with none of their words, once a day', async () => {
    const address = `ack-${Date.now()}@example.com`;
    const model = {
      name: 'Claim your prize at https://evil.example',
      email: address,
      brandName: 'http://evil.example/b',
      collectionTitle: 'Click https://evil.example/c',
      message: 'x',
    };
    const elsewhere = await t.request<ErrorResponse>('/api/notifications/email', {
      body: { emailType: 'JEWELRY_WEEK_CONFIRMATION', recipients: [address, 'victim@elsewhere.example'], model },
    });
    expect(elsewhere.status).toBe(403);
    expectErrorShape(elsewhere.body, 403, 'RECIPIENT_NOT_ALLOWED');
    const toBrand = await t.request<ErrorResponse>('/api/notifications/email', {
      body: { emailType: 'JEWELRY_WEEK_CONFIRMATION', recipients: [BRAND], model },
    });
    expect(toBrand.status).toBe(403);

    const first = await t.request<QueuedEmail>('/api/notifications/email', {
      body: { emailType: 'JEWELRY_WEEK_CONFIRMATION', recipients: [address.toUpperCase()], model },
    });
    expect(first.status).toBe(202);
    const row = await outboxRow(first.body.id);
    for (const part of [row.subject, row.html, row.text]) {
      expect(part).not.toMatch(/evil|prize|Click/);
    }
    expect(row.html).not.toMatch(/<a\s/i);
    expect(row.subject).toBe('Your Mirror Jewelry Week submission');

    const before = await outboxCount();
    const again = await t.request<QueuedEmail>('/api/notifications/email', {
      body: { emailType: 'JEWELRY_WEEK_CONFIRMATION', recipients: [address], model: { ...model, name: 'Someone else' } },
    });
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(await outboxCount()).toBe(before);
  });

  it('acknowledges contact and appointment forms with a fixed text, only to the address typed, once a day per form', async () => {
    const address = `visitor-${Date.now()}@example.com`;
    const acks = () =>
      t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.emailType, 'VISITOR_ACKNOWLEDGEMENT'), sql`lower(${emailOutbox.recipients}->>0) = ${address}`));
    const hostile = {
      name: 'Claim your prize at https://evil.example',
      email: address.toUpperCase(),
      subject: 'Click https://evil.example/s',
      message: 'Visit https://evil.example/m',
    };
    const sent = await t.request<QueuedEmail>('/api/notifications/email', { body: contact(hostile) });
    expect(sent.status).toBe(202);
    expect(sent.body.recipients).toEqual([BRAND]);
    const [ack] = await acks();
    expect(ack).toMatchObject({
      recipients: [address.toUpperCase()],
      model: { form: 'CONTACT' },
      subject: 'Your message to Mirror',
      status: 'QUEUED',
    });
    for (const part of [ack!.subject, ack!.html, ack!.text]) expect(part).not.toMatch(/evil|prize|Click|Claim|Visit/);
    expect(ack!.html).not.toMatch(/<a\s/i);

    // A second message the same day: the Maison gets it, the visitor no second acknowledgement.
    expect((await t.request('/api/notifications/email', { body: contact({ ...hostile, email: address }) })).status).toBe(202);
    expect(await acks()).toHaveLength(1);

    // The appointment form has its own acknowledgement (and its own daily limit).
    const appointment = {
      emailType: 'APPOINTMENT_REQUEST',
      recipients: [BRAND],
      model: { name: 'Ada', email: address, location: 'https://evil.example/l', message: 'https://evil.example' },
    };
    expect((await t.request('/api/notifications/email', { body: appointment })).status).toBe(202);
    expect((await t.request('/api/notifications/email', { body: appointment })).status).toBe(202);
    const both = await acks();
    expect(both.map((a) => a.model.form).sort()).toEqual(['APPOINTMENT', 'CONTACT']);
    const appointmentAck = both.find((a) => a.model.form === 'APPOINTMENT')!;
    expect(appointmentAck.subject).toBe('Your appointment request to Mirror');
    expect(appointmentAck.text).not.toContain('evil');

    // Nobody can ask for it directly, and the house's own messages (ADMIN) get none.
    const direct = await t.request<ErrorResponse>('/api/notifications/email', {
      body: { emailType: 'VISITOR_ACKNOWLEDGEMENT', recipients: [address], model: { form: 'CONTACT' } },
    });
    expect(direct.status).toBe(400);
    const fromHouse = `house-${Date.now()}@example.com`;
    expect((await t.request('/api/notifications/email', { token: admin, body: contact({ email: fromHouse }) })).status).toBe(202);
    const houseAcks = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.emailType, 'VISITOR_ACKNOWLEDGEMENT'), sql`lower(${emailOutbox.recipients}->>0) = ${fromHouse}`));
    expect(houseAcks).toHaveLength(0);
  });

  it('keeps "once per address per day" when requests race: 10 at once queue exactly one acknowledgement (finding 4, race)', async () => {
    const address = `race-${Date.now()}@example.com`;
    const model = { name: 'Ada', email: address };
    const rows = (type: string) =>
      t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.emailType, type), sql`lower(${emailOutbox.recipients}->>0) = ${address}`));

    const jewelryWeek = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request<QueuedEmail>('/api/notifications/email', {
          body: { emailType: 'JEWELRY_WEEK_CONFIRMATION', recipients: [address], model },
        }),
      ),
    );
    expect(jewelryWeek.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(new Set(jewelryWeek.map((r) => r.body.id)).size).toBe(1);
    expect(await rows('JEWELRY_WEEK_CONFIRMATION')).toHaveLength(1);

    const messages = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request<QueuedEmail>('/api/notifications/email', { body: contact({ email: address, subject: `Race ${i}` }) }),
      ),
    );
    expect(messages.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(new Set(messages.map((r) => r.body.id)).size).toBe(10);
    expect(await rows('VISITOR_ACKNOWLEDGEMENT')).toHaveLength(1);
  });

  it.each<Role | 'visitor'>(['visitor', 'CUSTOMER', 'VENDOR', 'DESIGNER'])(
    'refuses any other recipient for a %s, queueing nothing',
    async (who) => {
      const token = who === 'visitor' ? undefined : (await t.loginAs(who)).accessToken;
      const before = await outboxCount();
      const res = await t.request<ErrorResponse>('/api/notifications/email', {
        token,
        body: { ...contact(), recipients: [BRAND, 'victim@elsewhere.example'] },
      });
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 403, 'RECIPIENT_NOT_ALLOWED');
      expect(res.body.details).toEqual([{ path: 'recipients.1', message: 'This recipient is not allowed' }]);
      expect(await outboxCount()).toBe(before);
    },
  );

  it('refuses order and payment emails to visitors (401) and non-admin users (403)', async () => {
    expect((await t.request('/api/notifications/email', { body: order })).status).toBe(401);
    for (const role of ['CUSTOMER', 'VENDOR', 'DESIGNER'] as const) {
      const token = (await t.loginAs(role)).accessToken;
      const res = await t.request<ErrorResponse>('/api/notifications/email', {
        token,
        body: { ...order, recipients: ['client@example.com'] },
      });
      expect(res.status, role).toBe(403);
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
  });

  it('lets ADMIN send any type to any address', async () => {
    const res = await t.request<QueuedEmail>('/api/notifications/email', { token: admin, body: order });
    expect(res.status).toBe(202);
    const row = await outboxRow(res.body.id);
    expect(row.subject).toBe('Your Mirror order MR-1001');
    // The site's money format: whole amounts without cents.
    expect(row.text).toContain('Aurora ring (AUR-01)  ·  1  ·  €12,500');
    expect(row.text).toContain('Total  ·    ·  €12,500');
    expect(row.text).not.toContain('12,500.00');
    const receipt = await t.request<QueuedEmail>('/api/notifications/email', {
      token: admin,
      body: {
        emailType: 'PAYMENT_RECEIPT',
        recipients: ['client@example.com'],
        model: { customerName: 'Grace', orderNumber: 'MR-1001', currency: 'EUR', amount: 250_000, remaining: 1_000_000 },
      },
    });
    expect(receipt.status).toBe(202);
    const receiptRow = await outboxRow(receipt.body.id);
    expect(receiptRow.text).toContain('Amount: €2,500\n');
    expect(receiptRow.text).toContain('Remaining balance: €10,000');
    expect(receiptRow.html).toContain('€2,500<');
    // Cents, when there are some, show both digits.
    const instalment = await t.request<{ id: string }>('/api/notifications/email', {
      token: admin,
      body: {
        emailType: 'PAYMENT_RECEIPT',
        recipients: ['client@example.com'],
        model: { customerName: 'Grace', orderNumber: 'MR-1001', currency: 'EUR', amount: 416_667, remaining: 833_333 },
      },
    });
    const instalmentRow = await outboxRow(instalment.body.id);
    expect(instalmentRow.text).toContain('Amount: €4,166.67');
    expect(instalmentRow.text).toContain('Remaining balance: €8,333.33');
  });

  it('answers 400 for invalid bodies and queues nothing', async () => {
    const before = await outboxCount();
    const cases: unknown[] = [
      { ...contact(), recipients: ['not-an-email'] },
      { ...contact(), recipients: [] },
      { ...contact(), recipients: Array.from({ length: 11 }, (_, i) => `a${i}@example.com`) },
      { ...contact(), recipients: [`${BRAND}\r\nBcc: victim@elsewhere.example`] },
      { ...contact(), recipients: [`victim@elsewhere.example, ${BRAND}`] },
      { ...contact(), emailType: 'NEWSLETTER' },
      { ...contact(), model: { name: 'Ada', email: 'ada@example.com' } },
      { ...contact(), model: { name: 'Ada', email: 'ada@example.com', message: 'x'.repeat(5001) } },
      { emailType: 'ORDER_CONFIRMATION', recipients: ['a@example.com'], model: { ...order.model, total: 12.5 } },
    ];
    for (const body of cases) {
      const res = await t.request<ErrorResponse>('/api/notifications/email', { token: admin, body });
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    const empty = await t.request<ErrorResponse>('/api/notifications/email', {
      method: 'POST',
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(await outboxCount()).toBe(before);
  });

  it('escapes model values in the HTML and keeps the subject on one line', async () => {
    const res = await t.request<QueuedEmail>('/api/notifications/email', {
      body: contact({
        name: 'Eve\r\nBcc: victim@elsewhere.example',
        subject: 'Hi\nX-Injected: yes',
        message: '<script>alert(1)</script><img src=x onerror=alert(2)>',
      }),
    });
    expect(res.status).toBe(202);
    const row = await outboxRow(res.body.id);
    expect(row.subject).not.toMatch(/[\r\n]/);
    expect(row.subject).toBe('Message from Eve Bcc: victim@elsewhere.example: Hi X-Injected: yes');
    expect(row.html).not.toContain('<script>');
    expect(row.html).not.toContain('<img src=x');
    expect(row.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(row.recipients).toEqual([BRAND]);
  });
});

describe('GET /api/notifications/outbox', () => {
  it('gives ADMIN the newest emails first in the page envelope, filterable by status and type', async () => {
    const queued = await t.request<QueuedEmail>('/api/notifications/email', { body: contact({ subject: 'Outbox listing' }) });
    const res = await t.request<OutboxPage>('/api/notifications/outbox?size=2&status=QUEUED&emailType=CONTACT_MESSAGE', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 2 });
    expect(res.body.content).toHaveLength(2);
    expect(res.body.content[0]).toMatchObject({
      id: queued.body.id,
      status: 'QUEUED',
      attempts: 0,
      lastError: null,
      sentAt: null,
      emailType: 'CONTACT_MESSAGE',
    });
    expect(res.body.content[0]!.text).toContain('I would like to see the Aurora ring.');
    expect(res.body.content[0]).not.toHaveProperty('html');
    expect(res.body.totalElements).toBeGreaterThanOrEqual(3);
    expect(res.body.totalPages).toBe(Math.ceil(res.body.totalElements / 2));
    const none = await t.request<OutboxPage>('/api/notifications/outbox?status=FAILED&emailType=PAYMENT_RECEIPT', { token: admin });
    expect(none.body.totalElements).toBe(0);
  });

  it('is forbidden to other roles, needs sign-in, and validates its query', async () => {
    for (const role of ['CUSTOMER', 'VENDOR', 'DESIGNER'] as const) {
      const res = await t.request<OutboxPage>('/api/notifications/outbox', { token: (await t.loginAs(role)).accessToken });
      expect(res.status, role).toBe(403);
    }
    expectErrorShape((await t.request<OutboxPage>('/api/notifications/outbox')).body, 401, 'UNAUTHORIZED');
    expect((await t.request('/api/notifications/outbox?size=500', { token: admin })).status).toBe(400);
    expect((await t.request('/api/notifications/outbox?status=LOST', { token: admin })).status).toBe(400);
  });
});

describe('outbox worker and SMTP', () => {
  const worker = (mailerUrl: string, clock: () => Date, maxAttempts = 5) =>
    createOutboxWorker({
      db: t.database.db,
      mailer: createSmtpMailer(mailerUrl, { timeoutMs: 3000 }),
      from: 'Mirror <no-reply@mirror.test>',
      maxAttempts,
      retryBaseMs: 60_000,
      pollIntervalMs: 1000,
      clock,
      log: quietLog,
    });

  it('delivers a queued email to a real SMTP server, without the injected header', async () => {
    const smtp = await startSmtp();
    try {
      const res = await t.request<QueuedEmail>('/api/notifications/email', {
        body: contact({ name: 'Eve\r\nBcc: victim@elsewhere.example' }),
      });
      await onlyDue(res.body.id);
      const w = worker(`smtp://127.0.0.1:${smtp.port}`, () => new Date());
      expect(await w.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      await w.stop();
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from).toBe('no-reply@mirror.test');
      expect(mail.to).toEqual([BRAND]);
      const headers = headersOf(mail.raw);
      expect(headers).toMatch(/^Subject: Message from Eve Bcc: victim@elsewhere\.example: Engagement ring$/m);
      expect(headers).not.toMatch(/^Bcc:/im);
      expect(headers).toMatch(/^Reply-To: ada@example\.com$/m);
      expect(mail.raw).toContain('multipart/alternative');
      expect(mail.raw).toContain('text/html');
      const row = await outboxRow(res.body.id);
      expect(row.status).toBe('SENT');
      expect(row.attempts).toBe(1);
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('keeps the email while SMTP is down and sends it once SMTP is back', async () => {
    const port = await freePort();
    const res = await t.request<QueuedEmail>('/api/notifications/email', { body: contact({ subject: 'While down' }) });
    await onlyDue(res.body.id);
    let now = new Date();
    const w = worker(`smtp://127.0.0.1:${port}`, () => now);

    expect(await w.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let row = await outboxRow(res.body.id);
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(60_000);
    // Not due yet: nothing is attempted.
    expect(await w.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const smtp = await startSmtp(port);
    try {
      now = new Date(now.getTime() + 61_000);
      expect(await w.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      row = await outboxRow(res.body.id);
      expect(row).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
      expect(smtp.received.map((m) => headersOf(m.raw).match(/^Subject: (.*)$/m)?.[1])).toEqual(['Message from Ada Lovelace: While down']);
    } finally {
      await w.stop();
      await smtp.close();
    }
  });

  it('backs off exponentially and marks the email FAILED after the last attempt', async () => {
    const port = await freePort();
    const res = await t.request<QueuedEmail>('/api/notifications/email', { body: contact({ subject: 'Never delivered' }) });
    await onlyDue(res.body.id);
    let now = new Date();
    const w = worker(`smtp://127.0.0.1:${port}`, () => now, 3);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expect(await w.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const row = await outboxRow(res.body.id);
      delays.push(row.nextAttemptAt.getTime() - now.getTime());
      now = new Date(row.nextAttemptAt.getTime() + 1);
    }
    expect(delays).toEqual([60_000, 120_000]);
    expect(await w.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await outboxRow(res.body.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(row.lastError).toBeTruthy();
    now = new Date(now.getTime() + 24 * 3600_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const listed = await t.request<OutboxPage>('/api/notifications/outbox?status=FAILED', { token: admin });
    expect(listed.body.content.map((e) => e.id)).toContain(res.body.id);
    await w.stop();
  });

  it('never sends one email twice when several workers run at once', async () => {
    const smtp = await startSmtp();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1)
        ids.push((await t.request<QueuedEmail>('/api/notifications/email', { body: contact({ subject: `Batch ${i}` }) })).body.id);
      await onlyDue(...ids);
      const workers = [0, 1, 2].map(() => worker(`smtp://127.0.0.1:${smtp.port}`, () => new Date()));
      const results = await Promise.all(workers.map((w) => w.runOnce()));
      await Promise.all(workers.map((w) => w.stop()));
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6);
      expect(smtp.received).toHaveLength(6);
      const subjects = smtp.received.map((m) => headersOf(m.raw).match(/^Subject: .*: (Batch \d)$/m)?.[1]).sort();
      expect(subjects).toEqual(['Batch 0', 'Batch 1', 'Batch 2', 'Batch 3', 'Batch 4', 'Batch 5']);
    } finally {
      await smtp.close();
    }
  });

  it('sends nothing without SMTP configured', async () => {
    const res = await t.request<QueuedEmail>('/api/notifications/email', { body: contact() });
    const w = createOutboxWorker({
      db: t.database.db,
      mailer: null,
      from: 'x@mirror.test',
      maxAttempts: 3,
      retryBaseMs: 1,
      pollIntervalMs: 1000,
      log: quietLog,
    });
    expect(await w.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await outboxRow(res.body.id)).status).toBe('QUEUED');
  });
});

describe('enqueueEmail (for other modules)', () => {
  it('queues inside the caller transaction: rolled back with it, kept when it commits', async () => {
    const before = await outboxCount();
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueEmail(tx, { emailType: 'ORDER_CONFIRMATION', recipients: ['client@example.com'], model: order.model });
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await outboxCount()).toBe(before);
    await t.database.db.transaction(async (tx) => {
      await enqueueEmail(tx, {
        emailType: 'ORDER_CONFIRMATION',
        recipients: ['client@example.com', 'CLIENT@example.com'],
        model: order.model,
      });
    });
    expect(await outboxCount()).toBe(before + 1);
  });

  it('validates the model like the HTTP endpoint does', async () => {
    await expect(
      enqueueEmail(t.database.db, {
        emailType: 'PAYMENT_RECEIPT',
        recipients: ['a@example.com'],
        model: { customerName: '' } as unknown as EmailModels['PAYMENT_RECEIPT'],
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('templates', () => {
  it('renders every type with its facts, in HTML and text, and formats money by currency', () => {
    const jw = {
      name: 'Lin',
      email: 'lin@example.com',
      brandName: 'Maison Lin',
      collectionTitle: 'Tides',
      files: [{ url: '/api/files/mirror-storage/jewelry-week/submissions/a.pdf', name: 'lookbook.pdf' }],
    };
    const cases = [
      renderEmail('JEWELRY_WEEK_SUBMISSION', jw),
      renderEmail('JEWELRY_WEEK_CONFIRMATION', jw),
      renderEmail('APPOINTMENT_REQUEST', {
        name: 'Lin',
        email: 'lin@example.com',
        location: 'Paris — Place Vendôme',
        preferredDate: '2025-06-30',
      }),
      renderEmail('PAYMENT_RECEIPT', { customerName: 'Lin', orderNumber: 'MR-7', currency: 'JPY', amount: 150000 }),
    ];
    expect(cases[0]!.subject).toBe('Jewelry Week submission — Maison Lin');
    expect(cases[0]!.text).toContain('lookbook.pdf — /api/files/mirror-storage/jewelry-week/submissions/a.pdf');
    expect(cases[1]!.html).toContain('has reached our curators');
    expect(cases[1]!.html).not.toContain('Lin'); // the acknowledgement carries nothing the visitor typed
    expect(cases[2]!.subject).toBe('Appointment request — Lin · Paris — Place Vendôme');
    expect(cases[2]!.text).toContain('Preferred date: 30 June 2025');
    expect(cases[3]!.text).toContain('Amount: JP¥150,000'); // yen have no minor digits
    for (const c of cases) {
      expect(c.html.startsWith('<!doctype html>')).toBe(true);
      expect(c.html).toContain('MIRROR');
      expect(c.text).not.toContain('<');
    }
    expect(formatMoney(123_450, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(123_400, 'GBP')).toBe('£1,234');
  });
});

describe('captcha (Cloudflare Turnstile)', () => {
  let verify: Server;
  let calls: URLSearchParams[];
  let answer: 'ok' | 'down';
  let c: TestApp;

  beforeAll(async () => {
    calls = [];
    answer = 'ok';
    verify = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        calls.push(params);
        if (answer === 'down') return res.writeHead(502).end('bad gateway');
        const success = params.get('secret') === 'turnstile-secret' && params.get('response') === 'good-token';
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => verify.listen(0, '127.0.0.1', () => resolve()));
    const { port } = verify.address() as AddressInfo;
    c = await buildTestApp({
      BRAND_INBOX: BRAND,
      TURNSTILE_SECRET: 'turnstile-secret',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
      EMAIL_RATE_LIMIT_MAX: '3',
    });
  });
  afterAll(async () => {
    await c.close();
    await new Promise((resolve) => verify.close(resolve));
  });

  const count = async () => {
    const [row] = await c.database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    return row!.n;
  };

  it('answers 400 for a missing or rejected token and queues nothing; accepts a good token', async () => {
    const missing = await c.request<ErrorResponse>('/api/notifications/email', { body: contact() });
    expect(missing.status).toBe(400);
    expectErrorShape(missing.body, 400, 'CAPTCHA_FAILED');
    expect(calls).toHaveLength(0);

    const rejected = await c.request<ErrorResponse>('/api/notifications/email', { body: { ...contact(), captchaToken: 'forged' } });
    expect(rejected.status).toBe(400);
    expectErrorShape(rejected.body, 400, 'CAPTCHA_FAILED');
    expect(await count()).toBe(0);

    const accepted = await c.request<QueuedEmail>('/api/notifications/email', { body: { ...contact(), captchaToken: 'good-token' } });
    expect(accepted.status).toBe(202);
    expect(await count()).toBe(2); // the message and the visitor's acknowledgement
    expect(calls.at(-1)?.get('remoteip')).toBe('127.0.0.1');
    expect(calls.at(-1)?.get('secret')).toBe('turnstile-secret');
  });

  it('rate limits visitors per IP but not ADMIN, who also needs no captcha', async () => {
    // The three requests above used this IP's allowance.
    const limited = await c.request<ErrorResponse>('/api/notifications/email', { body: { ...contact(), captchaToken: 'good-token' } });
    expect(limited.status).toBe(429);
    expectErrorShape(limited.body, 429, 'TOO_MANY_REQUESTS');
    const token = (await c.loginAs('ADMIN')).accessToken;
    const res = await c.request<QueuedEmail>('/api/notifications/email', { token, body: contact() });
    expect(res.status).toBe(202);
  });

  it('answers 503 (SERVICE_UNAVAILABLE) when siteverify is unreachable', async () => {
    const verifier = createTurnstileVerifier({
      secret: 'turnstile-secret',
      verifyUrl: `http://127.0.0.1:${(verify.address() as AddressInfo).port}/x`,
      log: quietLog,
    });
    answer = 'down';
    await expect(verifier.verify('good-token', '127.0.0.1')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    answer = 'ok';
    await expect(verifier.verify('good-token', '127.0.0.1')).resolves.toBeUndefined();
  });

  it('is skipped when TURNSTILE_SECRET is unset, and says so once', async () => {
    const warn = vi.fn();
    const verifier = createTurnstileVerifier({ secret: undefined, verifyUrl: 'http://127.0.0.1:9/never', log: { warn } });
    expect(verifier.isEnabled).toBe(false);
    await verifier.verify(undefined, '127.0.0.1');
    await verifier.verify('anything', '127.0.0.1');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/captcha/i);
  });
});
