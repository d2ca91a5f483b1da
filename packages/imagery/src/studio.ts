/**
 * A catalogue piece in the studio's terms: the render inputs of its views and the silhouette its
 * category names. Storing the pictures is the API's business (apps/api/src/lib/studio-images.ts).
 */
import { formOf } from './models/spec.js';
import type { MetalKey } from './palette.js';
import type { PieceType, ProductImageInput } from './render.js';

export interface StudioPiece {
  id: string;
  sku: string;
  name: string;
  pieceType: PieceType;
  /** its category's name ('Engagement Rings'): with its name, the model's form (as the GLB route reads it) */
  categoryName?: string | null;
  metal: MetalKey;
  gemstoneType?: string | null;
  gemstoneCut?: string | null;
  gemstoneColour?: string | null;
  gemstoneCaratPoints?: number | null;
}

/** A piece's studio views, in the order `studioInputs` returns them. */
export const STUDIO_VARIANTS = ['front', 'detail'] as const;

/** The render inputs of a piece's studio images: its front view, then its detail view. */
export function studioInputs(row: StudioPiece): ProductImageInput[] {
  const form = formOf(row.categoryName ?? CATEGORY_OF[row.pieceType], row.name, Boolean(row.gemstoneType));
  return STUDIO_VARIANTS.map((variant) => ({
    pieceType: row.pieceType,
    form,
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

/** The house's category of each piece type, for a piece whose category is not given. */
const CATEGORY_OF: Record<PieceType, string> = {
  RING: 'Rings',
  ENGAGEMENT_RING: 'Engagement Rings',
  NECKLACE: 'Necklaces',
  EARRINGS: 'Earrings',
  BRACELET: 'Bracelets',
  HIGH_JEWELRY: 'High Jewelry',
};

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
