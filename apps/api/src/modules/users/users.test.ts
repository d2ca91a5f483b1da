import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorShape,
  latestConfirmationToken,
  registerConfirmed,
  TEST_PASSWORD,
  type Session,
  type TestApp,
} from '../../../test/helpers';
import type {
  ErrorResponse,
  Health,
  RegistrationReceipt,
  Role,
  TokenPair,
  User,
  UserPage,
  UserStatistics,
  UserStatus,
} from '@mirror/contract';

let t: TestApp;
let admin: Session;
let customer: Session;
let vendor: Session;
let designer: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, vendor, designer] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('VENDOR'),
    t.loginAs('DESIGNER'),
  ]);
});
afterAll(() => t.close());

const nonAdmins = () => [customer, vendor, designer];
const missingId = '00000000-0000-4000-8000-000000000000';

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2|passwordHash|password_hash/);
}

/** Admin-only reads: 200 for ADMIN, 403 for every other role, 401 anonymous. */
async function expectAdminOnly<T = unknown>(path: string) {
  const ok = await t.request<T>(path, { token: admin.accessToken });
  expect(ok.status, path).toBe(200);
  for (const s of nonAdmins()) {
    const res = await t.request<ErrorResponse>(path, { token: s.accessToken });
    expect(res.status, `${path} as ${s.username}`).toBe(403);
    expectErrorShape(res.body, 403, 'FORBIDDEN');
  }
  const anon = await t.request<ErrorResponse>(path);
  expect(anon.status).toBe(401);
  expectErrorShape(anon.body, 401);
  return ok.body;
}

