import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, createImageryCache, type ProductImageInput, type RenderedImage } from '@mirror/imagery';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { seedDemo } from './seed/index';
import { appState, collections, products, type StoredImage } from './schema/index';
import { STUDIO_GENERATOR_STATE, isStudioSet, needsNewPhotographs, refreshStudioImages } from './studio-refresh';

/** The images the seed wrote before decision 0111: `<product id>-<view>-<width>.webp`, no generator recorded. */
function legacyImages(id: string, name: string): StoredImage[] {
  return (['front', 'detail'] as const).map((variant) => ({
    variant,
    alt: `${name}${variant === 'detail' ? ', detail' : ''}`,
    sources: IMAGE_WIDTHS.map((width) => ({
      key: `mirror-storage/products/${id}-${variant}-${width}.webp`,
      width,
      height: (width * 5) / 4,
    })),
  }));
}

describe('the studio images rule', () => {
  const name = 'Givre Diamond Pendant';
  const id = '0b7c2a52-91de-4c7e-8f35-3f2d1b6a9e10';
  const studio = legacyImages(id, name);
  it('takes the studio set, as written, for its own: stale when drawn by another generator or by an unknown one', () => {
    expect(isStudioSet(name, studio)).toBe(true);
    expect(needsNewPhotographs({ name, images: studio }, 'g2')).toBe(true);
    const current = studio.map((image) => ({ ...image, generator: 'g2' }));
    expect(needsNewPhotographs({ name, images: current }, 'g2')).toBe(false);
    expect(needsNewPhotographs({ name, images: current }, 'g3')).toBe(true);
  });
  it('leaves alone what staff changed: an upload, a view removed or reordered, the alt text (or the name) changed', () => {
    const upload = {
      variant: 'front',
      alt: name,
      sources: [{ key: 'mirror-storage/products/uploads/3f6c-w1280.webp', width: 1280, height: 1600 }],
    };
    expect(isStudioSet(name, [upload, studio[1]!])).toBe(false);
    expect(isStudioSet(name, [...studio, upload])).toBe(false);
    expect(isStudioSet(name, [studio[0]!])).toBe(false);
    expect(isStudioSet(name, [studio[1]!, studio[0]!])).toBe(false);
    expect(isStudioSet(name, [{ ...studio[0]!, alt: 'The pendant, on its chain' }, studio[1]!])).toBe(false);
    expect(isStudioSet('Givre Sapphire Pendant', studio)).toBe(false);
    expect(isStudioSet(name, [])).toBe(false);
  });
});

