import type { GemIndex, ProductPage } from '@mirror/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Session, type TestApp } from '../../../test/helpers';
import { catalogFactory } from '../../../test/catalog';

let t: TestApp;
let admin: Session;
let vendor: Session;
let f: ReturnType<typeof catalogFactory>;
let base: { vendorId: string; categoryId: string };

const image = (key: string) => ({
  variant: 'front',
  alt: key,
  sources: [{ key: `mirror-storage/products/${key}-320.webp`, width: 320, height: 400 }],
});

beforeAll(async () => {
  // The index is kept like the facets; a write through this server clears it (the last test).
  t = await buildTestApp();
  [admin, vendor] = await Promise.all([t.loginAs('ADMIN'), t.loginAs('VENDOR')]);
  f = catalogFactory(t, admin);
  base = { vendorId: (await f.vendor(vendor.userId)).id, categoryId: (await f.category('Rings')).id };
  const piece = (name: string, gemstone: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}) =>
    f.product({ ...base, name, ...(gemstone ? { gemstone } : {}), images: [image(name.toLowerCase().replace(/\W+/g, '-'))], ...extra });
  // Spellings of one stone, colour and cut that differ in case, spaces and `_`/`-` are one.
  await piece('Zircon B', { type: 'ZIRCON', colour: 'sky_blue', cut: 'Round-brilliant' });
  await piece('Zircon A', { type: ' zircon ', colour: 'Sky Blue', cut: 'round brilliant' });
  await piece('Zircon C', { type: 'Zircon', colour: 'Sky-Blue', cut: 'ROUND_BRILLIANT' });
  await piece('Zircon D', { type: 'zircon', colour: 'Golden' });
  await piece('Zircon E', { type: 'zircon' });
  await piece('Spinel A', { type: 'Spinel', colour: 'Red', cut: 'Cushion' });
  await piece('Spinel B', { type: 'Spinel', colour: 'Red', cut: 'Cushion' });
  // Never in the storefront's index: a piece without a stone, a draft, a piece in the Trash.
  await piece('Plain Band', undefined);
  await piece('Draft Opal', { type: 'Opal', colour: 'White', cut: 'Cabochon' }, { status: 'DRAFT' });
  const trashed = await piece('Trashed Opal', { type: 'Opal', colour: 'White', cut: 'Cabochon' });
  expect((await t.request(`/api/products/${trashed.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
});
afterAll(() => t.close());

describe('GET /api/products/gems', () => {
  it('groups the stones by type, colour and cut, however spelled, with counts and the first piece by name (variants by count, then key)', async () => {
    const res = await t.request<GemIndex>('/api/products/gems');
    expect(res.status).toBe(200);
    const zircon = res.body.stones.find((s) => s.name === 'Zircon')!;
    expect(zircon).toEqual({
      name: 'Zircon',
      count: 5,
      colours: ['Golden', 'Sky Blue'],
      cuts: ['Round Brilliant'],
      variants: [
        {
          key: 'Sky Blue|Round Brilliant',
          colour: 'Sky Blue',
          cut: 'Round Brilliant',
          count: 3,
          sample: { id: expect.any(String), name: 'Zircon A', image: expect.objectContaining({ alt: 'zircon-a' }) },
        },
        { key: 'Golden|', colour: 'Golden', cut: null, count: 1, sample: expect.objectContaining({ name: 'Zircon D' }) },
        { key: '|', colour: null, cut: null, count: 1, sample: expect.objectContaining({ name: 'Zircon E' }) },
      ],
    });
    // Stones by count, then name.
    expect(res.body.stones.map((s) => s.name)).toEqual(['Zircon', 'Spinel']);
    expect(res.body.stones[1]).toMatchObject({ count: 2, variants: [{ key: 'Red|Cushion', count: 2, sample: { name: 'Spinel A' } }] });
  });

  it('is the public catalogue whoever asks: no draft, nothing in the Trash, even for an admin', async () => {
    for (const token of [undefined, admin.accessToken, vendor.accessToken]) {
      const res = await t.request<GemIndex>('/api/products/gems', { token });
      expect(res.status).toBe(200);
      expect(res.body.stones.map((s) => s.name)).not.toContain('Opal');
    }
  });

  it('agrees with the public list, piece for piece', async () => {
    const list = await t.request<ProductPage>('/api/products?size=100&sort=name,asc');
    const withStone = list.body.content.filter((p) => p.gemstone?.type.trim());
    const index = await t.request<GemIndex>('/api/products/gems');
    expect(index.body.stones.reduce((sum, s) => sum + s.count, 0)).toBe(withStone.length);
    for (const stone of index.body.stones) {
      expect(stone.variants.reduce((sum, v) => sum + v.count, 0)).toBe(stone.count);
      for (const v of stone.variants) expect(withStone.map((p) => p.id)).toContain(v.sample.id);
    }
  });

  it('follows a new piece', async () => {
    await f.product({ ...base, name: 'Spinel C', gemstone: { type: 'spinel', colour: 'Pink', cut: 'Oval' } });
    const res = await t.request<GemIndex>('/api/products/gems');
    expect(res.body.stones.find((s) => s.name === 'Spinel')).toMatchObject({
      count: 3,
      colours: ['Pink', 'Red'],
      cuts: ['Cushion', 'Oval'],
    });
  });
});