describe('listing users', () => {
  it('pages with the one envelope and sorts', async () => {
    const body = await expectAdminOnly<UserPage>('/api/users?size=2&sort=username,asc');
    expect(body).toMatchObject({ page: 0, size: 2 });
    expect(body.content).toHaveLength(2);
    expect(body.totalElements).toBeGreaterThanOrEqual(4);
    expect(body.totalPages).toBe(Math.ceil(body.totalElements / 2));
    const names = body.content.map((u) => u.username);
    expect([...names].sort()).toEqual(names);
    expectNoSecrets(body);
    const desc = await t.request<UserPage>('/api/users?size=100&sort=username,desc', { token: admin.accessToken });
    const all = desc.body.content.map((u) => u.username);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('walks pages without overlap', async () => {
    const p0 = await t.request<UserPage>('/api/users?size=2&page=0&sort=createdAt,asc', { token: admin.accessToken });
    const p1 = await t.request<UserPage>('/api/users?size=2&page=1&sort=createdAt,asc', { token: admin.accessToken });
    const ids0 = p0.body.content.map((u) => u.id);
    const ids1 = p1.body.content.map((u) => u.id);
    expect(ids1.some((id: string) => ids0.includes(id))).toBe(false);
  });

  it('rejects bad paging and sort parameters with 400', async () => {
    for (const q of ['size=0', 'size=101', 'page=-1', 'sort=passwordHash,asc', 'sort=username,sideways']) {
      const res = await t.request<ErrorResponse>(`/api/users?${q}`, { token: admin.accessToken });
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
  });

  it('filters by role and status', async () => {
    const vendors = await expectAdminOnly<UserPage>('/api/users/role/VENDOR');
    expect(vendors.content.length).toBeGreaterThan(0);
    expect(vendors.content.every((u) => u.role === 'VENDOR')).toBe(true);
    const suspended = await t.createUser({ status: 'SUSPENDED' });
    const bySt = await expectAdminOnly<UserPage>('/api/users/status/SUSPENDED');
    expect(bySt.content.map((u) => u.id)).toContain(suspended.id);
    expect(bySt.content.every((u) => u.status === 'SUSPENDED')).toBe(true);
    expect((await t.request('/api/users/role/KING', { token: admin.accessToken })).status).toBe(400);
    expect((await t.request('/api/users/status/ASLEEP', { token: admin.accessToken })).status).toBe(400);
  });

  it('searches username, email and names case-insensitively', async () => {
    const u = await t.createUser({ username: 'seraphine.v', email: 'Seraphine@Maison.example' });
    await t.request<User>(`/api/users/${u.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { firstName: 'Séraphine', lastName: 'Valcourt' },
    });
    for (const q of ['SERAPH', 'maison.example', 'valcourt', 'Séraphine Valc']) {
      const body = await expectAdminOnly<UserPage>(`/api/users/search?q=${encodeURIComponent(q)}`);
      expect(
        body.content.map((x) => x.id),
        q,
      ).toContain(u.id);
    }
    const none = await t.request<UserPage>('/api/users/search?q=%25', { token: admin.accessToken });
    expect(none.body.content.map((x) => x.id)).not.toContain(u.id);
    expect((await t.request('/api/users/search', { token: admin.accessToken })).status).toBe(400);
  });

  it('filters the list by role, status and text together', async () => {
    const tag = `flt${Date.now().toString(36)}`;
    const vendorUser = await t.createUser({ username: `${tag}.vendor`, email: `${tag}.v@maison.example` });
    const other = await t.createUser({ username: `${tag}.other`, email: `${tag}.o@maison.example` });
    expect(
      (await t.request(`/api/users/${vendorUser.id}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'VENDOR' } })).status,
    ).toBe(200);
    expect(
      (await t.request(`/api/users/${other.id}/status`, { method: 'PATCH', token: admin.accessToken, body: { status: 'SUSPENDED' } }))
        .status,
    ).toBe(200);
    const ids = async (query: string) => {
      const body = await expectAdminOnly<UserPage>(`/api/users?size=100&${query}`);
      return body.content.map((x) => x.id);
    };
    expect(await ids(`q=${tag}`)).toEqual(expect.arrayContaining([vendorUser.id, other.id]));
    expect(await ids(`q=${tag}&role=VENDOR`)).toEqual([vendorUser.id]);
    expect(await ids(`q=${tag}&status=SUSPENDED`)).toEqual([other.id]);
    expect(await ids(`q=${tag}&role=VENDOR&status=SUSPENDED`)).toEqual([]);
    const vendors = await t.request<UserPage>('/api/users?size=100&role=VENDOR&status=ACTIVE', { token: admin.accessToken });
    expect(vendors.body.content.length).toBeGreaterThan(0);
    expect(vendors.body.content.every((x) => x.role === 'VENDOR' && x.status === 'ACTIVE')).toBe(true);
    for (const bad of ['role=KING', 'status=ASLEEP', 'q=']) {
      const res = await t.request<ErrorResponse>(`/api/users?${bad}`, { token: admin.accessToken });
      expect(res.status, bad).toBe(400);
      expectErrorShape(res.body, 400);
    }
  });

  it('reports statistics computed from the table', async () => {
    const body = await expectAdminOnly<UserStatistics>('/api/users/statistics');
    // Every role and status is present, each the same number as its list.
    expect(Object.keys(body.byRole).sort()).toEqual(['ADMIN', 'CUSTOMER', 'DESIGNER', 'VENDOR']);
    expect(Object.keys(body.byStatus).sort()).toEqual(['ACTIVE', 'INACTIVE', 'PENDING', 'SUSPENDED']);
    for (const role of Object.keys(body.byRole) as Role[]) {
      expect((await t.request<UserPage>(`/api/users/role/${role}?size=1`, { token: admin.accessToken })).body.totalElements, role).toBe(
        body.byRole[role],
      );
    }
    for (const status of Object.keys(body.byStatus) as UserStatus[]) {
      expect(
        (await t.request<UserPage>(`/api/users/status/${status}?size=1`, { token: admin.accessToken })).body.totalElements,
        status,
      ).toBe(body.byStatus[status]);
    }
    expect(body.byRole.ADMIN).toBeGreaterThanOrEqual(1);
    expect(body.total).toBe(Object.values(body.byRole as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(body.total).toBe(Object.values(body.byStatus as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(body.newLast30Days).toBe(body.total);
  });

  it('has a public health endpoint', async () => {
    const res = await t.request<Health>('/api/users/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'UP', service: 'users', database: 'UP' });
  });
});

describe('last sign-in', () => {
  it('is null until the user signs in, then the time of the latest sign-in, in lists and reads', async () => {
    const u = await t.createUser();
    const read = async () => (await t.request<User>(`/api/users/${u.id}`, { token: admin.accessToken })).body.lastLoginAt;
    expect(await read()).toBeNull();
    const before = Date.now();
    expect((await t.request('/api/auth/authenticate', { body: { username: u.username, password: u.password } })).status).toBe(200);
    const at = await read();
    expect(Date.parse(at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at!)).toBeLessThanOrEqual(Date.now() + 1000);
    const listed = (await t.request<UserPage>(`/api/users/search?q=${u.username}`, { token: admin.accessToken })).body.content.find(
      (x) => x.id === u.id,
    );
    expect(listed!.lastLoginAt).toBe(at);
    const sorted = (await t.request<UserPage>('/api/users?size=100&sort=lastLoginAt,desc', { token: admin.accessToken })).body.content;
    expect(sorted.filter((x) => x.lastLoginAt).map((x) => x.lastLoginAt)).toEqual(
      sorted
        .filter((x) => x.lastLoginAt)
        .map((x) => x.lastLoginAt)
        .sort()
        .reverse(),
    );
  });
});

describe('reading one user', () => {
  it('lets a user read themselves and an admin read anyone', async () => {
    const self = await t.request<User>(`/api/users/${customer.userId}`, { token: customer.accessToken });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id: customer.userId, userId: customer.userId, role: 'CUSTOMER', roles: ['CUSTOMER'] });
    expectNoSecrets(self.body);
    expect((await t.request(`/api/users/${customer.userId}`, { token: admin.accessToken })).status).toBe(200);
    for (const s of [vendor, designer]) {
      const res = await t.request<ErrorResponse>(`/api/users/${customer.userId}`, { token: s.accessToken });
      expect(res.status).toBe(403);
    }
    expect((await t.request(`/api/users/${customer.userId}`)).status).toBe(401);
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    const missing = await t.request<ErrorResponse>(`/api/users/${missingId}`, { token: admin.accessToken });
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'USER_NOT_FOUND');
    const bad = await t.request<ErrorResponse>('/api/users/not-a-uuid', { token: admin.accessToken });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body, 400, 'VALIDATION_FAILED');
  });

  it('finds by username and email case-insensitively, for self or admin', async () => {
    const byName = await t.request<User>(`/api/users/username/${customer.username.toUpperCase()}`, { token: customer.accessToken });
    expect(byName.status).toBe(200);
    expect(byName.body.id).toBe(customer.userId);
    const byEmail = await t.request<User>(`/api/users/email/${encodeURIComponent(`${customer.username}@EXAMPLE.com`)}`, {
      token: admin.accessToken,
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.id).toBe(customer.userId);
    expect((await t.request(`/api/users/username/${customer.username}`, { token: vendor.accessToken })).status).toBe(403);
    expect((await t.request(`/api/users/email/${customer.username}@example.com`, { token: vendor.accessToken })).status).toBe(403);
    expect((await t.request('/api/users/username/ghost-user', { token: admin.accessToken })).status).toBe(404);
    expect((await t.request('/api/users/email/ghost@example.com', { token: admin.accessToken })).status).toBe(404);
    // A non-admin cannot probe which usernames exist.
    expect((await t.request('/api/users/username/ghost-user', { token: vendor.accessToken })).status).toBe(403);
    expect((await t.request('/api/users/username/ghost-user')).status).toBe(401);
  });

  it('returns the current user on /me', async () => {
    const res = await t.request<User>('/api/users/me', { token: designer.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: designer.username, roles: ['DESIGNER'] });
  });
});

describe('registration', () => {
  const register = <R = RegistrationReceipt>(body: Record<string, unknown>) => t.request<R>('/api/users', { body });

  it('creates an ACTIVE CUSTOMER whatever role the caller asks for, once the address is confirmed', async () => {
    const res = await register({
      username: 'new.client',
      email: 'new.client@example.com',
      password: 'Pearls-and-Platinum',
      role: 'ADMIN',
      status: 'PENDING',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'ACCEPTED', email: 'new.client@example.com' });
    const token = await latestConfirmationToken(t.database, 'new.client@example.com');
    expect((await t.request('/api/users/confirm-email', { body: { token } })).status).toBe(200);
    const loginRes = await t.request<TokenPair>('/api/auth/authenticate', {
      body: { username: 'new.client', password: 'Pearls-and-Platinum' },
    });
    expect(loginRes.status).toBe(200);
    const me = await t.request<User>('/api/users/me', { token: loginRes.body.accessToken });
    expect(me.body).toMatchObject({ username: 'new.client', role: 'CUSTOMER', status: 'ACTIVE' });
    expectNoSecrets(me.body);
  });

  it('keeps usernames and emails unique case-insensitively', async () => {
    await registerConfirmed(t, { username: 'Unique.One', email: 'unique.one@example.com', password: 'Pearls-and-Platinum' });
    const dupName = await register({ username: 'UNIQUE.one', email: 'other@example.com', password: 'Pearls-and-Platinum' });
    expect(dupName.status).toBe(409);
    expectErrorShape(dupName.body, 409, 'USERNAME_TAKEN');
    // A taken email is not said (finding 6): the same receipt, and no second account.
    const dupEmail = await register({ username: 'unique.two', email: 'Unique.One@Example.com', password: 'Pearls-and-Platinum' });
    expect(dupEmail.status).toBe(202);
    expect((await t.request('/api/auth/authenticate', { body: { username: 'unique.two', password: 'Pearls-and-Platinum' } })).status).toBe(
      401,
    );
  });

  it('validates fields and the password policy', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab', email: 'ok@example.com', password: 'Pearls-and-Platinum' }, 'username'],
      [{ username: 'has space', email: 'ok@example.com', password: 'Pearls-and-Platinum' }, 'username'],
      [{ username: 'valid.name', email: 'not-an-email', password: 'Pearls-and-Platinum' }, 'email'],
      [{ username: 'valid.name', email: 'ok@example.com', password: 'short-pw' }, 'password'],
      [{ username: 'valid.name', email: 'ok@example.com', password: 'x'.repeat(129) }, 'password'],
      [{ username: 'valid.name', email: 'ok@example.com', password: 'password123' }, 'password'],
      [{ username: 'valid.name', email: 'ok@example.com', password: '1234567890' }, 'password'],
      [{ email: 'ok@example.com', password: 'Pearls-and-Platinum' }, 'username'],
    ];
    for (const [body, field] of cases) {
      const res = await register<ErrorResponse>(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(
        res.body.details!.map((d) => d.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    const users = await t.request<UserPage>('/api/users/search?q=valid.name', { token: admin.accessToken });
    expect(users.body.totalElements).toBe(0);
  });

  it('accepts a password of exactly 10 and 128 characters', async () => {
    expect((await register({ username: 'ten.chars', email: 'ten@example.com', password: 'Qz7!pLm2#w' })).status).toBe(202);
    expect(
      (await register({ username: 'long.chars', email: 'long@example.com', password: 'Qz7!pLm2#w'.repeat(12) + 'abcdefgh' })).status,
    ).toBe(202);
  });
});

describe('admin create', () => {
  it('creates a user with any role for ADMIN only', async () => {
    const body = { username: 'atelier.vendor', email: 'atelier@example.com', password: 'Brilliant-Cut-Atelier', role: 'VENDOR' };
    for (const s of nonAdmins()) expect((await t.request('/api/users/admin/create', { token: s.accessToken, body })).status).toBe(403);
    expect((await t.request('/api/users/admin/create', { body })).status).toBe(401);
    const res = await t.request<User>('/api/users/admin/create', { token: admin.accessToken, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'VENDOR', status: 'ACTIVE' });
    const bad = await t.request<ErrorResponse>('/api/users/admin/create', { token: admin.accessToken, body: { ...body, role: 'EMPEROR' } });
    expect(bad.status).toBe(400);
  });

  it('validates like registration, with the role and status the admin chose, and creates nothing on a fault', async () => {
    const ok = {
      username: 'maison.designer',
      email: 'maison.designer@example.com',
      password: 'Rose-Gold-Pavé-77',
      role: 'DESIGNER',
      status: 'PENDING',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, username: 'ab' }, 'username'],
      [{ ...ok, username: undefined }, 'username'],
      [{ ...ok, email: 'not-an-email' }, 'email'],
      [{ ...ok, password: 'short-pw' }, 'password'],
      [{ ...ok, password: 'password123' }, 'password'],
      [{ ...ok, role: 'EMPEROR' }, 'role'],
      [{ ...ok, status: 'ASLEEP' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request<ErrorResponse>('/api/users/admin/create', { token: admin.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(
        res.body.details!.map((d) => d.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await t.request<UserPage>('/api/users/search?q=maison.designer', { token: admin.accessToken })).body.totalElements).toBe(0);
    const created = await t.request<User>('/api/users/admin/create', { token: admin.accessToken, body: ok });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'maison.designer', role: 'DESIGNER', status: 'PENDING' });
    expectNoSecrets(created.body);
    const taken = await t.request<ErrorResponse>('/api/users/admin/create', {
      token: admin.accessToken,
      body: { ...ok, email: 'someone.else@example.com' },
    });
    expect(taken.status).toBe(409);
    expectErrorShape(taken.body, 409, 'USERNAME_TAKEN');
    const emailTaken = await t.request<ErrorResponse>('/api/users/admin/create', {
      token: admin.accessToken,
      body: { ...ok, username: 'someone.else', email: 'Maison.Designer@example.com' },
    });
    expect(emailTaken.status).toBe(409);
    expectErrorShape(emailTaken.body, 409, 'EMAIL_TAKEN');
  });
});

describe('updating users', () => {
  it('lets a user edit their own profile but not their role or status', async () => {
    const s = await t.loginAs('CUSTOMER');
    const res = await t.request<User>(`/api/users/${s.userId}`, {
      method: 'PUT',
      token: s.accessToken,
      body: { firstName: 'Inès', phone: '+33 1 23 45 67 89' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Inès', phone: '+33 1 23 45 67 89' });
    for (const patch of [{ role: 'ADMIN' }, { status: 'ACTIVE' }]) {
      const denied = await t.request<ErrorResponse>(`/api/users/${s.userId}`, { method: 'PUT', token: s.accessToken, body: patch });
      expect(denied.status).toBe(403);
    }
    const me = await t.request<User>('/api/users/me', { token: s.accessToken });
    expect(me.body.role).toBe('CUSTOMER');
  });

  it("forbids editing someone else's profile unless ADMIN", async () => {
    const target = await t.createUser();
    for (const s of nonAdmins()) {
      expect((await t.request(`/api/users/${target.id}`, { method: 'PUT', token: s.accessToken, body: { firstName: 'X' } })).status).toBe(
        403,
      );
    }
    const ok = await t.request<User>(`/api/users/${target.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { lastName: 'Laurent', role: 'DESIGNER' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ lastName: 'Laurent', role: 'DESIGNER' });
  });

  it('requires the current password to change your own, and rejects weak ones', async () => {
    const s = await t.loginAs('CUSTOMER');
    const url = `/api/users/${s.userId}`;
    const missing = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { password: 'Brand-New-Passphrase' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details![0]!.path).toBe('currentPassword');
    const wrong = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { password: 'Brand-New-Passphrase', currentPassword: 'nope-nope-nope' },
    });
    expect(wrong.status).toBe(400);
    const weak = await t.request<ErrorResponse>(url, {
      method: 'PUT',
      token: s.accessToken,
      body: { password: 'qwertyuiop', currentPassword: TEST_PASSWORD },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.details![0]!.path).toBe('password');
    // Nothing changed: the session is still alive.
    expect((await t.request('/api/users/me', { token: s.accessToken })).status).toBe(200);
  });

  it('rejects an email that belongs to someone else, unknown fields, and unknown users', async () => {
    const s = await t.loginAs('CUSTOMER');
    const taken = await t.request<ErrorResponse>(`/api/users/${s.userId}`, {
      method: 'PUT',
      token: s.accessToken,
      body: { email: `${vendor.username}@EXAMPLE.com`, currentPassword: s.password },
    });
    expect(taken.status).toBe(409);
    expectErrorShape(taken.body, 409, 'EMAIL_TAKEN');
    const unknownField = await t.request<ErrorResponse>(`/api/users/${s.userId}`, {
      method: 'PUT',
      token: s.accessToken,
      body: { passwordHash: 'x' },
    });
    expect(unknownField.status).toBe(400);
    const missing = await t.request<ErrorResponse>(`/api/users/${missingId}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { firstName: 'Ghost' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('status, role and delete', () => {
  it('changes status and role for ADMIN only', async () => {
    const u = await t.createUser();
    for (const s of nonAdmins()) {
      expect(
        (await t.request(`/api/users/${u.id}/status`, { method: 'PATCH', token: s.accessToken, body: { status: 'SUSPENDED' } })).status,
      ).toBe(403);
      expect((await t.request(`/api/users/${u.id}/role`, { method: 'PATCH', token: s.accessToken, body: { role: 'ADMIN' } })).status).toBe(
        403,
      );
    }
    const st = await t.request<User>(`/api/users/${u.id}/status`, {
      method: 'PATCH',
      token: admin.accessToken,
      body: { status: 'SUSPENDED' },
    });
    expect(st.status).toBe(200);
    expect(st.body.status).toBe('SUSPENDED');
    const ro = await t.request<User>(`/api/users/${u.id}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'DESIGNER' } });
    expect(ro.status).toBe(200);
    expect(ro.body.role).toBe('DESIGNER');
    expect(
      (await t.request(`/api/users/${u.id}/status`, { method: 'PATCH', token: admin.accessToken, body: { status: 'ASLEEP' } })).status,
    ).toBe(400);
    expect((await t.request(`/api/users/${u.id}/role`, { method: 'PATCH', token: admin.accessToken, body: {} })).status).toBe(400);
    expect(
      (await t.request(`/api/users/${missingId}/status`, { method: 'PATCH', token: admin.accessToken, body: { status: 'ACTIVE' } })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/users/${missingId}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'ADMIN' } })).status,
    ).toBe(404);
  });

  it('soft-deletes for ADMIN only; the user disappears and cannot sign in', async () => {
    const s = await t.loginAs('CUSTOMER');
    for (const other of nonAdmins())
      expect((await t.request(`/api/users/${s.userId}`, { method: 'DELETE', token: other.accessToken })).status).toBe(403);
    expect((await t.request(`/api/users/${s.userId}`, { method: 'DELETE' })).status).toBe(401);
    const del = await t.request<null>(`/api/users/${s.userId}`, { method: 'DELETE', token: admin.accessToken });
    expect(del.status).toBe(204);
    expect((await t.request(`/api/users/${s.userId}`, { token: admin.accessToken })).status).toBe(404);
    expect((await t.request('/api/users/me', { token: s.accessToken })).status).toBe(401);
    const relogin = await t.request<ErrorResponse>('/api/auth/authenticate', { body: { username: s.username, password: s.password } });
    expect(relogin.status).toBe(401);
    const list = await t.request<UserPage>(`/api/users/search?q=${s.username}`, { token: admin.accessToken });
    expect(list.body.totalElements).toBe(0);
    expect((await t.request(`/api/users/${s.userId}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
    // The name stays reserved.
    const again = await t.request<ErrorResponse>('/api/users', {
      body: { username: s.username, email: 'fresh@example.com', password: 'Pearls-and-Platinum' },
    });
    expect(again.status).toBe(409);
  });

  it('refuses an admin changing their own role or status or deleting themselves (409 SELF_CHANGE, nothing changes)', async () => {
    const self = await t.loginAs('ADMIN');
    const url = `/api/users/${self.userId}`;
    const ROLE = 'You cannot change your own role. Ask another administrator.';
    const STATUS = 'You cannot change your own status. Ask another administrator.';
    for (const [method, path, body, message] of [
      ['DELETE', url, undefined, 'You cannot delete your own account. Ask another administrator.'],
      ['PATCH', `${url}/status`, { status: 'SUSPENDED' }, STATUS],
      ['PATCH', `${url}/status`, { status: 'INACTIVE' }, STATUS],
      ['PATCH', `${url}/role`, { role: 'CUSTOMER' }, ROLE],
      ['PUT', url, { role: 'VENDOR' }, ROLE],
      ['PUT', url, { firstName: 'Aurore', status: 'INACTIVE' }, STATUS],
    ] as const) {
      const res = await t.request<ErrorResponse>(path, { method, token: self.accessToken, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(409);
      expectErrorShape(res.body, 409, 'SELF_CHANGE');
      expect(res.body.message).toBe(message);
    }
    // Nothing changed, and the session still works.
    const me = await t.request<User>('/api/users/me', { token: self.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'ADMIN', status: 'ACTIVE', firstName: null });
    // Saying what already is changes nothing and is not refused; their own profile stays editable.
    expect((await t.request(`${url}/role`, { method: 'PATCH', token: self.accessToken, body: { role: 'ADMIN' } })).status).toBe(200);
    expect((await t.request(`${url}/status`, { method: 'PATCH', token: self.accessToken, body: { status: 'ACTIVE' } })).status).toBe(200);
    const profile = await t.request<User>(url, {
      method: 'PUT',
      token: self.accessToken,
      body: { firstName: 'Aurore', role: 'ADMIN', status: 'ACTIVE' },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.firstName).toBe('Aurore');
    // Another administrator may.
    const demoted = await t.request<User>(`${url}/role`, { method: 'PATCH', token: admin.accessToken, body: { role: 'CUSTOMER' } });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('CUSTOMER');
  });

  it('never leaves the house without an active admin, even when two admins demote each other at once', async () => {
    const solo = await buildTestApp();
    try {
      const [a, b] = [await solo.loginAs('ADMIN'), await solo.loginAs('ADMIN')];
      const results = await Promise.all([
        solo.request<User>(`/api/users/${b.userId}/role`, { method: 'PATCH', token: a.accessToken, body: { role: 'CUSTOMER' } }),
        solo.request<User>(`/api/users/${a.userId}/role`, { method: 'PATCH', token: b.accessToken, body: { role: 'CUSTOMER' } }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      // One wins; the other finds itself the last admin (409), or its session already ended with its role (401).
      expect([
        [200, 401],
        [200, 409],
      ]).toContainEqual(statuses);
      const loser = results.find((r) => r.status !== 200)!;
      if (loser.status === 409) expectErrorShape(loser.body, 409, 'LAST_ADMIN');
      const winner = results[0].status === 200 ? a : b;
      const admins = await solo.request<UserPage>('/api/users/role/ADMIN', { token: winner.accessToken });
      expect(admins.body.content.map((u) => u.id)).toEqual([winner.userId]);
    } finally {
      await solo.close();
    }
  });
});
