import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, latestConfirmationToken, type Session, stopAfterAll, TEST_PASSWORD, type TestApp } from '../helpers';
import { BRAND_INBOX, buildSecurityApp, buildWorld, type World } from './world';
import type { Designer, ErrorResponse, MySubmissionPage, Order, Product, User, Vendor } from '@mirror/contract';

// Issue 14: two customers, two vendors and two designers, each reading and writing the other's records
// (403 or 404, and nothing changed), and bodies that try to set what the caller may not (role, status,
// vendor, ownership, totals, ids): refused or ignored, never applied.

let t: TestApp;
let w: World;

const stopLater = stopAfterAll();
beforeAll(async () => {
  t = await buildSecurityApp();
  stopLater(() => t.close());
  w = await buildWorld(t);
});

const asAdmin = <T = unknown>(path: string) => t.request<T>(path, { token: w.admin.accessToken });

/** What the house sees of every record the probes aim at: must be identical before and after. */
async function snapshot(): Promise<string> {
  const reads = [
    ...w.customers.map((c) => `/api/users/${c.userId}`),
    ...w.vendors.map((v) => `/api/users/${v.userId}`),
    ...w.designers.map((d) => `/api/users/${d.userId}`),
    ...w.vendorIds.map((id) => `/api/vendors/${id}`),
    ...w.designerIds.map((id) => `/api/designers/${id}`),
    ...Object.values(w.products).map((p) => `/api/products/${p.id}`),
    ...Object.values(w.orders).map((o) => `/api/orders/${o.id}`),
    ...w.submissionIds.map((id) => `/api/submissions/${id}`),
  ];
  const bodies = [];
  for (const path of reads) {
    const res = await asAdmin(path);
    if (res.status !== 200) throw new Error(`snapshot ${path}: ${res.status}`);
    bodies.push([path, res.body]);
  }
  return JSON.stringify(bodies);
}

interface Probe {
  name: string;
  path: string;
  method?: string;
  body?: unknown;
  /** Allowed answers; the default is a refusal (403 or 404). */
  statuses?: number[];
  /** For reads that answer 200 with a scoped list: must not carry this text. */
  mustNotContain?: string[];
}

function customerProbes(me: 0 | 1): Probe[] {
  const other = w.customers[1 - me]!;
  const order = me === 0 ? w.orders.c2 : w.orders.c1;
  return [
    { name: "reads the other client's account", path: `/api/users/${other.userId}` },
    { name: "renames the other client's account", path: `/api/users/${other.userId}`, method: 'PUT', body: { firstName: 'Mallory' } },
    {
      name: "changes the other client's email",
      path: `/api/users/${other.userId}`,
      method: 'PUT',
      body: { email: 'mallory@example.com', currentPassword: TEST_PASSWORD },
    },
    {
      name: "changes the other client's password",
      path: `/api/users/${other.userId}`,
      method: 'PUT',
      body: { password: 'Mallory-Owns-This-99', currentPassword: TEST_PASSWORD },
    },
    { name: 'looks the other client up by username', path: `/api/users/username/${other.username}` },
    { name: 'looks the other client up by email', path: `/api/users/email/${encodeURIComponent(`${other.username}@example.com`)}` },
    { name: "reads the other client's order", path: `/api/orders/${order.id}` },
    { name: "reads the other client's payment schedule", path: `/api/orders/${order.id}/payment-schedule` },
    { name: "cancels the other client's order", path: `/api/orders/${order.id}/status`, method: 'POST', body: { status: 'CANCELLED' } },
    {
      name: "lists orders filtered on the other client's id",
      path: `/api/orders?customerId=${other.userId}`,
      statuses: [200, 403],
      mustNotContain: [order.id],
    },
    {
      name: "searches orders for the other client's number",
      path: `/api/orders?q=${encodeURIComponent(order.number)}`,
      statuses: [200],
      mustNotContain: [order.id],
    },
  ];
}

