import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import type { Designer } from '@mirror/contract';

// Issue 11: a designer reads and edits their own profile at /api/designers/me, and nothing else.
let t: TestApp;
let admin: Session;
let designerA: Session;
let designerB: Session;
let vendor: Session;
let customer: Session;
let aId: string;
let bId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, designerA, designerB, vendor, customer] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('DESIGNER'),
    t.loginAs('DESIGNER'),
    t.loginAs('VENDOR'),
    t.loginAs('CUSTOMER'),
  ]);
  const f = catalogFactory(t, admin);
  aId = (await f.designer(designerA.userId)).id;
  bId = (await f.designer(designerB.userId)).id;
});
afterAll(() => t.close());

const me = (token: string, body?: unknown) =>
  t.request<Designer>('/api/designers/me', { token, ...(body === undefined ? {} : { method: 'PUT', body }) });

describe('/api/designers/me', () => {
  it('answers each designer with their own profile, inactive included', async () => {
    const a = await me(designerA.accessToken);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ id: aId, userId: designerA.userId });
    expect((await me(designerB.accessToken)).body.id).toBe(bId);
    expect((await t.request(`/api/designers/${aId}/deactivate`, { method: 'PATCH', token: admin.accessToken })).status).toBe(200);
    expect((await me(designerA.accessToken)).body).toMatchObject({ id: aId, isActive: false });
    expect((await t.request(`/api/designers/${aId}/activate`, { method: 'PATCH', token: admin.accessToken })).status).toBe(200);
  });

  it('saves the profile fields of the caller alone', async () => {
    const res = await me(designerA.accessToken, {
      specialty: 'Engraved signet rings',
      bio: 'Trained in Valenza.',
      country: 'IT',
      website: 'https://atelier-a.example',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: aId, specialty: 'Engraved signet rings', bio: 'Trained in Valenza.', country: 'IT' });
    expect((await t.request<Designer>(`/api/designers/${aId}`)).body.specialty).toBe('Engraved signet rings');
    const b = await t.request<Designer>(`/api/designers/${bId}`);
    expect(b.body.specialty).toBe('High jewelry');
  });

  it('refuses what only Mirror sets (verified, featured, active, code, owner) with 403 naming them, changing nothing', async () => {
    const res = await me(designerA.accessToken, {
      specialty: 'Changed',
      isVerified: true,
      isFeatured: true,
      isActive: false,
      code: 'MINE',
    });
    expectErrorShape(res.body, 403, 'FORBIDDEN');
    expect(res.body.details!.map((d) => d.path).sort()).toEqual(['code', 'isActive', 'isFeatured', 'isVerified']);
    const after = (await me(designerA.accessToken)).body;
    expect(after).toMatchObject({ specialty: 'Engraved signet rings', isVerified: false, isFeatured: false, isActive: true });
    // Nor someone else's profile through its id.
    expectErrorShape(
      (await t.request<Designer>(`/api/designers/${bId}`, { method: 'PUT', token: designerA.accessToken, body: { specialty: 'Hijacked' } }))
        .body,
      403,
      'FORBIDDEN',
    );
    expect((await t.request<Designer>(`/api/designers/${bId}`)).body.specialty).toBe('High jewelry');
  });

  it('validates the body (400), and is for a linked designer only (401, 403)', async () => {
    for (const body of [
      { specialty: '' },
      { specialty: 'x'.repeat(121) },
      { website: 'not a url' },
      { country: 'Italy' },
      { unknown: 1 },
    ]) {
      expectErrorShape((await me(designerA.accessToken, body)).body, 400, 'VALIDATION_FAILED');
    }
    expectErrorShape((await t.request<Designer>('/api/designers/me')).body, 401);
    for (const s of [admin, vendor, customer]) {
      expectErrorShape((await me(s.accessToken)).body, 403, 'FORBIDDEN');
      expectErrorShape((await me(s.accessToken, { specialty: 'X' })).body, 403, 'FORBIDDEN');
    }
    const orphan = await t.loginAs('DESIGNER');
    expectErrorShape((await me(orphan.accessToken)).body, 403, 'DESIGNER_NOT_LINKED');
    expectErrorShape((await me(orphan.accessToken, { specialty: 'X' })).body, 403, 'DESIGNER_NOT_LINKED');
  });
});
