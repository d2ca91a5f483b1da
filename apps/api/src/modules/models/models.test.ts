import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import validator from 'gltf-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';
import { seedDemo } from '../../db/seed/index';
import { buildModel } from './build';
import { createBuildPool } from './build-pool';
import { decompressGlb, readGlb } from './glb';
import { modelSpecOf, specHash } from '@mirror/imagery/models';
import type { CategoryPage, Product, ProductPage, TokenPair } from '@mirror/contract';

let t: TestApp;
let admin: TokenPair & Pick<Session, 'auth'>;
let dataDir: string;
let demo: Product[];
const MAX_BYTES = 500 * 1024;

async function getModel(id: string, init: { token?: string; query?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${t.baseUrl}/api/products/${id}/model.glb${init.query ?? ''}`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: (): unknown => JSON.parse(new TextDecoder().decode(bytes)) };
}

async function validate(bytes: Uint8Array) {
  const report = await validator.validateBytes(bytes, { maxIssues: 50 });
  return report.issues as {
    numErrors: number;
    numWarnings: number;
    messages: { code: string; severity: number; message: string; pointer?: string }[];
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-models-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  await seedDemo(t.database.db);
  const login = await t.request<TokenPair>('/api/auth/authenticate', { body: { username: 'admin', password: 'Mirror-Demo-2025' } });
  admin = { ...login.body, auth: { token: login.body.accessToken } };
  demo = (await t.request<ProductPage>('/api/products?size=100', { token: admin.accessToken })).body.content;
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/products/{id}/model.glb', () => {
  it('serves every demo piece as valid binary glTF under 500 KB, with its stones named', async () => {
    expect(demo.length).toBe(80);
    const problems: string[] = [];
    for (const piece of demo) {
      const res = await getModel(piece.id, { token: admin.accessToken });
      expect(res.status, piece.name).toBe(200);
      expect(res.headers.get('content-type')).toBe('model/gltf-binary');
      expect(res.bytes.byteLength, piece.name).toBeLessThanOrEqual(MAX_BYTES);
      // the served file (meshopt, which the validator cannot decode) and the same geometry uncompressed
      const served = await validate(res.bytes);
      const plain = await validate(await decompressGlb(res.bytes));
      if (served.numErrors > 0 || plain.numErrors > 0 || plain.numWarnings > 0) {
        problems.push(
          `${piece.name}: ${[...served.messages, ...plain.messages]
            .filter((m) => m.severity <= 1)
            .map((m) => `${m.code} ${m.pointer ?? ''} ${m.message}`)
            .join('; ')}`,
        );
      }
      const names = (await readGlb(res.bytes))
        .getRoot()
        .listNodes()
        .map((n) => n.getName());
      const stones = names.filter((n) => /^stone-\d+$/.test(n));
      if (piece.gemstone) expect(stones.length, piece.name).toBeGreaterThan(0);
      else expect(stones, piece.name).toEqual([]);
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('is deterministic: the served bytes equal a fresh build of the same attributes, named by their hash', async () => {
    const piece = demo.find((p) => p.gemstone?.type === 'Diamond' && p.status === 'ACTIVE')!;
    const res = await getModel(piece.id);
    expect(res.status).toBe(200);
    const categories = (await t.request<CategoryPage>('/api/categories?size=100', { token: admin.accessToken })).body.content;
    const spec = modelSpecOf({
      name: piece.name,
      categoryName: categories.find((c) => c.id === piece.categoryId)!.name,
      metal: piece.metalType,
      gemstone: piece.gemstone,
    });
    const fresh = await buildModel(spec);
    expect(Buffer.from(fresh).equals(Buffer.from(res.bytes))).toBe(true);
    expect(res.headers.get('etag')).toBe(`"${specHash(spec)}"`);
    // kept on disk under DATA_DIR, so a restart does not build it again
    const file = path.join(dataDir, 'models', `${specHash(spec)}.glb`);
    await expect.poll(() => existsSync(file)).toBe(true);
    expect(Buffer.from(readFileSync(file)).equals(Buffer.from(res.bytes))).toBe(true);
  });

  it('answers a matching If-None-Match with 304 and lets shared caches keep live pieces', async () => {
    const piece = demo.find((p) => p.status === 'ACTIVE')!;
    const first = await getModel(piece.id);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const again = await getModel(piece.id, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await getModel(piece.id, { headers: { 'if-none-match': `W/"other", ${etag}` } })).status).toBe(304);
    expect((await getModel(piece.id, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
  });

  it('changes the ETag when the piece changes', async () => {
    const f = catalogFactory(t, admin);
    const piece = demo.find((p) => p.gemstone && p.status === 'ACTIVE')!;
    const created = await f.product({
      categoryId: piece.categoryId,
      vendorId: piece.vendorId,
      name: 'Model Solitaire',
      gemstone: { type: 'Diamond', cut: 'Round', colour: 'D', carat: 1 },
    });
    const before = await getModel(created.id);
    const put = await t.request<Product>(`/api/products/${created.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { gemstone: { type: 'Diamond', cut: 'Round', colour: 'D', carat: 2 } },
    });
    expect(put.status).toBe(200);
    const after = await getModel(created.id, { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows the piece in another metal on request: only the metal material changes', async () => {
    const piece = demo.find((p) => p.gemstone && p.metalType !== 'ROSE_GOLD' && p.status === 'ACTIVE')!;
    const own = await getModel(piece.id);
    const rose = await getModel(piece.id, { query: '?metal=ROSE_GOLD' });
    expect(rose.status).toBe(200);
    expect(rose.headers.get('etag')).not.toBe(own.headers.get('etag'));
    const [a, b] = await Promise.all([readGlb(own.bytes), readGlb(rose.bytes)]);
    const nodes = (d: typeof a) =>
      d
        .getRoot()
        .listNodes()
        .map((n) =>
          [
            n.getName(),
            n.getTranslation().join(','),
            // getCount(), not getArray().length: the array's type names Float16Array, which lib ES2023 lacks (an unresolved type).
            n.getMesh()?.listPrimitives()[0]?.getAttribute('POSITION')?.getCount() ?? 0,
          ].join('|'),
        );
    expect(nodes(b)).toEqual(nodes(a));
    const materials = (d: typeof a) =>
      d
        .getRoot()
        .listMaterials()
        .map((m) => ({
          name: m.getName(),
          color: m
            .getBaseColorFactor()
            .map((c) => c.toFixed(3))
            .join(','),
          metallic: m.getMetallicFactor(),
        }));
    const [ma, mb] = [materials(a), materials(b)];
    expect(mb.filter((m) => m.metallic === 0)).toEqual(ma.filter((m) => m.metallic === 0));
    expect(mb.filter((m) => m.metallic === 1).map((m) => m.name)).toEqual(['metal-rose-gold']);
    expect(ma.filter((m) => m.metallic === 1).map((m) => m.name)).not.toEqual(['metal-rose-gold']);

    const bad = await getModel(piece.id, { query: '?metal=GOLD' });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.json(), 400);
    expect((await getModel(piece.id, { query: '?colour=red' })).status).toBe(400);
  });

  it('answers unknown, malformed and deleted pieces with the one error shape', async () => {
    const unknown = await getModel('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.json(), 404, 'PRODUCT_NOT_FOUND');
    const malformed = await getModel('not-a-uuid');
    expect(malformed.status).toBe(400);
    expectErrorShape(malformed.json(), 400);
    const f = catalogFactory(t, admin);
    const piece = demo[0];
    const doomed = await f.product({ categoryId: piece!.categoryId, vendorId: piece!.vendorId, name: 'Doomed Band' });
    expect((await getModel(doomed.id)).status).toBe(200);
    expect((await t.request(`/api/products/${doomed.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    for (const token of [undefined, admin.accessToken]) {
      const gone = await getModel(doomed.id, { token });
      expect(gone.status).toBe(404);
      expectErrorShape(gone.json(), 404, 'PRODUCT_NOT_FOUND');
    }
  });

  it('shows a DRAFT piece only to its vendor and admins, and never to shared caches', async () => {
    const f = catalogFactory(t, admin);
    const [owner, other, customer] = await Promise.all([t.loginAs('VENDOR'), t.loginAs('VENDOR'), t.loginAs('CUSTOMER')]);
    await f.vendor(other.userId);
    const vendor = await f.vendor(owner.userId);
    const draft = await f.product({
      categoryId: demo[0]!.categoryId,
      vendorId: vendor.id,
      name: 'Secret Halo Ring',
      status: 'DRAFT',
      gemstone: { type: 'Sapphire', cut: 'Oval', colour: 'Royal Blue', carat: 1.5 },
    });
    for (const token of [undefined, other.accessToken, customer.accessToken]) {
      const hidden = await getModel(draft.id, { token });
      expect(hidden.status).toBe(404);
      expectErrorShape(hidden.json(), 404, 'PRODUCT_NOT_FOUND');
    }
    for (const token of [owner.accessToken, admin.accessToken]) {
      const shown = await getModel(draft.id, { token });
      expect(shown.status).toBe(200);
      expect(shown.headers.get('cache-control')).toBe('private, no-cache');
      expect(shown.bytes.byteLength).toBeGreaterThan(1000);
    }
  });

  it('builds off the event loop: the server answers the model from a worker, and the pool never blocks its caller', async () => {
    const f = catalogFactory(t, admin);
    // Any high-jewelry piece lends its category and vendor; the tiara itself is made here (the curated seed may hold none).
    const categories = (await t.request<CategoryPage>('/api/categories?size=100')).body.content as { id: string; name: string }[];
    const highJewelryId = categories.find((c) => c.name === 'High Jewelry')!.id;
    const highJewelry = demo.find((p) => p.categoryId === highJewelryId)!;
    const tiara = await f.product({
      categoryId: highJewelry.categoryId,
      vendorId: highJewelry.vendorId,
      name: 'Event Loop Tiara',
      gemstone: { type: 'Diamond', cut: 'Round', colour: 'D', carat: 7.77 },
    });
    const res = await getModel(tiara.id);
    expect(res.status).toBe(200);

    // No timing: the order of events. Built in-process, the work is done inside build() and its result
    // is ready before the loop's next turn; built in a worker, the loop turns (setImmediate runs) first.
    const spec = modelSpecOf({
      name: 'Event Loop Tiara',
      categoryName: 'High Jewelry',
      metal: 'PLATINUM',
      gemstone: { type: 'Diamond', cut: 'Round', colour: 'D', carat: 7.77 },
    });
    const loopTurnedFirst = async (pool: ReturnType<typeof createBuildPool>) => {
      let hasTurned = false;
      setImmediate(() => {
        hasTurned = true;
      });
      const bytes = await pool.build(spec);
      await pool.close();
      return { hasTurned, bytes };
    };
    const inWorker = await loopTurnedFirst(createBuildPool());
    const inProcess = await loopTurnedFirst(createBuildPool({ inProcess: true }));
    expect(inWorker.hasTurned).toBe(true);
    expect(inProcess.hasTurned).toBe(false); // the check can tell the two apart
    expect(Buffer.from(inWorker.bytes).equals(Buffer.from(inProcess.bytes))).toBe(true);
  });
});