function vendorProbes(me: 0 | 1): Probe[] {
  const theirs = me === 0 ? { live: w.products.bLive, draft: w.products.bDraft } : { live: w.products.aLive, draft: w.products.aDraft };
  const otherVendorId = w.vendorIds[1 - me]!;
  const otherOrder = me === 0 ? w.orders.c2 : w.orders.c1;
  return [
    { name: "reads the other vendor's draft", path: `/api/products/${theirs.draft.id}` },
    { name: "reads the other vendor's draft by SKU", path: `/api/products/sku/${theirs.draft.sku}` },
    { name: "reads the other vendor's draft model", path: `/api/products/${theirs.draft.id}/model.glb` },
    {
      name: "lists its own pieces (mine=true): none of the other vendor's",
      path: '/api/products?mine=true&size=100',
      statuses: [200],
      mustNotContain: [theirs.live.id, theirs.draft.id],
    },
    { name: "edits the other vendor's live piece", path: `/api/products/${theirs.live.id}`, method: 'PUT', body: { name: 'Stolen ring' } },
    { name: "edits the other vendor's draft", path: `/api/products/${theirs.draft.id}`, method: 'PUT', body: { name: 'Stolen ring' } },
    { name: "sets the other vendor's stock", path: `/api/products/${theirs.live.id}/stock`, method: 'PUT', body: { quantity: 0 } },
    { name: "moves the other vendor's stock", path: `/api/products/${theirs.live.id}/stock`, method: 'PUT', body: { delta: -5 } },
    { name: "deletes the other vendor's piece", path: `/api/products/${theirs.live.id}`, method: 'DELETE' },
    {
      name: "edits the other vendor's profile",
      path: `/api/vendors/${otherVendorId}`,
      method: 'PUT',
      body: { description: 'Closed for good' },
    },
    { name: "reads the other vendor's dashboard", path: `/api/vendors/${otherVendorId}/dashboard` },
    { name: "reads an order holding only the other vendor's lines", path: `/api/orders/${otherOrder.id}` },
    {
      name: "lists order lines: none of the other vendor's",
      path: '/api/orders/vendor-lines?size=100',
      statuses: [200],
      mustNotContain: [theirs.live.id, otherOrder.id],
    },
    {
      name: "lists orders filtered on the other vendor's id",
      path: `/api/orders?vendorId=${otherVendorId}`,
      statuses: [200, 403],
      mustNotContain: [otherOrder.id],
    },
    {
      name: "reads the other vendor's account link",
      path: `/api/vendors/${otherVendorId}`,
      statuses: [200],
      mustNotContain: [w.vendors[1 - me]!.userId],
    },
  ];
}

function designerProbes(me: 0 | 1): Probe[] {
  const otherId = w.designerIds[1 - me]!;
  return [
    { name: "edits the other designer's profile", path: `/api/designers/${otherId}`, method: 'PUT', body: { bio: 'Not mine' } },
    { name: "reads the other designer's dashboard", path: `/api/designers/${otherId}/dashboard` },
    {
      name: "lists its submissions: none of the other designer's",
      path: '/api/submissions/mine?size=100',
      statuses: [200],
      mustNotContain: [w.submissionIds[1 - me]!],
    },
    { name: "reads the other designer's submission", path: `/api/submissions/${w.submissionIds[1 - me]}` },
    {
      name: "decides on the other designer's submission",
      path: `/api/submissions/${w.submissionIds[1 - me]}`,
      method: 'PATCH',
      body: { status: 'SELECTED' },
    },
    {
      name: "reads the other designer's account link",
      path: `/api/designers/${otherId}`,
      statuses: [200],
      mustNotContain: [w.designers[1 - me]!.userId],
    },
  ];
}

