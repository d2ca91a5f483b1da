import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import type { ErrorResponse, Product, ProductFacets, ProductPage, ProductSearchPage } from '@mirror/contract';

// Issue 11: the vendor's back-office sees its own pieces alone (`mine=true`), and what only the house
// decides on a vendor's piece (publishing, designer attribution) is refused on the server.
let t: TestApp;
let admin: Session;
let customer: Session;
let designer: Session;
let vendorA: Session;
let vendorB: Session;
let f: ReturnType<typeof catalogFactory>;
let vendorAId: string;
let vendorBId: string;
let designerAId: string;
let designerBId: string;
let categoryId: string;
let aLive: Product;
let aDraft: Product;
let bLive: Product;
let bDraft: Product;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, designer, vendorA, vendorB] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('DESIGNER'),
    t.loginAs('VENDOR'),
    t.loginAs('VENDOR'),
  ]);
  f = catalogFactory(t, admin);
  vendorAId = (await f.vendor(vendorA.userId)).id;
  vendorBId = (await f.vendor(vendorB.userId)).id;
  designerAId = (await f.designer(designer.userId)).id;
  designerBId = (await f.designer()).id;
  categoryId = (await f.category()).id;
  aLive = await f.product({ vendorId: vendorAId, categoryId, name: 'Aurore ring', designerId: designerAId });
  aDraft = await f.product({ vendorId: vendorAId, categoryId, name: 'Aurore pendant', status: 'DRAFT' });
  bLive = await f.product({ vendorId: vendorBId, categoryId, name: 'Aurore bangle', designerId: designerBId });
  bDraft = await f.product({ vendorId: vendorBId, categoryId, name: 'Aurore brooch', status: 'DRAFT' });
});
afterAll(() => t.close());

const ids = (body: { content: { id: string }[] }) => body.content.map((p) => p.id);

