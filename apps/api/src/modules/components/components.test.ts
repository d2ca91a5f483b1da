import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  Component,
  ComponentOptional,
  ComponentOptionalPage,
  ComponentPage,
  Count,
  ErrorResponse,
  Exists,
} from '@mirror/contract';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Session;
let others: Session[];
let rings: string;
let necklaces: string;
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('ADMIN');
  others = await Promise.all([t.loginAs('CUSTOMER'), t.loginAs('VENDOR'), t.loginAs('DESIGNER')]);
  rings = (await t.request<Category>('/api/categories', { token: admin.accessToken, body: { name: 'Rings' } })).body.id;
  necklaces = (await t.request<Category>('/api/categories', { token: admin.accessToken, body: { name: 'Necklaces' } })).body.id;
});
afterAll(() => t.close());

const create = <T = Component>(name: string, categoryId: string) =>
  t.request<T>('/api/components', { token: admin.accessToken, body: { name, categoryId } });

describe('components', () => {
  it('keeps names unique within a category only', async () => {
    const a = await create('Setting', rings);
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'Setting', categoryId: rings });
    expect((await create('setting', rings)).status).toBe(409);
    expect((await create('Setting', necklaces)).status).toBe(201);
    const orphan = await create('Clasp', missingId);
    expect(orphan.status).toBe(422);
    expect((await t.request('/api/components', { token: admin.accessToken, body: { name: 'Clasp' } })).status).toBe(400);
    for (const s of others)
      expect((await t.request('/api/components', { token: s.accessToken, body: { name: 'X', categoryId: rings } })).status).toBe(403);
  });

  it('lists by category, answers scoped exists, count, name and hides inactive ones', async () => {
    const band = (await create('Band', rings)).body;
    const inRings = await t.request<ComponentPage>(`/api/components/category/${rings}?size=100`);
    expect(inRings.body.content.every((c) => c.categoryId === rings)).toBe(true);
    expect(inRings.body.content.map((c) => c.id)).toContain(band.id);
    expect((await t.request(`/api/components/category/${missingId}`)).status).toBe(404);
    expect((await t.request<Exists>(`/api/components/exists/band/category/${rings}`)).body.exists).toBe(true);
    expect((await t.request<Exists>(`/api/components/exists/band/category/${necklaces}`)).body.exists).toBe(false);
    expect((await t.request<Exists>('/api/components/exists/Band')).body.exists).toBe(true);
    expect((await t.request<Component>('/api/components/name/BAND')).body.id).toBe(band.id);
    const count = (await t.request<Count>('/api/components/count')).body.count;
    await t.request(`/api/components/${band.id}/deactivate`, { method: 'PATCH', token: admin.accessToken });
    expect((await t.request<Count>('/api/components/count')).body.count).toBe(count - 1);
    expect((await t.request(`/api/components/${band.id}`)).status).toBe(404);
    expect((await t.request<Component>(`/api/components/${band.id}`, { token: admin.accessToken })).body.isActive).toBe(false);
    expect(
      (await t.request<Component>(`/api/components/${band.id}/activate`, { method: 'PATCH', token: admin.accessToken })).body.isActive,
    ).toBe(true);
    expect((await t.request(`/api/components/${band.id}/deactivate`, { method: 'PATCH', token: others[1]!.accessToken })).status).toBe(403);
    expect((await t.request(`/api/components/${missingId}`)).status).toBe(404);
    expect((await t.request('/api/components/exists/x/category/bad')).status).toBe(400);
  });

  it('gives each component its category and its number of optionals (active ones for visitors), in lists and reads', async () => {
    const clasp = (await create('Clasp', necklaces)).body;
    const bare = (await create('Pendant Loop', necklaces)).body;
    expect(clasp).toMatchObject({ categoryId: necklaces, optionalCount: 0 });
    for (const name of ['Lobster', 'Toggle', 'Box'])
      await t.request('/api/component-optionals', { token: admin.accessToken, body: { name, componentId: clasp.id } });
    const box = (await t.request<ComponentOptional>('/api/component-optionals/name/box', { token: admin.accessToken })).body;
    await t.request(`/api/component-optionals/${box.id}/deactivate`, { method: 'PATCH', token: admin.accessToken });
    const counts = (page: ComponentPage) =>
      Object.fromEntries(
        page.content.filter((c) => [clasp.id, bare.id].includes(c.id)).map((c) => [c.name, [c.categoryId, c.optionalCount]]),
      );
    const asAdmin = await t.request<ComponentPage>(`/api/components/category/${necklaces}?size=100&includeInactive=true`, {
      token: admin.accessToken,
    });
    expect(counts(asAdmin.body)).toEqual({ Clasp: [necklaces, 3], 'Pendant Loop': [necklaces, 0] });
    expect(counts((await t.request<ComponentPage>('/api/components?size=100')).body)).toEqual({
      Clasp: [necklaces, 2],
      'Pendant Loop': [necklaces, 0],
    });
    expect((await t.request<Component>(`/api/components/${clasp.id}`, { token: admin.accessToken })).body.optionalCount).toBe(3);
    expect((await t.request<Component>(`/api/components/${clasp.id}`)).body.optionalCount).toBe(2);
    expect(
      (await t.request<Component>(`/api/components/${clasp.id}/deactivate`, { method: 'PATCH', token: admin.accessToken })).body,
    ).toMatchObject({ isActive: false, optionalCount: 3 });
    expect(
      (await t.request<Component>(`/api/components/${clasp.id}`, { method: 'PUT', token: admin.accessToken, body: { name: 'Clasps' } }))
        .body,
    ).toMatchObject({ name: 'Clasps', optionalCount: 3 });
    // The optionals list names its parent, for the tree.
    const optionals = await t.request<ComponentOptionalPage>(`/api/component-optionals/component/${clasp.id}?includeInactive=true`, {
      token: admin.accessToken,
    });
    expect(optionals.body.content.map((o) => [o.name, o.componentId, o.isActive])).toEqual([
      ['Box', clasp.id, false],
      ['Lobster', clasp.id, true],
      ['Toggle', clasp.id, true],
    ]);
    expect((await t.request(`/api/components/${clasp.id}/activate`, { method: 'PATCH' })).status).toBe(401);
    expect((await t.request(`/api/components/${missingId}/activate`, { method: 'PATCH', token: admin.accessToken })).status).toBe(404);
  });

  it('updates, and deletes only components without optionals', async () => {
    const c = (await create('Shank', rings)).body;
    expect(
      (await t.request<Component>(`/api/components/${c.id}`, { method: 'PUT', token: admin.accessToken, body: { name: 'Shank Profile' } }))
        .body.name,
    ).toBe('Shank Profile');
    await create('Gallery', rings);
    expect(
      (await t.request(`/api/components/${c.id}`, { method: 'PUT', token: admin.accessToken, body: { name: 'gallery' } })).status,
    ).toBe(409);
    expect(
      (await t.request(`/api/components/${c.id}`, { method: 'PUT', token: admin.accessToken, body: { categoryId: missingId } })).status,
    ).toBe(422);
    expect((await t.request(`/api/components/${missingId}`, { method: 'PUT', token: admin.accessToken, body: { name: 'Q' } })).status).toBe(
      404,
    );
    await t.request('/api/component-optionals', { token: admin.accessToken, body: { name: 'Knife Edge', componentId: c.id } });
    const blocked = await t.request<ErrorResponse>(`/api/components/${c.id}`, { method: 'DELETE', token: admin.accessToken });
    expect(blocked.status).toBe(409);
    expectErrorShape(blocked.body, 409, 'IN_USE');
    const free = (await create('Bail', necklaces)).body;
    expect((await t.request(`/api/components/${free.id}`, { method: 'DELETE', token: others[2]!.accessToken })).status).toBe(403);
    expect((await t.request(`/api/components/${free.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/components/${free.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
  });
});