describe('cross-owner probes', () => {
  it('each client, vendor and designer reaches none of the other’s records, and nothing changes', { timeout: 300_000 }, async () => {
    const before = await snapshot();
    const runs: { who: Session; label: string; probes: Probe[] }[] = [];
    for (const me of [0, 1] as const) {
      runs.push({ who: w.customers[me], label: `client ${me + 1}`, probes: customerProbes(me) });
      runs.push({ who: w.vendors[me], label: `vendor ${'AB'[me]}`, probes: vendorProbes(me) });
      runs.push({ who: w.designers[me], label: `designer ${'AB'[me]}`, probes: designerProbes(me) });
    }
    const wrong: string[] = [];
    let count = 0;
    for (const { who, label, probes } of runs) {
      for (const p of probes) {
        count += 1;
        const res = await t.request(p.path, {
          method: p.method ?? 'GET',
          token: who.accessToken,
          ...(p.body !== undefined ? { body: p.body } : {}),
        });
        const allowed = p.statuses ?? [403, 404];
        const text = JSON.stringify(res.body);
        if (!allowed.includes(res.status)) wrong.push(`${label} ${p.name} → ${res.status} ${text.slice(0, 160)}`);
        else if (res.status >= 400) expectErrorShape(res.body, res.status);
        for (const secret of p.mustNotContain ?? [])
          if (text.includes(secret)) wrong.push(`${label} ${p.name}: the answer carries ${secret}`);
      }
    }
    console.info(`cross-owner probes: ${count}`);
    expect(wrong).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(60);
    expect(await snapshot()).toBe(before);
  });

  it('each still reaches its own records (so the refusals above are about ownership)', async () => {
    const [c1, c2] = w.customers;
    expect((await t.request(`/api/orders/${w.orders.c1.id}`, { token: c1.accessToken })).status).toBe(200);
    expect((await t.request(`/api/orders/${w.orders.c2.id}`, { token: c2.accessToken })).status).toBe(200);
    expect((await t.request(`/api/users/${c1.userId}`, { token: c1.accessToken })).status).toBe(200);
    expect((await t.request(`/api/products/${w.products.aDraft.id}`, { token: w.vendors[0].accessToken })).status).toBe(200);
    expect((await t.request(`/api/products/${w.products.bDraft.id}`, { token: w.vendors[1].accessToken })).status).toBe(200);
    expect((await t.request(`/api/vendors/${w.vendorIds[0]}/dashboard`, { token: w.vendors[0].accessToken })).status).toBe(200);
    expect((await t.request(`/api/designers/${w.designerIds[1]}/dashboard`, { token: w.designers[1].accessToken })).status).toBe(200);
    const mine = await t.request<MySubmissionPage>('/api/submissions/mine', { token: w.designers[1].accessToken });
    expect(mine.body.content.map((s) => s.id)).toEqual([w.submissionIds[1]]);
  });
});

interface Try {
  name: string;
  who: () => Session | undefined;
  path: () => string;
  method: string;
  body: () => unknown;
  /** True when the forbidden value did not land (read after the request). */
  notApplied: (response: { status: number; body: unknown }) => Promise<boolean>;
}