describe('a vendor’s own pieces (mine=true)', () => {
  it('lists every status of its own pieces and nothing of another vendor, live pieces included', async () => {
    const a = await t.request<ProductPage>('/api/products?mine=true&size=100', { token: vendorA.accessToken });
    expect(a.status).toBe(200);
    expect(ids(a.body).sort()).toEqual([aLive.id, aDraft.id].sort());
    expect(a.body.content.every((p) => p.vendorId === vendorAId)).toBe(true);
    const b = await t.request<ProductPage>('/api/products?mine=true&size=100', { token: vendorB.accessToken });
    expect(ids(b.body).sort()).toEqual([bLive.id, bDraft.id].sort());
    // Without `mine` a vendor still browses the live catalog like anyone (the storefront).
    const all = await t.request<ProductPage>('/api/products?size=100', { token: vendorA.accessToken });
    expect(ids(all.body)).toContain(bLive.id);
    expect(ids(all.body)).not.toContain(bDraft.id);
  });

  it('keeps the search and the facets to its own pieces (no other vendor’s name or count)', async () => {
    const search = await t.request<ProductSearchPage>('/api/products/search?q=aurore&mine=true', { token: vendorA.accessToken });
    expect(search.status).toBe(200);
    expect(ids(search.body).sort()).toEqual([aLive.id, aDraft.id].sort());
    const facets = await t.request<ProductFacets>('/api/products/filters?mine=true', { token: vendorA.accessToken });
    expect(facets.status).toBe(200);
    expect(facets.body.total).toBe(2);
    expect(facets.body.vendors.map((v) => v.value)).toEqual([vendorAId]);
    expect(facets.body.designers.map((d) => d.value)).toEqual([designerAId]);
    // A filter on another vendor inside `mine` finds nothing rather than their pieces.
    const other = await t.request<ProductPage>(`/api/products?mine=true&vendorId=${vendorBId}`, { token: vendorA.accessToken });
    expect(other.body.totalElements).toBe(0);
  });

  it('is for vendors only: 401 signed out, 403 for other roles and for an unlinked vendor, 400 for a bad value', async () => {
    expectErrorShape((await t.request<ProductPage>('/api/products?mine=true')).body, 401, 'UNAUTHORIZED');
    for (const s of [admin, customer, designer]) {
      const res = await t.request<ErrorResponse>('/api/products?mine=true', { token: s.accessToken });
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
    const orphan = await t.loginAs('VENDOR');
    expectErrorShape(
      (await t.request<ProductFacets>('/api/products/filters?mine=true', { token: orphan.accessToken })).body,
      403,
      'VENDOR_NOT_LINKED',
    );
    expectErrorShape(
      (await t.request<ProductPage>('/api/products?mine=yes', { token: vendorA.accessToken })).body,
      400,
      'VALIDATION_FAILED',
    );
  });

  it('reads the house an account acts for with each request: linked, the same token sees its pieces; unlinked, it is refused again', async () => {
    const late = await t.loginAs('VENDOR');
    const mine = (token: string) => t.request<ProductPage>('/api/products?mine=true&status=DRAFT', { token });
    expectErrorShape((await mine(late.accessToken)).body, 403, 'VENDOR_NOT_LINKED');
    const house = await f.vendor(late.userId);
    const piece = await f.product({ vendorId: house.id, categoryId, name: 'Aurore tiara', status: 'DRAFT' });
    const linked = await mine(late.accessToken);
    expect(linked.status).toBe(200);
    expect(ids(linked.body)).toEqual([piece.id]);
    expect((await t.request(`/api/vendors/${house.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expectErrorShape((await mine(late.accessToken)).body, 403, 'VENDOR_NOT_LINKED');
  });

  it('answers 404 for another vendor’s piece by id, live or draft, on read and every write', async () => {
    const draft = await t.request<ErrorResponse>(`/api/products/${bDraft.id}`, { token: vendorA.accessToken });
    expectErrorShape(draft.body, 404, 'PRODUCT_NOT_FOUND');
    // The back-office editor asks with `mine`: another vendor's live piece is missing there too.
    expectErrorShape(
      (await t.request<Product>(`/api/products/${bLive.id}?mine=true`, { token: vendorA.accessToken })).body,
      404,
      'PRODUCT_NOT_FOUND',
    );
    expect((await t.request<Product>(`/api/products/${bLive.id}?mine=true`, { token: vendorB.accessToken })).body.id).toBe(bLive.id);
    expect((await t.request<Product>(`/api/products/${aDraft.id}?mine=true`, { token: vendorA.accessToken })).body.id).toBe(aDraft.id);
    expectErrorShape(
      (await t.request<Product>(`/api/products/${aDraft.id}?mine=true`, { token: admin.accessToken })).body,
      403,
      'FORBIDDEN',
    );
    for (const p of [bLive, bDraft]) {
      expect(
        (await t.request(`/api/products/${p.id}`, { method: 'PUT', token: vendorA.accessToken, body: { name: 'Taken' } })).status,
      ).toBe(404);
      expect(
        (await t.request(`/api/products/${p.id}/stock`, { method: 'PUT', token: vendorA.accessToken, body: { quantity: 1 } })).status,
      ).toBe(404);
    }
  });
});

describe('what only the house decides', () => {
  it('lets a vendor create drafts for itself, never a live piece', async () => {
    const draft = await t.request<Product>('/api/products', {
      token: vendorA.accessToken,
      body: { categoryId, name: 'Vendor draft', sku: `VD-${Date.now()}`, metalType: 'SILVER', price: 10_000 },
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 'DRAFT', vendorId: vendorAId, designerId: null });
    const live = await t.request<ErrorResponse>('/api/products', {
      token: vendorA.accessToken,
      body: { categoryId, name: 'Vendor live', sku: `VL-${Date.now()}`, metalType: 'SILVER', price: 10_000, status: 'ACTIVE' },
    });
    expectErrorShape(live.body, 403, 'FORBIDDEN');
    expect(live.body.details).toEqual([expect.objectContaining({ path: 'status' })]);
    const mine = await t.request<ProductSearchPage>('/api/products/search?q=vendor%20live&mine=true', { token: vendorA.accessToken });
    expect(mine.body.totalElements).toBe(0);
  });

  it('refuses a designer chosen by a vendor, on create and on update, and keeps the attribution', async () => {
    for (const designerId of [designerAId, designerBId]) {
      const res = await t.request<ErrorResponse>('/api/products', {
        token: vendorA.accessToken,
        body: { categoryId, name: 'Attributed', sku: `VA-${designerId.slice(0, 8)}`, metalType: 'SILVER', price: 10_000, designerId },
      });
      expectErrorShape(res.body, 403, 'FORBIDDEN');
      expect(res.body.details).toEqual([expect.objectContaining({ path: 'designerId' })]);
    }
    const swap = await t.request<ErrorResponse>(`/api/products/${aLive.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { designerId: designerBId },
    });
    expectErrorShape(swap.body, 403, 'FORBIDDEN');
    const clear = await t.request<ErrorResponse>(`/api/products/${aLive.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { designerId: null },
    });
    expectErrorShape(clear.body, 403, 'FORBIDDEN');
    const attach = await t.request<ErrorResponse>(`/api/products/${aDraft.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { designerId: designerAId },
    });
    expectErrorShape(attach.body, 403, 'FORBIDDEN');
    const after = await t.request<Product>(`/api/products/${aLive.id}`, { token: admin.accessToken });
    expect(after.body.designerId).toBe(designerAId);
    // The house attributes freely.
    expect(
      (await t.request(`/api/products/${aDraft.id}`, { method: 'PUT', token: admin.accessToken, body: { designerId: designerBId } }))
        .status,
    ).toBe(200);
    expect(
      (await t.request(`/api/products/${aDraft.id}`, { method: 'PUT', token: admin.accessToken, body: { designerId: null } })).status,
    ).toBe(200);
  });

  it('lets a vendor save its live piece unchanged in status and designer, withdraw it, but not publish it again', async () => {
    const piece = await f.product({ vendorId: vendorAId, categoryId, name: 'Withdrawn ring', designerId: designerAId });
    const save = await t.request<Product>(`/api/products/${piece.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { name: 'Withdrawn ring II', status: 'ACTIVE', designerId: designerAId, isFeatured: false, vendorId: vendorAId },
    });
    expect(save.status).toBe(200);
    expect(save.body).toMatchObject({ name: 'Withdrawn ring II', status: 'ACTIVE' });
    const archive = await t.request<Product>(`/api/products/${piece.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { status: 'ARCHIVED' },
    });
    expect(archive.body.status).toBe('ARCHIVED');
    const republish = await t.request<ErrorResponse>(`/api/products/${piece.id}`, {
      method: 'PUT',
      token: vendorA.accessToken,
      body: { status: 'ACTIVE' },
    });
    expectErrorShape(republish.body, 403, 'FORBIDDEN');
    expect((await t.request<Product>(`/api/products/${piece.id}`, { token: admin.accessToken })).body.status).toBe('ARCHIVED');
  });
});
