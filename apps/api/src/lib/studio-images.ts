/**
 * The studio renders (@mirror/imagery) kept through the storage layer: a piece's views at every width,
 * under the keys its `images` column points at.
 */
import {
  STUDIO_VARIANTS,
  renderProductImage,
  studioInputs,
  type ImageryCache,
  type RenderedImage,
  type StudioPiece,
} from '@mirror/imagery';
import type { StoredImage } from '../db/schema/catalog';
import type { StorageDriver } from './storage/storage';

/** Stores a piece's rendered views (in `studioInputs` order) at every width through the storage layer. */
export async function storeRenderedImages(storage: StorageDriver, row: StudioPiece, rendered: RenderedImage[][]): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (const [index, variant] of STUDIO_VARIANTS.entries()) {
    const sources = [];
    for (const image of rendered[index] ?? []) {
      const key = `mirror-storage/products/${row.id}-${variant}-${image.width}.webp`;
      await storage.put(key, image.buffer, image.contentType);
      sources.push({ key, width: image.width, height: image.height });
    }
    images.push({ variant, alt: `${row.name}${variant === 'detail' ? ', detail' : ''}`, sources });
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
