import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import type {
  Collection,
  CollectionFacets,
  CollectionItem,
  CollectionItemPage,
  CollectionPage,
  CollectionStatistics,
  CollectionWithProductsPage,
  ErrorResponse,
  Health,
} from '@mirror/contract';

let t: TestApp;
let admin: Session;
let customer: Session;
let vendor: Session;
let designer: Session;
let f: ReturnType<typeof catalogFactory>;
let base: { vendorId: string; categoryId: string };
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer, vendor, designer] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('VENDOR'),
    t.loginAs('DESIGNER'),
  ]);
  f = catalogFactory(t, admin);
  base = { vendorId: (await f.vendor(vendor.userId)).id, categoryId: (await f.category('Rings')).id };
});
afterAll(() => t.close());

async function collection(body: Record<string, unknown> = {}) {
  const res = await t.request<Collection>('/api/collections', {
    token: admin.accessToken,
    body: { name: `Collection ${Math.random().toString(36).slice(2, 8)}`, year: 2025, season: 'WINTER', ...body },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const order = async (id: string) =>
  (await t.request<CollectionItem[]>(`/api/collections/${id}/products-list`, { token: admin.accessToken })).body.map((i) => [
    i.product.id,
    i.sortOrder,
    i.isHero,
  ]);

describe('collections', () => {
  it('creates (ADMIN only), validates and refuses duplicate names', async () => {
    const c = await collection({ name: 'Nuit Blanche', description: 'Moonlit diamonds.', year: 2024, season: 'AUTUMN', isFeatured: true });
    expect(c).toMatchObject({
      name: 'Nuit Blanche',
      slug: 'nuit-blanche-2024',
      year: 2024,
      season: 'AUTUMN',
      isFeatured: true,
      productCount: 0,
    });
    const dup = await t.request<ErrorResponse>('/api/collections', {
      token: admin.accessToken,
      body: { name: 'nuit blanche', year: 2025, season: 'SPRING' },
    });
    expect(dup.status).toBe(409);
    expectErrorShape(dup.body, 409, 'NAME_TAKEN');
    for (const body of [
      { name: '', year: 2025, season: 'SPRING' },
      { name: 'X', year: 1200, season: 'SPRING' },
      { name: 'X', year: 2025, season: 'MONSOON' },
    ]) {
      const res = await t.request<ErrorResponse>('/api/collections', { token: admin.accessToken, body });
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    }
    for (const s of [customer, vendor, designer])
      expect(
        (await t.request('/api/collections', { token: s.accessToken, body: { name: 'Y', year: 2025, season: 'SPRING' } })).status,
      ).toBe(403);
    expect((await t.request('/api/collections', { body: { name: 'Y', year: 2025, season: 'SPRING' } })).status).toBe(401);
  });

  it('reads by id, name, year, season/year, featured and search', async () => {
    const c = await collection({ name: 'Jardin Secret', year: 2023, season: 'SPRING', isFeatured: true });
    expect((await t.request<Collection>(`/api/collections/${c.id}`)).body.id).toBe(c.id);
    expect((await t.request<Collection>('/api/collections/name/jardin%20secret')).body.id).toBe(c.id);
    const ids = async (path: string) => (await t.request<CollectionPage>(path)).body.content.map((x) => x.id);
    expect(await ids('/api/collections/year/2023')).toContain(c.id);
    expect(await ids('/api/collections/year/2022')).not.toContain(c.id);
    expect(await ids('/api/collections/season/SPRING/year/2023')).toContain(c.id);
    expect(await ids('/api/collections/season/WINTER/year/2023')).not.toContain(c.id);
    expect(await ids('/api/collections/featured')).toContain(c.id);
    expect(await ids('/api/collections/search?q=jardin')).toEqual([c.id]);
    expect(await ids('/api/collections/all?size=100')).toContain(c.id);
    expect((await t.request(`/api/collections/${missingId}`)).status).toBe(404);
    expect((await t.request('/api/collections/name/nothing-like-it')).status).toBe(404);
    expect((await t.request('/api/collections/not-a-uuid')).status).toBe(400);
    expect((await t.request('/api/collections/season/MONSOON/year/2023')).status).toBe(400);
    expect((await t.request('/api/collections/year/abc')).status).toBe(400);
    expect((await t.request('/api/collections/search')).status).toBe(400);
    const facets = await t.request<CollectionFacets>('/api/collections/filters?year=2023');
    expect(facets.body.years).toEqual([{ value: 2023, count: facets.body.total }]);
  });

  it('adds products, lists them by sort order (public sees live pieces only) and moves them', async () => {
    const c = await collection();
    const [a, b, d, e] = [await f.product(base), await f.product(base), await f.product(base), await f.product(base)];
    const draft = await f.product({ ...base, status: 'DRAFT' });
    for (const p of [a, b, d])
      expect((await t.request(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } })).status).toBe(
        201,
      );
    // Insert at position 1: the others shift down.
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, {
      token: admin.accessToken,
      body: { productId: e.id, sortOrder: 1 },
    });
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: draft.id } });
    expect(await order(c.id)).toEqual([
      [a.id, 0, false],
      [e.id, 1, false],
      [b.id, 2, false],
      [d.id, 3, false],
      [draft.id, 4, false],
    ]);
    const publicList = await t.request<CollectionItem[]>(`/api/collections/${c.id}/products-list`);
    expect(publicList.body.map((i) => i.product.id)).toEqual([a.id, e.id, b.id, d.id]);
    const paged = await t.request<CollectionItemPage>(`/api/collections/${c.id}/products?size=2&page=1`);
    expect(paged.body).toMatchObject({ totalElements: 4, totalPages: 2, page: 1 });
    expect(paged.body.content.map((i) => i.product.id)).toEqual([b.id, d.id]);
    expect((await t.request<Collection>(`/api/collections/${c.id}`)).body.productCount).toBe(4);

    const dup = await t.request<ErrorResponse>(`/api/collections/${c.id}/products`, {
      token: admin.accessToken,
      body: { productId: a.id },
    });
    expect(dup.status).toBe(409);
    expect(
      (await t.request(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: missingId } })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/collections/${missingId}/products`, { token: admin.accessToken, body: { productId: a.id } })).status,
    ).toBe(404);
    expect((await t.request(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: 'x' } })).status).toBe(400);

    // Move down, move up, move past the end (clamped).
    let moved = await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${a.id}/sort-order`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { sortOrder: 2 },
    });
    expect(moved.status).toBe(200);
    expect(await order(c.id)).toEqual([
      [e.id, 0, false],
      [b.id, 1, false],
      [a.id, 2, false],
      [d.id, 3, false],
      [draft.id, 4, false],
    ]);
    moved = await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${d.id}/sort-order`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { sortOrder: 0 },
    });
    expect(await order(c.id)).toEqual([
      [d.id, 0, false],
      [e.id, 1, false],
      [b.id, 2, false],
      [a.id, 3, false],
      [draft.id, 4, false],
    ]);
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${e.id}/sort-order`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { sortOrder: 99 },
    });
    expect((await order(c.id)).map((x) => x[0])).toEqual([d.id, b.id, a.id, draft.id, e.id]);
    expect(
      (
        await t.request(`/api/collections/${c.id}/products/${a.id}/sort-order`, {
          method: 'PUT',
          token: admin.accessToken,
          body: { sortOrder: -1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request(`/api/collections/${c.id}/products/${missingId}/sort-order`, {
          method: 'PUT',
          token: admin.accessToken,
          body: { sortOrder: 0 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/collections/${c.id}/products/${a.id}/sort-order`, {
          method: 'PUT',
          token: vendor.accessToken,
          body: { sortOrder: 0 },
        })
      ).status,
    ).toBe(403);

    // Remove closes the gap.
    expect((await t.request(`/api/collections/${c.id}/products/${b.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect(await order(c.id)).toEqual([
      [d.id, 0, false],
      [a.id, 1, false],
      [draft.id, 2, false],
      [e.id, 3, false],
    ]);
    expect((await t.request(`/api/collections/${c.id}/products/${b.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
  });

  it('keeps at most one hero per collection', async () => {
    const c = await collection();
    const [a, b] = [await f.product(base), await f.product(base)];
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, {
      token: admin.accessToken,
      body: { productId: a.id, isHero: true },
    });
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: b.id } });
    const toggled = await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${b.id}/toggle-hero`, {
      method: 'POST',
      token: admin.accessToken,
    });
    expect(toggled.status).toBe(200);
    expect(toggled.body.map((i) => [i.product.id, i.isHero])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
    const parallel = await Promise.all(
      [a, b, a, b].map((p) =>
        t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${p.id}/toggle-hero`, { method: 'POST', token: admin.accessToken }),
      ),
    );
    expect(parallel.every((r) => r.status === 200)).toBe(true);
    expect((await order(c.id)).filter((x) => x[2]).length).toBeLessThanOrEqual(1);
    const off = await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${a.id}/toggle-hero`, {
      method: 'POST',
      token: admin.accessToken,
    });
    const heroes = off.body.filter((i) => i.isHero);
    expect(heroes.length).toBeLessThanOrEqual(1);
    expect(
      (await t.request(`/api/collections/${c.id}/products/${missingId}/toggle-hero`, { method: 'POST', token: admin.accessToken })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/collections/${c.id}/products/${a.id}/toggle-hero`, { method: 'POST', token: customer.accessToken })).status,
    ).toBe(403);
  });

  it('lists collections with their first products', async () => {
    const c = await collection({ name: 'Avec Pieces', year: 2019 });
    const [a, b] = [await f.product(base), await f.product(base)];
    for (const p of [a, b])
      await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } });
    const res = await t.request<CollectionWithProductsPage>('/api/collections/with-products?year=2019&productsLimit=1');
    expect(res.status).toBe(200);
    const found = res.body.content.find((x) => x.id === c.id);
    expect(found!.products.map((i) => i.product.id)).toEqual([a.id]);
    expect(found!.productCount).toBe(2);
    expect((await t.request('/api/collections/with-products?productsLimit=0')).status).toBe(400);
  });

  it('lists the collections holding a piece (its page\'s "More from"), when the caller may see the piece', async () => {
    const [older, newer, other] = [
      await collection({ name: 'Tenue de Soirée', year: 2011 }),
      await collection({ name: 'Tenue de Jour', year: 2012 }),
      await collection({ name: 'Sans Elle', year: 2012 }),
    ];
    const [piece, sibling, draft] = [await f.product(base), await f.product(base), await f.product({ ...base, status: 'DRAFT' })];
    const add = (c: Collection, productId: string) =>
      t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId } });
    for (const c of [older, newer]) for (const p of [sibling, piece, draft]) await add(c, p.id);
    await add(other, sibling.id);
    const holding = async (productId: string, token?: string) =>
      (await t.request<CollectionWithProductsPage>(`/api/collections/with-products?productId=${productId}&productsLimit=5`, { token }))
        .body;

    const page = await holding(piece.id);
    expect(page.content.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect(page.totalElements).toBe(2);
    expect(page.content[0]!.products.map((i) => i.product.id)).toEqual([sibling.id, piece.id]);
    expect(
      (await t.request<CollectionPage>(`/api/collections?productId=${sibling.id}&size=10`)).body.content.map((c) => c.id).sort(),
    ).toEqual([older.id, newer.id, other.id].sort());
    // A draft is in no collection for the public; its owner and the admins see where it is.
    expect((await holding(draft.id)).content).toEqual([]);
    expect((await holding(draft.id, customer.accessToken)).content).toEqual([]);
    expect((await holding(draft.id, vendor.accessToken)).content.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect((await holding(draft.id, admin.accessToken)).totalElements).toBe(2);
    expect((await holding(missingId)).content).toEqual([]);
    const bad = await t.request<ErrorResponse>('/api/collections/with-products?productId=not-a-uuid');
    expectErrorShape(bad.body, 400);
  });

  it('updates, features, soft-deletes, restores and deletes permanently', async () => {
    const c = await collection();
    const upd = await t.request<Collection>(`/api/collections/${c.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { description: 'Renewed', year: 2026 },
    });
    expect(upd.body).toMatchObject({ description: 'Renewed', year: 2026 });
    expect((await t.request(`/api/collections/${c.id}`, { method: 'PUT', token: admin.accessToken, body: { year: 'soon' } })).status).toBe(
      400,
    );
    expect(
      (await t.request(`/api/collections/${missingId}`, { method: 'PUT', token: admin.accessToken, body: { year: 2026 } })).status,
    ).toBe(404);
    const feat = await t.request<Collection>(`/api/collections/${c.id}/featured`, {
      method: 'PATCH',
      token: admin.accessToken,
      body: { featured: true },
    });
    expect(feat.body.isFeatured).toBe(true);
    expect((await t.request(`/api/collections/${c.id}/featured`, { method: 'PATCH', token: admin.accessToken, body: {} })).status).toBe(
      400,
    );
    expect(
      (await t.request(`/api/collections/${c.id}/featured`, { method: 'PATCH', token: designer.accessToken, body: { featured: false } }))
        .status,
    ).toBe(403);

    expect((await t.request(`/api/collections/${c.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/collections/${c.id}`)).status).toBe(404);
    expect((await t.request<CollectionPage>('/api/collections?size=100')).body.content.map((x) => x.id)).not.toContain(c.id);
    expect((await t.request(`/api/collections/${c.id}?includeDeleted=true`, { token: admin.accessToken })).status).toBe(200);
    expect(
      (await t.request<CollectionPage>('/api/collections?size=100&includeDeleted=true', { token: admin.accessToken })).body.content.map(
        (x) => x.id,
      ),
    ).toContain(c.id);
    expect((await t.request(`/api/collections/${c.id}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(200);
    expect((await t.request(`/api/collections/${c.id}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(409);
    const p = await f.product(base);
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } });
    expect((await t.request(`/api/collections/${c.id}/permanent`, { method: 'DELETE', token: vendor.accessToken })).status).toBe(403);
    expect((await t.request(`/api/collections/${c.id}/permanent`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/collections/${c.id}?includeDeleted=true`, { token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/products/${p.id}`)).status).toBe(200);
    expect((await t.request(`/api/collections/${c.id}/permanent`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
  });

  it('keeps piece counts exact right after products are added, removed and moved', async () => {
    const c = await collection({ name: 'Compte Juste', year: 2018 });
    const count = async (token?: string) => (await t.request<Collection>(`/api/collections/${c.id}`, { token })).body.productCount;
    const total = async (token?: string) =>
      (await t.request<CollectionItemPage>(`/api/collections/${c.id}/products?size=1`, { token })).body.totalElements;
    const listed = async (token?: string) =>
      (
        await t.request<CollectionWithProductsPage>('/api/collections/with-products?year=2018&productsLimit=1', { token })
      ).body.content.find((x) => x.id === c.id)!.productCount;
    // Read first, so each figure below would come from the cache if a write failed to clear it.
    expect([await count(), await total(), await listed(), await count(admin.accessToken)]).toEqual([0, 0, 0, 0]);
    const [a, b] = [await f.product(base), await f.product(base)];
    const draft = await f.product({ ...base, status: 'DRAFT' });
    for (const p of [a, b, draft])
      await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } });
    expect([await count(), await total(), await listed()]).toEqual([2, 2, 2]);
    // Admins and the owning vendor also count the draft; others do not.
    expect([await count(admin.accessToken), await total(admin.accessToken)]).toEqual([3, 3]);
    expect([await count(vendor.accessToken), await total(vendor.accessToken), await listed(vendor.accessToken)]).toEqual([3, 3, 3]);
    const firstPieces = async (token?: string) =>
      (await t.request<CollectionWithProductsPage>('/api/collections/with-products?year=2018&productsLimit=5', { token })).body.content
        .find((x) => x.id === c.id)!
        .products.map((i) => i.product.id);
    expect(await firstPieces(vendor.accessToken)).toEqual([a.id, b.id, draft.id]);
    expect(await firstPieces(customer.accessToken)).toEqual([a.id, b.id]);
    expect([await count(customer.accessToken), await count(designer.accessToken)]).toEqual([2, 2]);
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${b.id}/sort-order`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { sortOrder: 0 },
    });
    expect(await count()).toBe(2);
    await t.request<null>(`/api/collections/${c.id}/products/${a.id}`, { method: 'DELETE', token: admin.accessToken });
    expect([await count(), await total(), await listed(), await count(admin.accessToken)]).toEqual([1, 1, 1, 2]);
  });

  it('keeps the public first pieces for a moment, until a write through the API; reads a page in one statement', async () => {
    const c = await collection({ name: 'Instant Figé', year: 2017 });
    const [a, b] = [await f.product(base), await f.product(base)];
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: a.id } });
    const firstPieces = async (token?: string) =>
      (await t.request<CollectionWithProductsPage>('/api/collections/with-products?year=2017&productsLimit=5', { token })).body.content
        .find((x) => x.id === c.id)!
        .products.map((i) => i.product.id);
    expect(await firstPieces()).toEqual([a.id]);
    // A membership written behind the API's back (another instance): the public answer is the kept one...
    await t.database.db.execute(
      sql`insert into collection_products (collection_id, product_id, sort_order, is_hero) values (${c.id}, ${b.id}, 1, false)`,
    );
    expect(await firstPieces()).toEqual([a.id]);
    expect(await firstPieces(customer.accessToken)).toEqual([a.id]);
    // ...signed-in staff read afresh, and a write through this process clears the kept answer at once.
    expect(await firstPieces(admin.accessToken)).toEqual([a.id, b.id]);
    expect(
      (await t.request(`/api/collections/${c.id}/products/${a.id}/toggle-hero`, { method: 'POST', token: admin.accessToken })).status,
    ).toBe(200);
    expect(await firstPieces()).toEqual([a.id, b.id]);
    // The page statement checks the collection itself: past the end is an empty page, a deleted one is 404.
    const past = await t.request<CollectionItemPage>(`/api/collections/${c.id}/products?page=5&size=10`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ content: [], totalElements: 2, page: 5 });
    expect((await t.request(`/api/collections/${c.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expectErrorShape((await t.request<CollectionItemPage>(`/api/collections/${c.id}/products`)).body, 404, 'COLLECTION_NOT_FOUND');
    expect((await t.request(`/api/collections/${c.id}/products`, { token: admin.accessToken })).status).toBe(404);
  });

  it('stops showing and counting a piece once it is hidden (draft, archived or deleted)', async () => {
    const c = await collection();
    const pieces = [await f.product(base), await f.product(base), await f.product(base), await f.product(base)];
    for (const p of pieces)
      await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } });
    const page = async (token?: string) =>
      (await t.request<CollectionItemPage>(`/api/collections/${c.id}/products?size=10`, { token })).body;
    // Read first, so a count the writes below failed to clear would still be served from the cache.
    expect([(await page()).totalElements, (await page(admin.accessToken)).totalElements]).toEqual([4, 4]);
    expect(
      (await t.request(`/api/products/${pieces[0]!.id}`, { method: 'PUT', token: admin.accessToken, body: { status: 'DRAFT' } })).status,
    ).toBe(200);
    expect(
      (await t.request(`/api/products/${pieces[1]!.id}`, { method: 'PUT', token: admin.accessToken, body: { status: 'ARCHIVED' } })).status,
    ).toBe(200);
    expect((await t.request(`/api/products/${pieces[2]!.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    // The pieces themselves are read fresh on every request: hidden at once.
    expect((await page()).content.map((i) => i.product.id)).toEqual([pieces[3]!.id]);
    expect((await t.request<CollectionItem[]>(`/api/collections/${c.id}/products-list`)).body.map((i) => i.product.id)).toEqual([
      pieces[3]!.id,
    ]);
    expect((await page(admin.accessToken)).content.map((i) => i.product.id)).toEqual([pieces[0]!.id, pieces[1]!.id, pieces[3]!.id]);
    // So are the counts: product writes clear the cache group the collections' counts belong to.
    expect((await page()).totalElements).toBe(1);
    expect((await t.request<Collection>(`/api/collections/${c.id}`)).body.productCount).toBe(1);
    expect((await page(admin.accessToken)).totalElements).toBe(3);
    expect((await t.request(`/api/products/${pieces[2]!.id}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(200);
    expect((await page()).totalElements).toBe(2);
  });

  it('pages through the membership in sort order, counting only pieces the caller may see', async () => {
    const c = await collection();
    const live = [];
    const all = [];
    for (let i = 0; i < 9; i += 1) {
      const p = await f.product({ ...base, status: i % 3 === 1 ? 'DRAFT' : 'ACTIVE' });
      all.push(p.id);
      if (i % 3 !== 1) live.push(p.id);
      await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } });
    }
    // Insert one at the front: sort orders shift, the pages follow them.
    const first = await f.product(base);
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, {
      token: admin.accessToken,
      body: { productId: first.id, sortOrder: 0 },
    });
    live.unshift(first.id);
    all.unshift(first.id);
    const walk = async (size: number, token?: string) => {
      const ids: string[] = [];
      const envelopes = [];
      for (let page = 0; ; page += 1) {
        const res = await t.request<CollectionItemPage>(`/api/collections/${c.id}/products?size=${size}&page=${page}`, { token });
        expect(res.status).toBe(200);
        envelopes.push({
          page: res.body.page,
          size: res.body.size,
          totalElements: res.body.totalElements,
          totalPages: res.body.totalPages,
        });
        if (res.body.content.length === 0) break;
        ids.push(...res.body.content.map((i) => i.product.id));
        expect(res.body.content.map((i) => i.sortOrder)).toEqual(
          [...res.body.content.map((i) => i.sortOrder)].sort((x: number, y: number) => x - y),
        );
      }
      return { ids, envelopes };
    };
    const pub = await walk(3);
    expect(pub.ids).toEqual(live);
    expect(pub.envelopes).toEqual([0, 1, 2, 3].map((page) => ({ page, size: 3, totalElements: 7, totalPages: 3 })));
    const adm = await walk(4, admin.accessToken);
    expect(adm.ids).toEqual(all);
    expect(adm.envelopes[0]).toEqual({ page: 0, size: 4, totalElements: 10, totalPages: 3 });
    expect((await t.request(`/api/collections/${missingId}/products`)).status).toBe(404);
    expect((await t.request(`/api/collections/${c.id}/products?size=101`)).status).toBe(400);
    expect((await t.request(`/api/collections/${c.id}/products?page=-1`)).status).toBe(400);
  });

  it('lists the Trash (deleted=only) for ADMIN alone, with the year and season filters', async () => {
    const kept = await collection({ name: 'Corbeille Gardée', year: 2016, season: 'SUMMER' });
    const binned = await collection({ name: 'Corbeille Jetée', year: 2016, season: 'SUMMER' });
    const binnedWinter = await collection({ name: 'Corbeille Hiver', year: 2016, season: 'WINTER' });
    for (const c of [binned, binnedWinter])
      expect((await t.request(`/api/collections/${c.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    const ids = async (query: string, token = admin.accessToken) =>
      (await t.request<CollectionPage>(`/api/collections?${query}`, { token })).body.content.map((x) => x.id);
    const trash = await t.request<CollectionPage>('/api/collections?deleted=only&size=100&sort=deletedAt,desc', {
      token: admin.accessToken,
    });
    expect(trash.status).toBe(200);
    expect(trash.body.content.every((x) => x.deletedAt !== null)).toBe(true);
    expect(trash.body.content.map((x) => x.id).slice(0, 2)).toEqual([binnedWinter.id, binned.id]);
    expect(await ids('deleted=only&year=2016&season=SUMMER')).toEqual([binned.id]);
    expect(await ids('year=2016&season=SUMMER')).toEqual([kept.id]);
    expect(await ids('year=2016&includeDeleted=true&sort=name,asc')).toEqual([kept.id, binnedWinter.id, binned.id]);
    expect(
      (await t.request<CollectionFacets>('/api/collections/filters?deleted=only&year=2016', { token: admin.accessToken })).body.seasons,
    ).toEqual([
      { value: 'SUMMER', count: 1 },
      { value: 'WINTER', count: 1 },
    ]);
    for (const s of [customer, vendor, designer]) {
      const res = await t.request<ErrorResponse>('/api/collections?deleted=only', { token: s.accessToken });
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 403, 'FORBIDDEN');
    }
    const anonymous = await t.request<ErrorResponse>('/api/collections?deleted=only');
    expect(anonymous.status).toBe(401);
    expectErrorShape(anonymous.body, 401, 'UNAUTHORIZED');
    expect((await t.request('/api/collections?deleted=all', { token: admin.accessToken })).status).toBe(400);
    expect((await t.request('/api/collections?season=MONSOON', { token: admin.accessToken })).status).toBe(400);
    // Restored, it leaves the Trash.
    expect((await t.request(`/api/collections/${binned.id}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(200);
    expect(await ids('deleted=only&year=2016')).toEqual([binnedWinter.id]);
    expect((await t.request(`/api/collections/${missingId}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/collections/${binnedWinter.id}/restore`, { method: 'POST', token: customer.accessToken })).status).toBe(
      403,
    );
  });

  it("names each collection's hero piece in the list, if the caller may see it", async () => {
    const c = await collection({ name: 'Héros', year: 2015 });
    const [a, b] = [await f.product(base), await f.product({ ...base, status: 'DRAFT' })];
    for (const p of [a, b])
      await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } });
    const hero = async (token?: string) =>
      (await t.request<CollectionPage>('/api/collections?year=2015', { token })).body.content.find((x) => x.id === c.id)!.hero;
    expect(await hero(admin.accessToken)).toBeNull();
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${a.id}/toggle-hero`, {
      method: 'POST',
      token: admin.accessToken,
    });
    expect(await hero()).toEqual({ productId: a.id, name: a.name, sku: a.sku });
    expect((await t.request<Collection>(`/api/collections/${c.id}`)).body.hero).toEqual({ productId: a.id, name: a.name, sku: a.sku });
    await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${b.id}/toggle-hero`, {
      method: 'POST',
      token: admin.accessToken,
    });
    expect(await hero(admin.accessToken)).toEqual({ productId: b.id, name: b.name, sku: b.sku });
    // A draft hero is the house's business: visitors see none.
    expect(await hero()).toBeNull();
  });

  describe('reordering', () => {
    async function filled(n: number) {
      const c = await collection();
      const pieces = [];
      for (let i = 0; i < n; i += 1) {
        const p = await f.product(base);
        pieces.push(p.id);
        await t.request<CollectionItem[]>(`/api/collections/${c.id}/products`, { token: admin.accessToken, body: { productId: p.id } });
      }
      return { c, pieces };
    }
    const reorder = <R = CollectionItem[]>(id: string, productIds: unknown, token = admin.accessToken) =>
      t.request<R>(`/api/collections/${id}/products/order`, { method: 'PUT', token, body: { productIds } });
    const storefront = async (id: string) =>
      (await t.request<CollectionItem[]>(`/api/collections/${id}/products-list`)).body.map((i) => i.product.id);

    it('reaches any new order as a sequence of sort-order calls (what keyboard moves send)', async () => {
      const { c, pieces } = await filled(6);
      const target = [pieces[4], pieces[1], pieces[5], pieces[0], pieces[3], pieces[2]] as string[];
      for (const [i, id] of target.entries()) {
        const res = await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${id}/sort-order`, {
          method: 'PUT',
          token: admin.accessToken,
          body: { sortOrder: i },
        });
        expect(res.status).toBe(200);
      }
      expect(await order(c.id)).toEqual(target.map((id, i) => [id, i, false]));
      expect(await storefront(c.id)).toEqual(target);
    });

    it('saves a whole new order in one call, keeps the hero, and the storefront shows it', async () => {
      const { c, pieces } = await filled(5);
      await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${pieces[2]}/toggle-hero`, {
        method: 'POST',
        token: admin.accessToken,
      });
      const target = [...pieces].reverse();
      const res = await reorder(c.id, target);
      expect(res.status).toBe(200);
      expect(res.body.map((i) => [i.product.id, i.sortOrder, i.isHero])).toEqual(target.map((id, i) => [id, i, id === pieces[2]]));
      expect(await storefront(c.id)).toEqual(target);
      // The same order again changes nothing.
      expect((await reorder(c.id, target)).body.map((i) => i.product.id)).toEqual(target);
      // Later single moves and additions still work on the new numbering.
      await t.request<CollectionItem[]>(`/api/collections/${c.id}/products/${target[4]}/sort-order`, {
        method: 'PUT',
        token: admin.accessToken,
        body: { sortOrder: 0 },
      });
      expect(await storefront(c.id)).toEqual([target[4], ...target.slice(0, 4)]);
    });

    it('keeps soft-deleted pieces (not listed in the back-office) after the others, in their order', async () => {
      const { c, pieces } = await filled(4);
      expect((await t.request(`/api/products/${pieces[1]}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
      const visible = [pieces[3], pieces[2], pieces[0]] as string[];
      expect(
        (await t.request<CollectionItem[]>(`/api/collections/${c.id}/products-list`, { token: admin.accessToken })).body.map(
          (i) => i.product.id,
        ),
      ).toEqual([pieces[0], pieces[2], pieces[3]]);
      expect((await reorder(c.id, visible)).status).toBe(200);
      expect((await t.request(`/api/products/${pieces[1]}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(200);
      expect(await order(c.id)).toEqual([...visible, pieces[1]].map((id, i) => [id, i, false]));
    });

    it('changes nothing when the list no longer matches the collection (409), and validates', async () => {
      const { c, pieces } = await filled(3);
      const outsider = await f.product(base);
      const before = await order(c.id);
      const stale = await reorder(c.id, [pieces[2], pieces[1]]);
      expect(stale.status).toBe(409);
      expectErrorShape(stale.body, 409, 'CONFLICT');
      expect(stale.body.details).toEqual([{ path: 'productIds', message: `Piece ${pieces[0]} is missing` }]);
      const extra = await reorder<ErrorResponse>(c.id, [pieces[2], pieces[1], pieces[0], outsider.id]);
      expect(extra.status).toBe(409);
      expect(extra.body.details).toEqual([{ path: 'productIds.3', message: 'This piece is not in the collection' }]);
      expect(await order(c.id)).toEqual(before);
      for (const body of [[pieces[0], pieces[0], pieces[1], pieces[2]], ['not-a-uuid'], 'all']) {
        const res = await reorder(c.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      }
      expect(
        (await t.request(`/api/collections/${c.id}/products/order`, { method: 'PUT', token: admin.accessToken, body: {} })).status,
      ).toBe(400);
      expect((await reorder(missingId, pieces)).status).toBe(404);
      for (const s of [customer, vendor, designer]) expect((await reorder(c.id, pieces, s.accessToken)).status).toBe(403);
      expect((await t.request(`/api/collections/${c.id}/products/order`, { method: 'PUT', body: { productIds: pieces } })).status).toBe(
        401,
      );
      expect(await order(c.id)).toEqual(before);
      // A soft-deleted collection cannot be reordered.
      await t.request<null>(`/api/collections/${c.id}`, { method: 'DELETE', token: admin.accessToken });
      expect((await reorder(c.id, pieces)).status).toBe(404);
    });
  });

  it('reports statistics (ADMIN) and health', async () => {
    const res = await t.request<CollectionStatistics>('/api/collections/statistics', { token: admin.accessToken });
    expect(res.status).toBe(200);
    const all = await t.request<CollectionPage>('/api/collections?size=100', { token: admin.accessToken });
    expect(res.body.total).toBe(all.body.totalElements);
    expect(Object.values(res.body.bySeason as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(res.body.total);
    expect((await t.request('/api/collections/statistics', { token: customer.accessToken })).status).toBe(403);
    expect((await t.request<Health>('/api/collections/health')).body.status).toBe('UP');
  });
});
