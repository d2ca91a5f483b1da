/**
 * The studio renders (@mirror/imagery) kept through the storage layer: a piece's views at every width,
 * under keys named after what drew them, which its `images` column points at.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  STUDIO_VARIANTS,
  generatorFingerprint,
  pieceTypeOf,
  renderKey,
  renderProductImage,
  studioInputs,
  type ImageryCache,
  type RenderedImage,
  type StudioPiece,
} from '@mirror/imagery';
import type { StoredImage } from '../db/schema/catalog';
import type { StorageDriver } from './storage/storage';

/**
 * A studio image's file key: `mirror-storage/products/<name>-<view>-<width>.webp`, where `<name>` (36 characters,
 * UUID-shaped, as the back-office's editor recognises a render) hashes the piece's id and the render key (the
 * generator and the render input). Files are served as immutable, so a new photograph of the piece (another
 * generator) gets new keys, and drawing the same photograph again writes the same bytes under the same keys.
 * Demo databases seeded before decision 0111 named the files `<product id>-<view>-<width>.webp`.
 */
export function studioImageKey(name: string, variant: string, width: number): string {
  return `mirror-storage/products/${name}-${variant}-${width}.webp`;
}

/** A generated image's key, whichever generator named it (the editor's `GENERATED_KEY`), the view captured. */
export const STUDIO_IMAGE_KEY = /^mirror-storage\/products\/[0-9a-f-]{36}-([a-z]+)-\d+\.webp$/;

function uuidShaped(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A piece as the studio sees it: its attributes, and the form its category's name (else its own name) says — how a
 * piece saved in the back-office is photographed, and how one drawn by another generator is photographed again.
 */
export function studioPieceOf(
  row: Pick<StudioPiece, 'id' | 'sku' | 'name' | 'metal' | 'gemstoneType' | 'gemstoneCut' | 'gemstoneColour' | 'gemstoneCaratPoints'>,
  categoryName: string | null,
): StudioPiece {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    pieceType: pieceTypeOf(categoryName ?? '', row.name),
    categoryName,
    metal: row.metal,
    gemstoneType: row.gemstoneType,
    gemstoneCut: row.gemstoneCut,
    gemstoneColour: row.gemstoneColour,
    gemstoneCaratPoints: row.gemstoneCaratPoints,
  };
}

/** The alt text the studio gives a piece's view. */
export function studioAlt(name: string, variant: string): string {
  return `${name}${variant === 'detail' ? ', detail' : ''}`;
}

/**
 * Stores a piece's rendered views (in `studioInputs` order) at every width through the storage layer; each image
 * records its generator. Without a generator fingerprint (a bundle built without it) the keys are random.
 */
export async function storeRenderedImages(
  storage: StorageDriver,
  row: StudioPiece,
  rendered: RenderedImage[][],
  generator: string | null = generatorFingerprint(),
): Promise<StoredImage[]> {
  const inputs = studioInputs(row);
  const images: StoredImage[] = [];
  for (const [index, variant] of STUDIO_VARIANTS.entries()) {
    const name = generator
      ? uuidShaped(
          createHash('sha256')
            .update(`${row.id}\n${renderKey(inputs[index]!, generator)}`)
            .digest('hex'),
        )
      : randomUUID();
    const sources = [];
    for (const image of rendered[index] ?? []) {
      const key = studioImageKey(name, variant, image.width);
      await storage.put(key, image.buffer, image.contentType);
      sources.push({ key, width: image.width, height: image.height });
    }
    images.push({ variant, alt: studioAlt(row.name, variant), sources, ...(generator ? { generator } : {}) });
  }
  return images;
}

/**
 * Renders a piece's front and detail studio images at every width and stores them through the storage
 * layer; with a cache, an image drawn before (same generator, same attributes) is read, not drawn.
 */
export async function storeProductImages(storage: StorageDriver, row: StudioPiece, cache?: ImageryCache): Promise<StoredImage[]> {
  const rendered: RenderedImage[][] = [];
  for (const input of studioInputs(row)) {
    const images = cache ? await cache.get(input) : await renderProductImage(input);
    if (images === 'busy') throw new Error('unreachable: a waiting cache read is never busy');
    rendered.push(images);
  }
  return storeRenderedImages(storage, row, rendered);
}
