import sharp from 'sharp';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JEWELRY_WEEK_UPLOAD_FOLDER,
  type Role,
  type ErrorResponse,
  type MySubmissionPage,
  type User,
  type SubmissionDetail,
  type OutboxEmailDetail,
  type OutboxPage,
  type SubmissionFacets,
  type SubmissionPage,
  type QueuedEmail,
} from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { emailOutbox, submissions } from '../../db/schema/index';
import { jewelryWeekKeyOf } from './submissions.record';

const BRAND = 'concierge@mirror.test';
const missingId = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: Session;
let designer: Session;
let others: Record<'CUSTOMER' | 'VENDOR' | 'DESIGNER', Session>;

beforeAll(async () => {
  t = await buildTestApp({ BRAND_INBOX: BRAND, EMAIL_RATE_LIMIT_MAX: '10000' });
  admin = await t.loginAs('ADMIN');
  designer = await t.loginAs('DESIGNER');
  others = { CUSTOMER: await t.loginAs('CUSTOMER'), VENDOR: await t.loginAs('VENDOR'), DESIGNER: designer };
});
afterAll(() => t.close());

async function uploadToJewelryWeek(): Promise<{ key: string; url: string }> {
  const body = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 190, g: 160, b: 120 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('folderPath', JEWELRY_WEEK_UPLOAD_FOLDER);
  form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'ring.jpg');
  const res = await fetch(`${t.baseUrl}/api/files/upload`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as { key: string; url: string };
}

let counter = 0;
/** The public form's model, as apps/web/src/features/jewelry-week sends it. */
function model(over: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Designer ${counter}`,
    email: `designer${counter}@atelier.example`,
    country: 'Italy',
    website: 'https://atelier.example',
    collectionTitle: `Tides ${counter}`,
    message: 'A collection of rings cast from the shapes the sea leaves in the sand at low tide.',
    files: [] as { url: string; name?: string }[],
    ...over,
  };
}

/** The public flow's two calls, exactly as the web page makes them (anonymous). */
async function submitPublicly(m: ReturnType<typeof model>) {
  const submission = await t.request<QueuedEmail>('/api/notifications/email', {
    body: { emailType: 'JEWELRY_WEEK_SUBMISSION', recipients: [BRAND], model: m },
  });
  const confirmation = await t.request<QueuedEmail>('/api/notifications/email', {
    body: { emailType: 'JEWELRY_WEEK_CONFIRMATION', recipients: [m.email], model: m },
  });
  return { submission, confirmation };
}

async function findByEmail(email: string) {
  const res = await t.request<SubmissionPage>(`/api/submissions?size=100&q=${encodeURIComponent(email)}`, { token: admin.accessToken });
  expect(res.status).toBe(200);
  return res.body.content;
}

async function entryOf(m: ReturnType<typeof model>) {
  const [entry] = await findByEmail(m.email);
  expect(entry).toBeDefined();
  return entry;
}

const patch = <R = SubmissionDetail>(id: string, body: unknown, token = admin.accessToken) =>
  t.request<R>(`/api/submissions/${id}`, { method: 'PATCH', token, body });

async function countRows(table: typeof submissions | typeof emailOutbox) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row!.n;
}

/** Makes every insert into email_outbox fail (as a full disk or a lost connection would) while `fn` runs. */
async function withFailingOutbox<T>(fn: () => Promise<T>): Promise<T> {
  const db = t.database.db;
  await db.execute(
    sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`,
  );
  await db.execute(sql`create trigger refuse_outbox before insert on email_outbox for each row execute function refuse_outbox()`);
  try {
    return await fn();
  } finally {
    await db.execute(sql`drop trigger refuse_outbox on email_outbox`);
  }
}