describe('studio images drawn by another generator, at start', () => {
  let t: TestApp;
  const drawn: ProductImageInput[] = [];
  // A stand-in renderer: a flat colour per call, so a test tells a new photograph from an old one by its bytes.
  const render = async (input: ProductImageInput): Promise<RenderedImage[]> => {
    drawn.push(input);
    return Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        height: (width * 5) / 4,
        buffer: await sharp({ create: { width: 8, height: 10, channels: 3, background: { r: drawn.length, g: 80, b: 120 } } })
          .webp()
          .toBuffer(),
        contentType: 'image/webp' as const,
      })),
    );
  };
  const imageryCache = createImageryCache(mkdtempSync(path.join(tmpdir(), 'mirror-refresh-')), render);
  type Row = { id: string; name: string; images: StoredImage[] };
  let rows: Row[];
  const imagesOf = async (id: string) =>
    (await t.database.db.select({ images: products.images }).from(products).where(eq(products.id, id)))[0]!.images;
  const setImages = (id: string, images: StoredImage[]) => t.database.db.update(products).set({ images }).where(eq(products.id, id));
  const upload: StoredImage = {
    variant: 'front',
    alt: 'On the hand',
    sources: [{ key: 'mirror-storage/products/uploads/8d1e2f7a-0c4b-4a55-9a0e-5b9f3c1d2e40-w1280.webp', width: 1280, height: 1600 }],
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db);
    rows = await t.database.db
      .select({ id: products.id, name: products.name, images: products.images })
      .from(products)
      .where(sql`${products.sku} like 'MIR-%'`)
      .orderBy(products.sku)
      .limit(5);
    const [stale, altered, uploaded, reordered, current] = rows as [Row, Row, Row, Row, Row];
    // An old demo database: the seed's SVG drawings under the old naming, the files in storage.
    for (const row of [stale, altered, reordered]) {
      for (const image of legacyImages(row.id, row.name))
        for (const source of image.sources) await t.storage.put(source.key, Buffer.from(`old ${source.key}`), 'image/webp');
    }
    await setImages(stale.id, legacyImages(stale.id, stale.name));
    const [front, detail] = legacyImages(altered.id, altered.name);
    await setImages(altered.id, [{ ...front!, alt: 'The ring, seen from above' }, detail!]);
    await setImages(uploaded.id, [upload]);
    await setImages(reordered.id, legacyImages(reordered.id, reordered.name).reverse());
    await setImages(
      current.id,
      legacyImages(current.id, current.name).map((image) => ({ ...image, generator: 'gen-2' })),
    );
    // The stale piece's front view is a collection's cover.
    await t.database.db
      .update(collections)
      .set({ coverImage: legacyImages(stale.id, stale.name)[0]! })
      .where(sql`${collections.id} = (select id from ${collections} order by name limit 1)`);
  }, 120_000);
  afterAll(() => t.close());

  it('photographs again the pieces whose untouched studio images another generator drew, and nothing else', async () => {
    const [stale, altered, uploaded, reordered, current] = rows as [Row, Row, Row, Row, Row];
    const before = new Map(await Promise.all(rows.map(async (r) => [r.id, await imagesOf(r.id)] as const)));
    expect(await refreshStudioImages(t.database.db, { storage: t.storage, imageryCache, generator: 'gen-2' })).toBe(1);
    expect(drawn.map((input) => [input.seed, input.variant])).toEqual([
      [drawn[0]!.seed, 'front'],
      [drawn[0]!.seed, 'detail'],
    ]);

    const renewed = await imagesOf(stale.id);
    expect(renewed.map((image) => [image.variant, image.alt, image.generator])).toEqual([
      ['front', stale.name, 'gen-2'],
      ['detail', `${stale.name}, detail`, 'gen-2'],
    ]);
    expect(isStudioSet(stale.name, renewed)).toBe(true);
    // New keys (files are served as immutable), the new photograph behind them; the collection's cover follows.
    const oldKeys = new Set(legacyImages(stale.id, stale.name).flatMap((image) => image.sources.map((s) => s.key)));
    expect(renewed.flatMap((image) => image.sources.map((s) => s.key)).filter((key) => oldKeys.has(key))).toEqual([]);
    const served = await fetch(`${t.baseUrl}/api/files/${renewed[0]!.sources[1]!.key}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    const [cover] = await t.database.db.select({ coverImage: collections.coverImage }).from(collections).orderBy(collections.name).limit(1);
    expect(cover!.coverImage).toEqual(renewed[0]);

    // Staff's images, and the piece already photographed by this generator, as they were.
    for (const row of [altered, uploaded, reordered, current]) expect(await imagesOf(row.id), row.name).toEqual(before.get(row.id));
    expect(await imagesOf(uploaded.id)).toEqual([upload]);
    const [state] = await t.database.db.select().from(appState).where(eq(appState.key, STUDIO_GENERATOR_STATE));
    expect(state!.value).toBe('gen-2');
  });

  it('draws nothing at the next start with the same generator (one read of app_state)', async () => {
    const count = drawn.length;
    const images = await imagesOf(rows[0]!.id);
    expect(await refreshStudioImages(t.database.db, { storage: t.storage, imageryCache, generator: 'gen-2' })).toBe(0);
    expect(drawn.length).toBe(count);
    expect(await imagesOf(rows[0]!.id)).toEqual(images);
  });

  it('with another generator, photographs again what the previous one drew; the same generator again writes the same keys', async () => {
    const [stale, , , , current] = rows as [Row, Row, Row, Row, Row];
    const previous = await imagesOf(stale.id);
    expect(await refreshStudioImages(t.database.db, { storage: t.storage, imageryCache, generator: 'gen-3' })).toBe(2);
    const renewed = await imagesOf(stale.id);
    expect(renewed.every((image) => image.generator === 'gen-3')).toBe(true);
    expect((await imagesOf(current.id)).every((image) => image.generator === 'gen-3')).toBe(true);
    expect(renewed[0]!.sources[0]!.key).not.toBe(previous[0]!.sources[0]!.key);
    // A client saving the render back (the editor does, once its photographs are removed) drops the field: the
    // next start photographs it again, under the same keys, since the generator and the piece are the same.
    await setImages(
      stale.id,
      renewed.map(({ generator: _generator, ...image }) => image),
    );
    await t.database.db.delete(appState);
    expect(await refreshStudioImages(t.database.db, { storage: t.storage, imageryCache, generator: 'gen-3' })).toBe(1);
    expect(await imagesOf(stale.id)).toEqual(renewed);
  });

  it('reads the catalogue in pages: one piece a page finds every piece a single page finds', async () => {
    const candidates = (await t.database.db.select({ name: products.name, images: products.images }).from(products)).filter((piece) =>
      needsNewPhotographs(piece, 'gen-4'),
    );
    expect(candidates.length).toBeGreaterThan(1);
    expect(await refreshStudioImages(t.database.db, { storage: t.storage, imageryCache, generator: 'gen-4', pageSize: 1 })).toBe(
      candidates.length,
    );
  });

  it('reads every page of the catalogue in a statement of its own, whether or not the page holds a candidate', async () => {
    // Pieces without studio images ahead of the candidates: a filter inside the keyset walk would read past all of them
    // in one statement (a million of them passed the statement timeout at start); pages of ids read one page each.
    const [{ total }] = (await t.database.db.select({ total: sql<number>`count(*)::int` }).from(products)) as [{ total: number }];
    const lines: string[] = [];
    const replaced = await refreshStudioImages(t.database.db, {
      storage: t.storage,
      imageryCache,
      generator: 'gen-5',
      pageSize: 7,
      log: (line) => lines.push(line),
    });
    expect(replaced).toBeGreaterThan(0);
    expect(lines).toContain(
      `studio images: ${total} pieces checked in ${Math.ceil(total / 7)} pages, ${replaced} drawn by another generator`,
    );
  });
});
