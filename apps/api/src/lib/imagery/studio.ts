import type { MetalType } from '@mirror/contract';
import type { StoredImage } from '../../db/schema/catalog';
import type { StorageDriver } from '../storage/storage';
import { renderProductImage, type PieceType } from './render';

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

/** Renders a piece's front and detail studio images at every width and stores them through the storage layer. */
export async function storeProductImages(storage: StorageDriver, row: StudioPiece): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (const variant of ['front', 'detail'] as const) {
    const rendered = await renderProductImage({
      pieceType: row.pieceType,
      metal: row.metal,
      gemstone: row.gemstoneType ? { type: row.gemstoneType, cut: row.gemstoneCut ?? 'Round', colour: row.gemstoneColour ?? 'White', carat: (row.gemstoneCaratPoints ?? 100) / 100 } : null,
      variant,
      seed: row.sku,
    });
    const sources = [];
    for (const image of rendered) {
      const key = `mirror-storage/products/${row.id}-${variant}-${image.width}.webp`;
      await storage.put(key, image.buffer, image.contentType);
      sources.push({ key, width: image.width, height: image.height });
    }
    images.push({ variant, alt: `${row.name}${variant === 'detail' ? ', detail' : ''}`, sources });
  }
  return images;
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
