import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Component, ComponentOptional, ComponentOptionalPage, Count, Exists } from '@mirror/contract';
import { buildTestApp, type Session, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Session;
let others: Session[];
let setting: string;
let metal: string;
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('ADMIN');
  others = await Promise.all([t.loginAs('CUSTOMER'), t.loginAs('VENDOR'), t.loginAs('DESIGNER')]);
  const rings = (await t.request<Category>('/api/categories', { token: admin.accessToken, body: { name: 'Engagement Rings' } })).body.id;
  setting = (await t.request<Component>('/api/components', { token: admin.accessToken, body: { name: 'Setting', categoryId: rings } })).body
    .id;
  metal = (await t.request<Component>('/api/components', { token: admin.accessToken, body: { name: 'Metal', categoryId: rings } })).body.id;
});
afterAll(() => t.close());

const create = <T = ComponentOptional>(name: string, componentId: string, priceDelta?: number) =>
  t.request<T>('/api/component-optionals', {
    token: admin.accessToken,
    body: { name, componentId, ...(priceDelta === undefined ? {} : { priceDelta }) },
  });

describe('component-optionals', () => {
  it('creates with a price delta in minor units, names unique within a component', async () => {
    const halo = await create('Halo', setting, 120_000);
    expect(halo.status).toBe(201);
    expect(halo.body).toMatchObject({ name: 'Halo', componentId: setting, priceDelta: 120_000, isActive: true });
    expect((await create('HALO', setting)).status).toBe(409);
    expect((await create('Halo', metal)).status).toBe(201);
    expect((await create('Pavé', missingId)).status).toBe(422);
    expect((await create('Pavé', setting, 10.5)).status).toBe(400);
    for (const s of others)
      expect(
        (await t.request('/api/component-optionals', { token: s.accessToken, body: { name: 'X', componentId: setting } })).status,
      ).toBe(403);
  });

  it('lists by component, answers scoped exists, name, count; deactivates, updates and deletes', async () => {
    const solitaire = (await create('Solitaire', setting)).body;
    const list = await t.request<ComponentOptionalPage>(`/api/component-optionals/component/${setting}?size=100`);
    expect(list.body.content.every((o) => o.componentId === setting)).toBe(true);
    expect(list.body.content.map((o) => o.name)).toEqual([...list.body.content.map((o) => o.name)].sort());
    expect((await t.request(`/api/component-optionals/component/${missingId}`)).status).toBe(404);
    expect((await t.request<Exists>(`/api/component-optionals/exists/solitaire/component/${setting}`)).body.exists).toBe(true);
    expect((await t.request<Exists>(`/api/component-optionals/exists/solitaire/component/${metal}`)).body.exists).toBe(false);
    expect((await t.request<Exists>('/api/component-optionals/exists/Solitaire')).body.exists).toBe(true);
    expect((await t.request<ComponentOptional>('/api/component-optionals/name/solitaire')).body.id).toBe(solitaire.id);
    expect((await t.request('/api/component-optionals/name/Trilogy')).status).toBe(404);
    const count = (await t.request<Count>('/api/component-optionals/count')).body.count;
    await t.request(`/api/component-optionals/${solitaire.id}/deactivate`, { method: 'PATCH', token: admin.accessToken });
    expect((await t.request<Count>('/api/component-optionals/count')).body.count).toBe(count - 1);
    expect((await t.request(`/api/component-optionals/${solitaire.id}`)).status).toBe(404);
    expect(
      (await t.request(`/api/component-optionals/${solitaire.id}/activate`, { method: 'PATCH', token: others[0]!.accessToken })).status,
    ).toBe(403);
    expect(
      (
        await t.request<ComponentOptional>(`/api/component-optionals/${solitaire.id}/activate`, {
          method: 'PATCH',
          token: admin.accessToken,
        })
      ).body.isActive,
    ).toBe(true);
    const upd = await t.request<ComponentOptional>(`/api/component-optionals/${solitaire.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { priceDelta: 5000 },
    });
    expect(upd.body.priceDelta).toBe(5000);
    expect(
      (await t.request(`/api/component-optionals/${solitaire.id}`, { method: 'PUT', token: admin.accessToken, body: { name: 'halo' } }))
        .status,
    ).toBe(409);
    expect(
      (await t.request(`/api/component-optionals/${missingId}`, { method: 'PUT', token: admin.accessToken, body: { name: 'Z' } })).status,
    ).toBe(404);
    expect((await t.request(`/api/component-optionals/${solitaire.id}`, { method: 'DELETE', token: others[1]!.accessToken })).status).toBe(
      403,
    );
    expect((await t.request(`/api/component-optionals/${solitaire.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/component-optionals/${solitaire.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
    expect((await t.request('/api/component-optionals/bad-id')).status).toBe(400);
  });
});
