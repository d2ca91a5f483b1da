import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailStatisticsSchema, type OutboxPage, type ErrorResponse, type QueuedEmail, type EmailStatistics } from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import type { Mailer } from '../../lib/mail/mailer';
import { createOutboxWorker } from './outbox-worker';

// A database of its own: the counts are exact, starting from an empty outbox.
let t: TestApp;
let admin: Session;
let others: Session[];

beforeAll(async () => {
  t = await buildTestApp({ EMAIL_RATE_LIMIT_MAX: '10000' });
  admin = await t.loginAs('ADMIN');
  others = await Promise.all([t.loginAs('CUSTOMER'), t.loginAs('VENDOR'), t.loginAs('DESIGNER')]);
});
afterAll(() => t.close());

const statistics = async () => {
  const res = await t.request<EmailStatistics>('/api/notifications/statistics', { token: admin.accessToken });
  expect(res.status).toBe(200);
  expect(EmailStatisticsSchema.parse(res.body)).toEqual(res.body);
  return res.body;
};
const queue = async (recipient: string) => {
  const res = await t.request<QueuedEmail>('/api/notifications/email', {
    token: admin.accessToken,
    body: {
      emailType: 'ORDER_CONFIRMATION',
      recipients: [recipient],
      model: {
        customerName: 'Grace Hopper',
        orderNumber: 'MR-2026-000001',
        currency: 'EUR',
        items: [{ name: 'Aurora ring', quantity: 1, unitPrice: 1_250_000 }],
        total: 1_250_000,
      },
    },
  });
  expect(res.status).toBe(202);
  return res.body.id;
};

/** Delivers to everyone but addresses at bounce.example, which fail for good (one attempt allowed). */
const mailer: Mailer = {
  send(mail) {
    if (mail.to.some((to) => to.endsWith('@bounce.example'))) return Promise.reject(new Error('550 mailbox unavailable'));
    return Promise.resolve();
  },
  close() {},
};
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('GET /api/notifications/statistics', () => {
  it('is for ADMIN only', async () => {
    for (const s of others) {
      const res = await t.request<ErrorResponse>('/api/notifications/statistics', { token: s.accessToken });
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
    const anonymous = await t.request<ErrorResponse>('/api/notifications/statistics');
    expect(anonymous.status).toBe(401);
    expectErrorShape(anonymous.body, 401);
  });

  it('counts every status, zero on an empty outbox', async () => {
    expect(await statistics()).toEqual({ total: 0, byStatus: { QUEUED: 0, SENT: 0, FAILED: 0 }, oldestQueuedAt: null });
  });

  it('follows the outbox as the worker sends and fails', async () => {
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com', 'gone@bounce.example']) await queue(to);
    expect((await statistics()).byStatus).toEqual({ QUEUED: 4, SENT: 0, FAILED: 0 });
    const worker = createOutboxWorker({
      db: t.database.db,
      mailer,
      from: 'no-reply@mirror.test',
      maxAttempts: 1,
      retryBaseMs: 1,
      pollIntervalMs: 60_000,
      log: quietLog,
    });
    expect(await worker.runOnce()).toEqual({ sent: 3, retrying: 0, failed: 1 });
    const waiting = await queue('d@example.com');
    const body = await statistics();
    expect(body).toMatchObject({ total: 5, byStatus: { QUEUED: 1, SENT: 3, FAILED: 1 } });
    // The same numbers as the outbox list, and the oldest waiting email is the one just queued.
    for (const status of ['QUEUED', 'SENT', 'FAILED'] as const) {
      const list = await t.request<OutboxPage>(`/api/notifications/outbox?status=${status}&size=1`, { token: admin.accessToken });
      expect(list.body.totalElements, status).toBe(body.byStatus[status]);
    }
    const queued = (await t.request<OutboxPage>('/api/notifications/outbox?status=QUEUED', { token: admin.accessToken })).body.content;
    expect(queued.map((e) => e.id)).toEqual([waiting]);
    expect(body.oldestQueuedAt).toBe(queued[0]!.createdAt);
  });
});