async function expectAdminOnly(method: string, path: string, body?: unknown) {
  for (const [role, s] of Object.entries(others)) {
    const res = await t.request<ErrorResponse>(path, { method, token: s.accessToken, ...(body ? { body } : {}) });
    expect(res.status, `${role} ${method} ${path}`).toBe(403);
    expectErrorShape(res.body, 403, 'FORBIDDEN');
  }
  const anon = await t.request<ErrorResponse>(path, { method, ...(body ? { body } : {}) });
  expect(anon.status, `anonymous ${method} ${path}`).toBe(401);
  expectErrorShape(anon.body, 401, 'UNAUTHORIZED');
}

describe('recording entries from the public flow', () => {
  it('records the entry when the submission email is queued, without changing what the public calls answer', async () => {
    const [a, b] = [await uploadToJewelryWeek(), await uploadToJewelryWeek()];
    const m = model({
      files: [
        { url: a.url, name: 'ring.jpg' },
        { url: b.url, name: 'brooch.jpg' },
      ],
    });
    const { submission, confirmation } = await submitPublicly(m);
    // The same answers as before submissions existed: 202 and the queued email.
    expect(submission.status).toBe(202);
    expect(Object.keys(submission.body).sort()).toEqual(['emailType', 'id', 'recipients', 'status']);
    expect(submission.body).toMatchObject({ emailType: 'JEWELRY_WEEK_SUBMISSION', recipients: [BRAND], status: 'QUEUED' });
    expect(confirmation.status).toBe(202);

    const entries = await findByEmail(m.email);
    expect(entries).toHaveLength(1);
    const entry = entries[0];
    expect(entry).toMatchObject({
      name: m.name,
      email: m.email,
      country: 'Italy',
      website: 'https://atelier.example',
      collectionTitle: m.collectionTitle,
      statement: m.message,
      phone: null,
      brandName: null,
      status: 'RECEIVED',
      allowedStatuses: ['UNDER_REVIEW'],
      decisionEmailId: null,
      statusChangedAt: null,
    });
    expect(entry!.files).toEqual([
      { key: a.key, name: 'ring.jpg', url: a.url, isImage: true },
      { key: b.key, name: 'brooch.jpg', url: b.url, isImage: true },
    ]);
    // The URLs serve the uploaded images.
    const image = await fetch(`${t.baseUrl}${entry!.files[0]!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const detail = await t.request<SubmissionDetail>(`/api/submissions/${entry!.id}`, { token: admin.accessToken });
    expect(detail.status).toBe(200);
    expect(detail.body.history).toEqual([
      {
        id: expect.any(String),
        fromStatus: null,
        toStatus: 'RECEIVED',
        note: null,
        changedBy: null,
        changedByUsername: null,
        createdAt: entry!.createdAt,
      },
    ]);
  });

  it('keeps only files of the jewelry-week folder; other URLs stay in the email alone', async () => {
    const own = await uploadToJewelryWeek();
    const m = model({
      files: [
        { url: own.url },
        { url: 'https://tracker.example/pixel.png', name: 'pixel.png' },
        { url: '/api/files/mirror-storage/public/other.jpg' },
        { url: '/api/files/mirror-storage/jewelry-week/submissions/../../secrets.pdf' },
      ],
    });
    const { submission } = await submitPublicly(m);
    expect(submission.status).toBe(202);
    const entry = await entryOf(m);
    expect(entry!.files).toEqual([{ key: own.key, name: null, url: own.url, isImage: true }]);
    const email = await t.request<OutboxEmailDetail>(`/api/notifications/outbox/${submission.body.id}`, { token: admin.accessToken });
    expect(email.body.text).toContain('https://tracker.example/pixel.png');
  });

  it('records one entry for a resent identical form, and another for different content', async () => {
    const m = model();
    await submitPublicly(m);
    const again = await submitPublicly(m);
    expect(again.submission.status).toBe(202);
    expect(await findByEmail(m.email)).toHaveLength(1);
    await submitPublicly({ ...m, collectionTitle: 'Second collection' });
    expect(await findByEmail(m.email)).toHaveLength(2);
  });

  it('records nothing for the confirmation email or a refused request', async () => {
    const before = await countRows(submissions);
    const m = model();
    expect(
      (await t.request('/api/notifications/email', { body: { emailType: 'JEWELRY_WEEK_CONFIRMATION', recipients: [m.email], model: m } }))
        .status,
    ).toBe(202);
    const refused = await t.request<ErrorResponse>('/api/notifications/email', {
      body: { emailType: 'JEWELRY_WEEK_SUBMISSION', recipients: [BRAND, 'victim@elsewhere.example'], model: m },
    });
    expect(refused.status).toBe(403);
    const invalid = await t.request<ErrorResponse>('/api/notifications/email', {
      body: { emailType: 'JEWELRY_WEEK_SUBMISSION', recipients: [BRAND], model: { ...m, email: 'nope' } },
    });
    expect(invalid.status).toBe(400);
    expect(await countRows(submissions)).toBe(before);
  });

  it('records the entry and queues its email in one transaction: when the email cannot be written, neither is', async () => {
    const [entriesBefore, emailsBefore] = [await countRows(submissions), await countRows(emailOutbox)];
    const m = model();
    const res = await withFailingOutbox(() =>
      t.request<QueuedEmail>('/api/notifications/email', { body: { emailType: 'JEWELRY_WEEK_SUBMISSION', recipients: [BRAND], model: m } }),
    );
    expect(res.status).toBe(500);
    expectErrorShape(res.body, 500, 'INTERNAL_ERROR');
    expect(JSON.stringify(res.body)).not.toContain('outbox unavailable');
    expect(await countRows(submissions)).toBe(entriesBefore);
    expect(await countRows(emailOutbox)).toBe(emailsBefore);
    // The visitor's retry then goes through.
    expect((await submitPublicly(m)).submission.status).toBe(202);
    expect(await findByEmail(m.email)).toHaveLength(1);
  });
});

describe('GET /api/submissions', () => {
  it('pages, filters by status and searches name, email and country case-insensitively (wildcards are plain)', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const ms = [
      model({ name: `Ottavia ${tag}`, country: 'Italy' }),
      model({ name: `Léonie ${tag}`, country: 'France', email: `leonie.${tag}@atelier.example` }),
      model({ name: `Mariko ${tag}`, country: `Japan ${tag}` }),
    ];
    for (const m of ms) await submitPublicly(m);
    const search = async (q: string, extra = '') =>
      (
        await t.request<SubmissionPage>(`/api/submissions?size=100&q=${encodeURIComponent(q)}${extra}`, { token: admin.accessToken })
      ).body.content.map((e) => e.name);
    expect((await search(tag)).sort()).toEqual(ms.map((m) => m.name).sort());
    expect(await search(`LEONIE.${tag}@ATELIER`)).toEqual([ms[1]!.name]);
    expect(await search(`léonie ${tag.toUpperCase()}`)).toEqual([ms[1]!.name]);
    expect(await search(`japan ${tag}`)).toEqual([ms[2]!.name]);
    expect(await search('%')).toEqual([]);

    const mariko = (await findByEmail(ms[2]!.email))[0];
    expect((await patch(mariko!.id, { status: 'UNDER_REVIEW' })).status).toBe(200);
    expect(await search(tag, '&status=UNDER_REVIEW')).toEqual([ms[2]!.name]);
    expect((await search(tag, '&status=RECEIVED')).sort()).toEqual([ms[0]!.name, ms[1]!.name].sort());

    const page = await t.request<SubmissionPage>(`/api/submissions?q=${tag}&size=2&page=1&sort=name,asc`, { token: admin.accessToken });
    expect(page.body).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2 });
    // Léonie, Mariko | Ottavia
    expect(page.body.content.map((e) => e.name)).toEqual([ms[0]!.name]);
    const newest = await t.request<SubmissionPage>(`/api/submissions?q=${tag}`, { token: admin.accessToken });
    expect(newest.body.content.map((e) => e.name)).toEqual([...ms].reverse().map((m) => m.name));

    const facets = await t.request<SubmissionFacets>(`/api/submissions/facets?q=${tag}`, { token: admin.accessToken });
    expect(facets.status).toBe(200);
    expect(facets.body).toEqual({ total: 3, byStatus: { RECEIVED: 2, UNDER_REVIEW: 1, SELECTED: 0, DECLINED: 0 } });
  });

  it('is ADMIN only and validates its query', async () => {
    await expectAdminOnly('GET', '/api/submissions');
    await expectAdminOnly('GET', '/api/submissions/facets');
    for (const q of ['status=WINNER', 'sort=email,asc', `q=${'x'.repeat(101)}`, 'q=', 'size=101']) {
      const res = await t.request<ErrorResponse>(`/api/submissions?${q}`, { token: admin.accessToken });
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('GET /api/submissions/{id}', () => {
  it('is ADMIN only; unknown ids are 404 and malformed ones 400', async () => {
    const m = model();
    await submitPublicly(m);
    const entry = await entryOf(m);
    await expectAdminOnly('GET', `/api/submissions/${entry!.id}`);
    const missing = await t.request<ErrorResponse>(`/api/submissions/${missingId}`, { token: admin.accessToken });
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'SUBMISSION_NOT_FOUND');
    expect((await t.request('/api/submissions/abc', { token: admin.accessToken })).status).toBe(400);
  });
});

describe('PATCH /api/submissions/{id}: the review', () => {
  it('moves received → under review → selected, queueing the designer’s email with the decision', async () => {
    const m = model({ collectionTitle: 'Low Tide' });
    await submitPublicly(m);
    const entry = await entryOf(m);

    const skipped = await patch<ErrorResponse>(entry!.id, { status: 'SELECTED' });
    expect(skipped.status).toBe(409);
    expectErrorShape(skipped.body, 409, 'INVALID_TRANSITION');
    expect(skipped.body.message).toBe('A submission that is RECEIVED cannot become SELECTED. Allowed: UNDER_REVIEW.');

    const review = await patch(entry!.id, { status: 'UNDER_REVIEW', note: 'Strong casting; ask about the clasp.' });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ status: 'UNDER_REVIEW', allowedStatuses: ['SELECTED', 'DECLINED'], decisionEmailId: null });
    expect(review.body.history.at(-1)).toMatchObject({
      fromStatus: 'RECEIVED',
      toStatus: 'UNDER_REVIEW',
      note: 'Strong casting; ask about the clasp.',
      changedBy: admin.userId,
      changedByUsername: admin.username,
    });

    const emailsBefore = await countRows(emailOutbox);
    const selected = await patch(entry!.id, { status: 'SELECTED', note: 'Unanimous <b>yes</b> https://evil.example' });
    expect(selected.status).toBe(200);
    expect(selected.body).toMatchObject({ status: 'SELECTED', allowedStatuses: [] });
    expect(Date.parse(selected.body.statusChangedAt!)).toBeGreaterThan(Date.parse(entry!.createdAt) - 1);
    expect(selected.body.history.map((h) => h.toStatus)).toEqual(['RECEIVED', 'UNDER_REVIEW', 'SELECTED']);
    expect(await countRows(emailOutbox)).toBe(emailsBefore + 1);

    const email = await t.request<OutboxEmailDetail>(`/api/notifications/outbox/${selected.body.decisionEmailId}`, {
      token: admin.accessToken,
    });
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({
      emailType: 'JEWELRY_WEEK_DECISION',
      recipients: [m.email],
      status: 'QUEUED',
      subject: 'Mirror in Milan — your work has been selected',
    });
    expect(email.body.text).toContain(`Congratulations, ${m.name}`);
    expect(email.body.text).toContain('your collection “Low Tide” has been selected for Mirror in Milan');
    // The curator's note is internal: it never reaches the designer, and the letter carries no link.
    for (const body of [email.body.html, email.body.text]) {
      expect(body).not.toContain('Unanimous');
      expect(body).not.toContain('evil.example');
    }
    expect(email.body.html).not.toMatch(/<a\s|href=/i);
    const listed = await t.request<OutboxPage>('/api/notifications/outbox?emailType=JEWELRY_WEEK_DECISION&size=100', {
      token: admin.accessToken,
    });
    expect(listed.body.content.map((e) => e.id)).toContain(selected.body.decisionEmailId);
  });

  it('declines with its own letter; a decision is final, and repeating it only adds a note (no second email)', async () => {
    const m = model({ collectionTitle: undefined });
    await submitPublicly(m);
    const entry = await entryOf(m);
    expect((await patch(entry!.id, { status: 'UNDER_REVIEW' })).status).toBe(200);
    const declined = await patch(entry!.id, { status: 'DECLINED' });
    expect(declined.status).toBe(200);
    const email = await t.request<OutboxEmailDetail>(`/api/notifications/outbox/${declined.body.decisionEmailId}`, {
      token: admin.accessToken,
    });
    expect(email.body).toMatchObject({
      emailType: 'JEWELRY_WEEK_DECISION',
      recipients: [m.email],
      subject: 'Your Mirror in Milan submission',
    });
    expect(email.body.text).toContain('Thank you for submitting your work to Mirror in Milan');
    expect(email.body.text).toContain('We regret that we cannot include your work in this edition.');

    const emailsBefore = await countRows(emailOutbox);
    for (const status of ['UNDER_REVIEW', 'RECEIVED', 'SELECTED']) {
      const res = await patch<ErrorResponse>(entry!.id, { status });
      expect(res.status, status).toBe(409);
      expectErrorShape(res.body, 409, 'INVALID_TRANSITION');
      expect(res.body.message).toBe(`A submission that is DECLINED cannot become ${status}. Allowed: none (a decision is final).`);
    }
    const again = await patch(entry!.id, { status: 'DECLINED' });
    expect(again.status).toBe(200);
    expect(again.body.decisionEmailId).toBe(declined.body.decisionEmailId);
    expect(again.body.history).toHaveLength(3);
    const noted = await patch(entry!.id, { status: 'DECLINED', note: 'Invite to the next edition.' });
    expect(noted.body.history.at(-1)).toMatchObject({ fromStatus: 'DECLINED', toStatus: 'DECLINED', note: 'Invite to the next edition.' });
    expect(await countRows(emailOutbox)).toBe(emailsBefore);
  });

  it('rolls the decision back when its email cannot be queued: status, history and outbox unchanged', async () => {
    const m = model();
    await submitPublicly(m);
    const entry = await entryOf(m);
    expect((await patch(entry!.id, { status: 'UNDER_REVIEW' })).status).toBe(200);
    const emailsBefore = await countRows(emailOutbox);
    const res = await withFailingOutbox(() => patch(entry!.id, { status: 'SELECTED', note: 'Yes' }));
    expect(res.status).toBe(500);
    expectErrorShape(res.body, 500, 'INTERNAL_ERROR');
    const after = await t.request<SubmissionDetail>(`/api/submissions/${entry!.id}`, { token: admin.accessToken });
    expect(after.body).toMatchObject({ status: 'UNDER_REVIEW', decisionEmailId: null });
    expect(after.body.history.map((h) => h.toStatus)).toEqual(['RECEIVED', 'UNDER_REVIEW']);
    expect(await countRows(emailOutbox)).toBe(emailsBefore);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, entry!.id));
    expect(row!.status).toBe('UNDER_REVIEW');
    // Once the outbox is back, the same decision goes through.
    expect((await patch(entry!.id, { status: 'SELECTED' })).body.status).toBe('SELECTED');
  });

  it('is ADMIN only, validates the body, and answers 404 for an unknown entry', async () => {
    const m = model();
    await submitPublicly(m);
    const entry = await entryOf(m);
    await expectAdminOnly('PATCH', `/api/submissions/${entry!.id}`, { status: 'UNDER_REVIEW' });
    for (const body of [
      {},
      { status: 'WINNER' },
      { status: 'UNDER_REVIEW', note: 'x'.repeat(2001) },
      { status: 'UNDER_REVIEW', note: '   ' },
      { status: 'UNDER_REVIEW', email: 'x@y.z' },
    ]) {
      const res = await patch(entry!.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    expect((await entryOf(m))!.status).toBe('RECEIVED');
    const missing = await patch(missingId, { status: 'UNDER_REVIEW' });
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'SUBMISSION_NOT_FOUND');
  });
});

describe('GET /api/submissions/mine', () => {
  it('gives a designer the entries sent with their account email (any case), without internal notes', async () => {
    const me = await t.request<User>('/api/users/me', { token: designer.accessToken });
    const m = model({ email: me.body.email.toUpperCase() });
    await submitPublicly(m);
    await submitPublicly(model());
    const entry = await entryOf(m);
    await patch(entry!.id, { status: 'UNDER_REVIEW', note: 'Internal: pricing looks high' });

    const res = await t.request<MySubmissionPage>('/api/submissions/mine', { token: designer.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 20, totalElements: 1, totalPages: 1 });
    expect(res.body.content[0]).toEqual({
      id: entry!.id,
      name: m.name,
      brandName: null,
      country: 'Italy',
      collectionTitle: m.collectionTitle,
      statement: m.message,
      files: [],
      status: 'UNDER_REVIEW',
      statusChangedAt: expect.any(String),
      createdAt: entry!.createdAt,
    });
    expect(JSON.stringify(res.body)).not.toContain('pricing');

    const stranger = await t.loginAs('DESIGNER');
    const none = await t.request<MySubmissionPage>('/api/submissions/mine', { token: stranger.accessToken });
    expect(none.body).toMatchObject({ content: [], totalElements: 0 });
  });

  it('is for designers only', async () => {
    for (const role of ['ADMIN', 'CUSTOMER', 'VENDOR'] as Role[]) {
      const s = await t.loginAs(role);
      const res = await t.request<ErrorResponse>('/api/submissions/mine', { token: s.accessToken });
      expect(res.status, role).toBe(403);
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
    expect((await t.request('/api/submissions/mine')).status).toBe(401);
    expect((await t.request('/api/submissions/mine?size=0', { token: designer.accessToken })).status).toBe(400);
  });
});

describe('jewelryWeekKeyOf', () => {
  it('accepts only our file URLs in the jewelry-week folder', () => {
    expect(jewelryWeekKeyOf('/api/files/mirror-storage/jewelry-week/submissions/a1.jpg')).toBe(
      'mirror-storage/jewelry-week/submissions/a1.jpg',
    );
    expect(jewelryWeekKeyOf('https://mirror.example/api/files/mirror-storage/jewelry-week/submissions/a1.pdf')).toBe(
      'mirror-storage/jewelry-week/submissions/a1.pdf',
    );
    for (const url of [
      '/api/files/mirror-storage/public/a1.jpg',
      '/api/files/mirror-storage/jewelry-week/submissions/deeper/a1.jpg',
      '/api/files/mirror-storage/jewelry-week/submissions/%2E%2E',
      '/files/mirror-storage/jewelry-week/submissions/a1.jpg',
      'javascript:alert(1)',
      '/api/files/mirror-storage/jewelry-week/submissions/%E0%A4%A',
    ]) {
      expect(jewelryWeekKeyOf(url), url).toBeNull();
    }
  });
});
