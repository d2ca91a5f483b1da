import type { MetalType } from '@mirror/contract';
import type { StoredImage } from '../../db/schema/catalog';
import type { StorageDriver } from '../storage/storage';
import type { ImageryCache } from './cache';
import { renderProductImage, type PieceType, type ProductImageInput, type RenderedImage } from './render';

export interface StudioPiece {
  id: string;
  sku: string;
  name: string;
  pieceType: PieceType;
  metal: MetalType;
  gemstoneType?: string | null;
  gemstoneCut?: string | null;
  gemstoneColour?: string | null;
  gemstoneCaratPoints?: number | null;
}

const VARIANTS = ['front', 'detail'] as const;

/** The render inputs of a piece's studio images: its front view, then its detail view. */
export function studioInputs(row: StudioPiece): ProductImageInput[] {
  return VARIANTS.map((variant) => ({
    pieceType: row.pieceType,
    metal: row.metal,
    gemstone: row.gemstoneType
      ? {
          type: row.gemstoneType,
          cut: row.gemstoneCut ?? 'Round',
          colour: row.gemstoneColour ?? 'White',
          carat: (row.gemstoneCaratPoints ?? 100) / 100,
        }
      : null,
    variant,
    seed: row.sku,
  }));
}

/** Stores a piece's rendered views (in `studioInputs` order) at every width through the storage layer. */
export async function storeRenderedImages(storage: StorageDriver, row: StudioPiece, rendered: RenderedImage[][]): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (const [index, variant] of VARIANTS.entries()) {
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

const PIECE_WORDS: ReadonlyArray<[RegExp, PieceType]> = [
  [/engagement|solitaire|bridal|promise/i, 'ENGAGEMENT_RING'],
  [/earring|stud|drop|hoop|chandelier/i, 'EARRINGS'],
  [/bracelet|bangle|cuff|tennis/i, 'BRACELET'],
  [/necklace|pendant|rivi[eè]re|sautoir|collier|chain/i, 'NECKLACE'],
  [/ring|band|signet/i, 'RING'],
  [/high jewel|parure|tiara|brooch|bib/i, 'HIGH_JEWELRY'],
];

/**
 * The silhouette to draw for a piece the house has just entered: its category names the form
 * ('Engagement Rings', 'Earrings'…); the piece's own name decides when the category does not.
 */
export function pieceTypeOf(categoryName: string, pieceName: string): PieceType {
  for (const text of [categoryName, pieceName]) {
    const hit = PIECE_WORDS.find(([re]) => re.test(text));
    if (hit) return hit[1];
  }
  return 'HIGH_JEWELRY';
}