describe('mass assignment', () => {
  it('refuses (400/403) or ignores every field the caller may not set; none is ever applied', { timeout: 300_000 }, async () => {
    const customer = await t.loginAs('CUSTOMER');
    const vendorA = w.vendors[0];
    const designerA = w.designers[0];
    const own = w.products.aDraft;
    const user = async (id: string) => (await asAdmin<User>(`/api/users/${id}`)).body;
    const product = async (id: string) => (await asAdmin<Product>(`/api/products/${id}`)).body;
    const vendor = async () => (await asAdmin<Vendor>(`/api/vendors/${w.vendorIds[0]}`)).body;
    const designer = async () => (await asAdmin<Designer>(`/api/designers/${w.designerIds[0]}`)).body;
    /** The account, or null when the registration made none (the lookup answers 404). */
    const registered = async (username: string) => {
      const res = await asAdmin<User>(`/api/users/username/${username}`);
      return res.status === 200 ? res.body : null;
    };
    const pieceBody = (extra: Record<string, unknown>) => ({
      name: 'Mass ring',
      sku: `MASS-${randomUUID().slice(0, 8)}`,
      categoryId: w.category.id,
      metalType: 'ROSE_GOLD',
      price: 90_000,
      ...extra,
    });
    const noNewPiece = async (r: { status: number; body: unknown }) =>
      r.status >= 400 ||
      ((await product((r.body as Product).id)).vendorId === w.vendorIds[0] && (await product((r.body as Product).id)).status === 'DRAFT');
    const orderOf = async (r: { status: number; body: unknown }) =>
      r.status === 201 ? (await asAdmin<Order>(`/api/orders/${(r.body as Order).id}`)).body : null;
    const lineBody = (extra: Record<string, unknown> = {}, lineExtra: Record<string, unknown> = {}) => ({
      lines: [{ productId: w.products.aLive.id, quantity: 1, ...lineExtra }],
      ...extra,
    });
    const anonymous = () => undefined;

    const register = (name: string, extra: Record<string, unknown>, check: (u: User) => boolean): Try => {
      const username = `mass_${randomUUID().slice(0, 8)}`;
      return {
        name: `registration with ${name}`,
        who: anonymous,
        path: () => '/api/users',
        method: 'POST',
        body: () => ({ username, email: `${username}@example.com`, password: TEST_PASSWORD, ...extra }),
        notApplied: async () => {
          // The account exists once its address is confirmed: open the link, then read what was made.
          const token = await latestConfirmationToken(t.database, `${username}@example.com`);
          if (token) expect((await t.request('/api/users/confirm-email', { body: { token } })).status).toBe(200);
          const u = await registered(username);
          return !u || check(u);
        },
      };
    };
    const selfUpdate = (name: string, body: Record<string, unknown>, check: (u: User) => boolean): Try => ({
      name: `own account with ${name}`,
      who: () => customer,
      path: () => `/api/users/${customer.userId}`,
      method: 'PUT',
      body: () => body,
      notApplied: async () => check(await user(customer.userId)),
    });
    const ownPiece = (name: string, body: Record<string, unknown>, check: (p: Product) => boolean): Try => ({
      name: `vendor's own piece with ${name}`,
      who: () => vendorA,
      path: () => `/api/products/${own.id}`,
      method: 'PUT',
      body: () => body,
      notApplied: async () => check(await product(own.id)),
    });
    const newPiece = (name: string, extra: Record<string, unknown>): Try => ({
      name: `vendor's new piece with ${name}`,
      who: () => vendorA,
      path: () => '/api/products',
      method: 'POST',
      body: () => pieceBody(extra),
      notApplied: noNewPiece,
    });
    const ownVendor = (name: string, body: Record<string, unknown>, check: (v: Vendor) => boolean): Try => ({
      name: `vendor's own profile with ${name}`,
      who: () => vendorA,
      path: () => `/api/vendors/${w.vendorIds[0]}`,
      method: 'PUT',
      body: () => body,
      notApplied: async () => check(await vendor()),
    });
    const ownDesigner = (name: string, path: string, body: Record<string, unknown>, check: (d: Designer) => boolean): Try => ({
      name: `designer's own profile (${path.endsWith('me') ? 'me' : 'id'}) with ${name}`,
      who: () => designerA,
      path: () => path,
      method: 'PUT',
      body: () => body,
      notApplied: async () => check(await designer()),
    });
    const order = (name: string, body: unknown, check: (o: Order) => boolean): Try => ({
      name: `client's order with ${name}`,
      who: () => customer,
      path: () => '/api/orders',
      method: 'POST',
      body: () => body,
      notApplied: async (r) => {
        const o = await orderOf(r);
        return o === null || check(o);
      },
    });

    const tries: Try[] = [
      register('role ADMIN', { role: 'ADMIN' }, (u) => u.role === 'CUSTOMER'),
      register('status SUSPENDED', { status: 'SUSPENDED' }, (u) => u.status === 'ACTIVE'),
      register('a chosen id', { id: '11111111-1111-4111-8111-111111111111' }, (u) => u.id !== '11111111-1111-4111-8111-111111111111'),
      register('a token version and a hash', { tokenVersion: 99, passwordHash: 'x' }, (u) => u.role === 'CUSTOMER'),
      register(
        'createdAt and deletedAt',
        { createdAt: '2000-01-01T00:00:00.000Z', deletedAt: '2000-01-01T00:00:00.000Z' },
        (u) => !u.createdAt.startsWith('2000'),
      ),
      selfUpdate('role ADMIN', { role: 'ADMIN' }, (u) => u.role === 'CUSTOMER'),
      selfUpdate('status PENDING', { status: 'PENDING' }, (u) => u.status === 'ACTIVE'),
      selfUpdate('another id', { id: w.customers[1].userId }, (u) => u.id === customer.userId),
      selfUpdate('a new username', { username: 'mallory' }, (u) => u.username === customer.username),
      selfUpdate('a token version', { tokenVersion: 0 }, (u) => u.role === 'CUSTOMER'),
      selfUpdate('a password hash', { passwordHash: '$argon2id$v=19$m=1,t=1,p=1$AAAA$AAAA' }, (u) => u.role === 'CUSTOMER'),
      selfUpdate(
        'lastLoginAt and createdAt',
        { lastLoginAt: '2000-01-01T00:00:00.000Z', createdAt: '2000-01-01T00:00:00.000Z' },
        (u) => !u.createdAt.startsWith('2000'),
      ),
      newPiece("another vendor's id", { vendorId: w.vendorIds[1] }),
      newPiece('status ACTIVE', { status: 'ACTIVE' }),
      newPiece('featured', { isFeatured: true }),
      newPiece('a designer', { designerId: w.designerIds[1] }),
      newPiece('a chosen id', { id: '22222222-2222-4222-8222-222222222222' }),
      newPiece('deletedAt', { deletedAt: '2000-01-01T00:00:00.000Z' }),
      ownPiece("another vendor's id", { vendorId: w.vendorIds[1] }, (p) => p.vendorId === w.vendorIds[0]),
      ownPiece('status ACTIVE', { status: 'ACTIVE' }, (p) => p.status === 'DRAFT'),
      ownPiece('featured', { isFeatured: true }, (p) => !p.isFeatured),
      ownPiece('a designer', { designerId: w.designerIds[1] }, (p) => p.designerId === null),
      ownPiece('a chosen id', { id: w.products.bLive.id }, (p) => p.id === own.id),
      ownVendor('verified', { isVerified: true }, (v) => !v.isVerified),
      ownVendor('featured', { isFeatured: true }, (v) => !v.isFeatured),
      ownVendor("another account's link", { userId: w.customers[1].userId }, (v) => v.userId === vendorA.userId),
      ownVendor('a new code', { code: 'V-MALLORY' }, (v) => v.code === w.vendorCodes[0]),
      ownVendor('deactivated', { isActive: false }, (v) => v.isActive),
      ownDesigner('verified', '/api/designers/me', { isVerified: true }, (d) => !d.isVerified),
      ownDesigner('featured', '/api/designers/me', { isFeatured: true }, (d) => !d.isFeatured),
      ownDesigner("another account's link", '/api/designers/me', { userId: w.customers[1].userId }, (d) => d.userId === designerA.userId),
      ownDesigner('verified', `/api/designers/${w.designerIds[0]}`, { isVerified: true }, (d) => !d.isVerified),
      ownDesigner('a new code', `/api/designers/${w.designerIds[0]}`, { code: 'D-MALLORY' }, (d) => d.code === w.designerCodes[0]),
      order("another client's id", lineBody({ customerId: w.customers[1].userId }), (o) => o.customerId === customer.userId),
      order('a guest', lineBody({ guest: { name: 'Mallory', email: 'mallory@example.com' } }), (o) => o.customerId === customer.userId),
      order('a price of 1 cent', lineBody({}, { unitPrice: 1 }), (o) => o.total === 250_000),
      order(
        'totals and a paid status',
        lineBody({ total: 1, subtotal: 1, paidAmount: 250_000, isPaidInFull: true, status: 'COMPLETED' }),
        (o) => o.total === 250_000 && o.status === 'PENDING',
      ),
      order(
        'a chosen id and number',
        lineBody({ id: '33333333-3333-4333-8333-333333333333', number: 'MR-0000-000001' }),
        (o) => o.id !== '33333333-3333-4333-8333-333333333333',
      ),
      order(
        "a line's vendor, SKU and total",
        lineBody({}, { vendorId: w.vendorIds[1], sku: 'FAKE', lineTotal: 1 }),
        (o) => o.lines[0]!.vendorId === w.vendorIds[0],
      ),
      {
        name: 'client confirming their own order (only cancelling is theirs)',
        who: () => w.customers[0],
        path: () => `/api/orders/${w.orders.c1.id}/status`,
        method: 'POST',
        body: () => ({ status: 'CONFIRMED' }),
        notApplied: async () => (await asAdmin<Order>(`/api/orders/${w.orders.c1.id}`)).body.status === 'PENDING',
      },
      {
        name: 'a payment naming another order, schedule item and currency in its body',
        who: () => w.admin,
        path: () => `/api/orders/${w.orders.c1.id}/payment-schedule/${w.orders.c1.scheduleId}/payments`,
        method: 'POST',
        body: () => ({
          amount: 100,
          method: 'CASH',
          orderId: w.orders.c2.id,
          scheduleItemId: w.orders.c2.scheduleId,
          currency: 'USD',
          recordedBy: w.customers[0].userId,
        }),
        notApplied: async () =>
          (await asAdmin<Order>(`/api/orders/${w.orders.c2.id}`)).body.paidAmount === 0 &&
          (await asAdmin<Order>(`/api/orders/${w.orders.c1.id}`)).body.paidAmount === 0,
      },
      {
        name: 'the contact form with an outside recipient',
        who: anonymous,
        path: () => '/api/notifications/email',
        method: 'POST',
        body: () => ({
          emailType: 'CONTACT_MESSAGE',
          recipients: [BRAND_INBOX, 'victim@elsewhere.example'],
          model: { name: 'Mallory', email: 'mallory@example.com', message: 'https://phish.example' },
        }),
        notApplied: (r) => Promise.resolve(r.status === 403),
      },
    ];

    const wrong: string[] = [];
    const outcomes: string[] = [];
    for (const attempt of tries) {
      const who = attempt.who();
      const res = await t.request<Partial<ErrorResponse> | null>(attempt.path(), {
        method: attempt.method,
        token: who?.accessToken,
        body: attempt.body(),
      });
      outcomes.push(
        `${res.status} ${attempt.name}${res.status >= 400 ? ` (${res.body?.details?.map((d) => d.path).join(',') || res.body?.code})` : ''}`,
      );
      if (res.status >= 500) wrong.push(`${attempt.name} → ${res.status}`);
      else if (res.status >= 400 && ![400, 403].includes(res.status))
        wrong.push(`${attempt.name} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      if (!(await attempt.notApplied(res))) wrong.push(`${attempt.name} → ${res.status}: APPLIED`);
    }
    console.info(`mass assignment: ${tries.length} tries\n  ${outcomes.join('\n  ')}`);
    expect(wrong).toEqual([]);
    expect(tries.length).toBeGreaterThanOrEqual(32);
  });
});
