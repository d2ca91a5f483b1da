import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryPage, Component, Count, ErrorResponse, Exists, ProductPage } from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';

let t: TestApp;
let admin: Session;
let others: Session[];
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('ADMIN');
  others = await Promise.all([t.loginAs('CUSTOMER'), t.loginAs('VENDOR'), t.loginAs('DESIGNER')]);
});
afterAll(() => t.close());

const create = <T = Category>(name: string) =>
  t.request<T>('/api/categories', { token: admin.accessToken, body: { name, description: `${name} of the house` } });

describe('categories', () => {
  it('creates (ADMIN only) with names unique regardless of case', async () => {
    const res = await create('Earrings');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Earrings', isActive: true });
    const dup = await create<ErrorResponse>('EARRINGS');
    expect(dup.status).toBe(409);
    expectErrorShape(dup.body, 409, 'NAME_TAKEN');
    expect((await t.request('/api/categories', { token: admin.accessToken, body: { name: '' } })).status).toBe(400);
    expect((await t.request('/api/categories', { token: admin.accessToken, body: { name: 'X', colour: 'red' } })).status).toBe(400);
    for (const s of others) expect((await t.request('/api/categories', { token: s.accessToken, body: { name: 'Nope' } })).status).toBe(403);
    expect((await t.request('/api/categories', { body: { name: 'Nope' } })).status).toBe(401);
  });

  it('reads by id and name, answers exists and count, hides inactive ones from non-admins', async () => {
    const c = (await create('Brooches')).body;
    expect((await t.request<Category>(`/api/categories/${c.id}`)).body.name).toBe('Brooches');
    expect((await t.request<Category>('/api/categories/name/brooches')).body.id).toBe(c.id);
    expect((await t.request<Exists>('/api/categories/exists/BROOCHES')).body).toEqual({ exists: true });
    expect((await t.request<Exists>('/api/categories/exists/Tiaras')).body).toEqual({ exists: false });
    const before = (await t.request<Count>('/api/categories/count')).body.count;
    const off = await t.request<Category>(`/api/categories/${c.id}/deactivate`, { method: 'PATCH', token: admin.accessToken });
    expect(off.body.isActive).toBe(false);
    expect((await t.request(`/api/categories/${c.id}`)).status).toBe(404);
    expect((await t.request(`/api/categories/${c.id}`, { token: admin.accessToken })).status).toBe(200);
    expect((await t.request<Exists>('/api/categories/exists/Brooches')).body.exists).toBe(false);
    expect((await t.request<Count>('/api/categories/count')).body.count).toBe(before - 1);
    expect((await t.request<CategoryPage>('/api/categories?size=100')).body.content.map((x) => x.id)).not.toContain(c.id);
    expect(
      (await t.request<CategoryPage>('/api/categories?size=100&includeInactive=true', { token: admin.accessToken })).body.content.map(
        (x) => x.id,
      ),
    ).toContain(c.id);
    expect((await t.request<CategoryPage>('/api/categories?size=100&includeInactive=true')).body.content.map((x) => x.id)).not.toContain(
      c.id,
    );
    expect(
      (await t.request<Category>(`/api/categories/${c.id}/activate`, { method: 'PATCH', token: admin.accessToken })).body.isActive,
    ).toBe(true);
    for (const s of others)
      expect((await t.request(`/api/categories/${c.id}/deactivate`, { method: 'PATCH', token: s.accessToken })).status).toBe(403);
    expect((await t.request(`/api/categories/${missingId}/deactivate`, { method: 'PATCH', token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/categories/${missingId}`)).status).toBe(404);
    expect((await t.request('/api/categories/name/Nothing')).status).toBe(404);
    expect((await t.request('/api/categories/bad-id')).status).toBe(400);
    expect((await t.request('/api/categories?sort=colour,asc')).status).toBe(400);
    const sorted = (await t.request<CategoryPage>('/api/categories?sort=name,desc')).body.content.map((x) => x.name);
    expect(sorted).toEqual([...sorted].sort().reverse());
  });

  it('counts pieces (not deleted; live only for visitors) and components per category in the list and on each one', async () => {
    const f = catalogFactory(t, admin);
    const vendor = await f.vendor();
    const full = (await create('Bracelets')).body;
    const empty = (await create('Anklets')).body;
    expect(full).toMatchObject({ productCount: 0, componentCount: 0 });
    for (const status of ['ACTIVE', 'ACTIVE', 'DRAFT', 'ARCHIVED']) await f.product({ vendorId: vendor.id, categoryId: full.id, status });
    const gone = await f.product({ vendorId: vendor.id, categoryId: full.id });
    expect((await t.request(`/api/products/${gone.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    await t.request('/api/components', { token: admin.accessToken, body: { name: 'Clasp', categoryId: full.id } });
    const link = (await t.request<Component>('/api/components', { token: admin.accessToken, body: { name: 'Link', categoryId: full.id } }))
      .body;
    await t.request(`/api/components/${link.id}/deactivate`, { method: 'PATCH', token: admin.accessToken });

    const counts = (page: CategoryPage) =>
      Object.fromEntries(
        page.content.filter((c) => [full.id, empty.id].includes(c.id)).map((c) => [c.name, [c.productCount, c.componentCount]]),
      );
    const asAdmin = await t.request<CategoryPage>('/api/categories?size=100&includeInactive=true', { token: admin.accessToken });
    expect(counts(asAdmin.body)).toEqual({ Bracelets: [4, 2], Anklets: [0, 0] });
    expect(counts((await t.request<CategoryPage>('/api/categories?size=100')).body)).toEqual({ Bracelets: [2, 1], Anklets: [0, 0] });
    expect((await t.request<Category>(`/api/categories/${full.id}`, { token: admin.accessToken })).body).toMatchObject({
      productCount: 4,
      componentCount: 2,
    });
    expect((await t.request<Category>('/api/categories/name/bracelets')).body).toMatchObject({ productCount: 2, componentCount: 1 });
    // Renaming or deactivating answers the entry with its counts, as the list shows it.
    expect(
      (await t.request<Category>(`/api/categories/${full.id}/deactivate`, { method: 'PATCH', token: admin.accessToken })).body,
    ).toMatchObject({ isActive: false, productCount: 4, componentCount: 2 });
    expect(
      (await t.request<Category>(`/api/categories/${full.id}`, { method: 'PUT', token: admin.accessToken, body: { name: 'Bangles' } }))
        .body,
    ).toMatchObject({ name: 'Bangles', productCount: 4 });
    // The count follows a product moving away.
    const moved = (await t.request<ProductPage>(`/api/products?categoryId=${full.id}&status=DRAFT`, { token: admin.accessToken })).body
      .content[0]!;
    await t.request(`/api/products/${moved.id}`, { method: 'PUT', token: admin.accessToken, body: { categoryId: empty.id } });
    const after = await t.request<CategoryPage>('/api/categories?size=100&includeInactive=true', { token: admin.accessToken });
    expect(counts(after.body)).toEqual({ Bangles: [3, 2], Anklets: [1, 0] });
  });

  it('answers exists for a name typed with other case and spaces, counting deactivated names for ADMIN (the name is still taken)', async () => {
    const c = (await create('Signet Rings')).body;
    expect(
      (await t.request<Exists>(`/api/categories/exists/${encodeURIComponent('  signet RINGS ')}`, { token: admin.accessToken })).body,
    ).toEqual({ exists: true });
    expect(
      (await t.request<Exists>(`/api/categories/exists/${encodeURIComponent('Signet Ring')}`, { token: admin.accessToken })).body,
    ).toEqual({ exists: false });
    const slashed = (await create('Chains/Cords')).body;
    expect(
      (await t.request<Exists>(`/api/categories/exists/${encodeURIComponent('chains/cords')}`, { token: admin.accessToken })).body,
    ).toEqual({ exists: true });
    await t.request(`/api/categories/${c.id}/deactivate`, { method: 'PATCH', token: admin.accessToken });
    expect((await t.request<Exists>('/api/categories/exists/signet%20rings', { token: admin.accessToken })).body).toEqual({ exists: true });
    expect((await create(' Signet rings ')).status).toBe(409);
    expect((await t.request<Exists>('/api/categories/exists/signet%20rings')).body).toEqual({ exists: false });
    expect((await t.request('/api/categories/exists/%20%20')).status).toBe(400);
    // Every name a category may have can be checked, however it is encoded (200 characters of 4 UTF-8 bytes each).
    const longest = (await create('💎'.repeat(100))).body;
    expect(
      (await t.request<Exists>(`/api/categories/exists/${encodeURIComponent('💎'.repeat(100))}`, { token: admin.accessToken })).body,
    ).toEqual({ exists: true });
    expect(
      (await t.request<Category>(`/api/categories/name/${encodeURIComponent('💎'.repeat(100))}`, { token: admin.accessToken })).body.id,
    ).toBe(longest.id);
    expect((await t.request(`/api/categories/exists/${'x'.repeat(201)}`)).status).toBe(400);
    expect((await t.request(`/api/categories/${slashed.id}/activate`, { method: 'PATCH' })).status).toBe(401);
  });

  it('updates and deletes only unused categories', async () => {
    const c = (await create('Cufflinks')).body;
    const upd = await t.request<Category>(`/api/categories/${c.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { name: 'Cuff Links' },
    });
    expect(upd.body.name).toBe('Cuff Links');
    await create('Pendants');
    expect(
      (await t.request(`/api/categories/${c.id}`, { method: 'PUT', token: admin.accessToken, body: { name: 'pendants' } })).status,
    ).toBe(409);
    expect((await t.request(`/api/categories/${missingId}`, { method: 'PUT', token: admin.accessToken, body: { name: 'Z' } })).status).toBe(
      404,
    );
    expect((await t.request(`/api/categories/${c.id}`, { method: 'PUT', token: admin.accessToken, body: { name: 5 } })).status).toBe(400);
    const f = catalogFactory(t, admin);
    const vendor = await f.vendor();
    await f.product({ vendorId: vendor.id, categoryId: c.id });
    const inUse = await t.request<ErrorResponse>(`/api/categories/${c.id}`, { method: 'DELETE', token: admin.accessToken });
    expect(inUse.status).toBe(409);
    expectErrorShape(inUse.body, 409, 'IN_USE');
    const free = (await create('Tiaras')).body;
    expect((await t.request(`/api/categories/${free.id}`, { method: 'DELETE', token: others[0]!.accessToken })).status).toBe(403);
    expect((await t.request(`/api/categories/${free.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/categories/${free.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
  });
});
