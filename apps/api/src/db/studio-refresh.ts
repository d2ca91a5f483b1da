/**
 * Studio photographs brought up to date at start (decision 0111). A database seeded, or a piece photographed, by
 * another generator (the SVG drawings before decision 0107, or an older tracer) keeps its pictures until this
 * photographs the piece again: under the startup lock, before the server listens (decision 0082), like the seed.
 *
 * The rule: a piece is photographed again when its images are still the studio's own set, untouched, and one of
 * them was drawn by another generator (or records none: rows from before 0111). The studio's own set is exactly
 * its front then its detail view, each under a generated key of that view (`STUDIO_IMAGE_KEY`) with the alt text
 * the studio wrote for the piece's current name. Anything staff did to a piece's images — an upload, a removed or
 * reordered view, alt text rewritten (or the piece renamed since) — leaves the piece alone.
 *
 * Cost when everything is current: one primary-key read (`app_state`, 'studio-generator' = this generator). After a
 * change of generator: one pass over the catalogue in pages of 500 ids (the primary key's order), each page's
 * candidates then read by a filter in SQL. No statement reads more than a page: a filter inside a keyset walk
 * would read the whole catalogue in one statement when few pieces match (a million pieces without studio images
 * passed the statement timeout, and the server did not start).
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { STUDIO_VARIANTS, generatorFingerprint, renderAllCached, studioInputs, type ImageryCache } from '@mirror/imagery';
import type { Db } from './client';
import { appState, categories, collections, products, type StoredImage } from './schema/index';
import { STUDIO_IMAGE_KEY, storeRenderedImages, studioAlt, studioPieceOf } from '../lib/studio-images';
import type { StorageDriver } from '../lib/storage/storage';

/** `app_state` key: the generator every piece's studio images were last checked against. */
export const STUDIO_GENERATOR_STATE = 'studio-generator';

/** The piece's images are the studio's set as the studio wrote it: front then detail, generated keys, its alt text. */
export function isStudioSet(name: string, images: StoredImage[]): boolean {
  return (
    images.length === STUDIO_VARIANTS.length &&
    images.every(
      (image, i) =>
        image.variant === STUDIO_VARIANTS[i] &&
        image.alt === studioAlt(name, image.variant) &&
        image.sources.length > 0 &&
        image.sources.every((source) => STUDIO_IMAGE_KEY.exec(source.key)?.[1] === image.variant),
    )
  );
}

/** Whether the piece is to be photographed again by `generator` (the rule above). */
export function needsNewPhotographs(piece: { name: string; images: StoredImage[] }, generator: string): boolean {
  return isStudioSet(piece.name, piece.images) && piece.images.some((image) => image.generator !== generator);
}

export interface RefreshStudioOptions {
  storage: StorageDriver;
  imageryCache: ImageryCache;
  log?: (msg: string) => void;
  /** The current generator (default: @mirror/imagery's fingerprint; null = unknown, nothing is done). */
  generator?: string | null;
  /** Pieces read per page while looking for stale photographs. */
  pageSize?: number;
}

/**
 * Photographs again, with the current generator, every piece whose studio images another generator drew, and
 * replaces them (one transaction per piece: its images and the collection covers that showed its old front view),
 * unless the piece's images changed meanwhile. Resolves with the number of pieces whose images were replaced.
 */
export async function refreshStudioImages(
  db: Db,
  { storage, imageryCache, log = () => {}, generator = generatorFingerprint(), pageSize = 500 }: RefreshStudioOptions,
): Promise<number> {
  if (!generator) return 0;
  const [state] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, STUDIO_GENERATOR_STATE));
  if (state?.value === generator) return 0;

  const started = Date.now();
  let replaced = 0;
  let found = 0;
  let lastLog = started;
  // In pages by id, so a large catalogue is never held at once. SQL keeps only rows that may be the studio's own
  // set drawn by another generator (two views, one of them from another or no generator); `needsNewPhotographs`
  // applies the whole rule.
  let after: string | null = null;
  let checked = 0;
  let pages = 0;
  for (;;) {
    const page = await db
      .select({ id: products.id })
      .from(products)
      .where(after ? gt(products.id, after) : undefined)
      .orderBy(asc(products.id))
      .limit(pageSize);
    if (page.length === 0) break;
    pages += 1;
    checked += page.length;
    after = page[page.length - 1]!.id;
    const rows = await db
      .select({
        id: products.id,
        sku: products.sku,
        name: products.name,
        metal: products.metal,
        gemstoneType: products.gemstoneType,
        gemstoneCut: products.gemstoneCut,
        gemstoneColour: products.gemstoneColour,
        gemstoneCaratPoints: products.gemstoneCaratPoints,
        categoryName: categories.name,
        images: products.images,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(
          sql`${products.id} = any(string_to_array(${page.map((row) => row.id).join(',')}, ',')::uuid[])`,
          sql`jsonb_array_length(${products.images}) = ${STUDIO_VARIANTS.length}`,
          sql`exists (select 1 from jsonb_array_elements(${products.images}) as image where image->>'generator' is distinct from ${generator})`,
        ),
      )
      .orderBy(asc(products.id));
    const stale = rows.filter((row) => needsNewPhotographs(row, generator));
    if (stale.length > 0 && found === 0) log('studio images: pieces drawn by another generator found, photographing them again');
    found += stale.length;
    await renderAllCached(
      imageryCache,
      stale,
      (row) => studioInputs(studioPieceOf(row, row.categoryName)),
      async (row, rendered) => {
        const images = await storeRenderedImages(storage, studioPieceOf(row, row.categoryName), rendered, generator);
        const done = await db.transaction(async (tx) => {
          const updated = await tx
            .update(products)
            .set({ images })
            .where(and(eq(products.id, row.id), sql`${products.images} = ${JSON.stringify(row.images)}::jsonb`))
            .returning({ id: products.id });
          if (updated.length === 0) return false;
          await tx
            .update(collections)
            .set({ coverImage: images[0]! })
            .where(sql`${collections.coverImage} = ${JSON.stringify(row.images[0])}::jsonb`);
          return true;
        });
        if (done) replaced += 1;
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now();
          log(`studio images: ${replaced} of ${found} pieces found so far photographed again`);
        }
      },
    );
    if (page.length < pageSize) break;
  }
  await db
    .insert(appState)
    .values({ key: STUDIO_GENERATOR_STATE, value: generator })
    .onConflictDoUpdate({ target: appState.key, set: { value: generator, updatedAt: new Date() } });
  log(`studio images: ${checked} pieces checked in ${pages} pages, ${found} drawn by another generator`);
  if (found > 0)
    log(
      `studio images: ${replaced} pieces photographed again in ${((Date.now() - started) / 1000).toFixed(1)} s (cache ${imageryCache.dir})`,
    );
  return replaced;
}
