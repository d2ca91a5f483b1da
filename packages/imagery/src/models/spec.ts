/**
 * What a model is built from: the piece's form (from its name, then its category), its metal and
 * its stone, in the studio renders' vocabulary (@mirror/imagery: piece types, cuts, stone families and
 * colours). The hash of this spec names the model: same attributes, same bytes, same ETag.
 */
import { createHash } from 'node:crypto';
import { gemLook, type MetalKey as MetalType } from '../palette.js';
import { normaliseCut } from '../stones.js';
import { pieceTypeOf } from '../studio.js';
import type { StoneSpec } from './settings';

/** Bumped whenever the builders change what they draw, so cached models and ETags move on. */
export const GENERATOR_VERSION = 2;

export const FORMS = [
  'solitaire',
  'halo',
  'trilogy',
  'ring',
  'band',
  'signet',
  'cocktail',
  'studs',
  'drops',
  'hoops',
  'chandeliers',
  'pendant',
  'chain',
  'riviere',
  'sautoir',
  'bib',
  'tennis',
  'bangle',
  'cuff',
  'chain-bracelet',
  'brooch',
  'tiara',
  'parure',
] as const;
export type Form = (typeof FORMS)[number];

export interface ModelStone extends StoneSpec {
  colour: string;
  /** carat weight of the whole piece's gemstone entry */
  carat: number;
}

export interface ModelSpec {
  form: Form;
  metal: MetalType;
  stone: ModelStone | null;
}

/** The most specific word wins: the piece's name ('Halo Ring'), then its category ('Engagement Rings'). */
const FORM_WORDS: ReadonlyArray<[RegExp, Form]> = [
  [/\btennis\b/i, 'tennis'],
  [/\bbangle|\bjonc\b/i, 'bangle'],
  [/\bcuff|manchette/i, 'cuff'],
  [/chain bracelet|link bracelet|gourmette/i, 'chain-bracelet'],
  [/\bsolitaire|\bpromise|\bengagement\b/i, 'solitaire'],
  [/\bhalo\b/i, 'halo'],
  [/\btrilogy|three[- ]stone|\btrio\b/i, 'trilogy'],
  [/\bsignet|chevali[eè]re/i, 'signet'],
  [/\bcocktail/i, 'cocktail'],
  [/\beternity|\bband\b|\balliance|\bwedding/i, 'band'],
  [/\bstuds?\b|puces?\b/i, 'studs'],
  [/\bhoops?\b|cr[eé]oles?\b/i, 'hoops'],
  [/\bchandeliers?\b/i, 'chandeliers'],
  [/\bdrops?\b|\bdangles?\b|pendants d'oreilles/i, 'drops'],
  [/\bparure/i, 'parure'],
  [/\bbib\b|plastron/i, 'bib'],
  [/\btiara|diad[eè]me/i, 'tiara'],
  [/\bbrooch|\bbroche|\bpin\b/i, 'brooch'],
  [/rivi[eè]re|\bcollier\b|\bchoker/i, 'riviere'],
  [/\bsautoir|\blariat|\bopera\b/i, 'sautoir'],
  [/\bpendant|pendentif|\blocket/i, 'pendant'],
];

export function formOf(categoryName: string, pieceName: string, hasStone: boolean): Form {
  for (const text of [pieceName, categoryName]) {
    const hit = FORM_WORDS.find(([re]) => re.test(text));
    if (hit) return hit[1];
  }
  switch (pieceTypeOf(categoryName, pieceName)) {
    case 'ENGAGEMENT_RING':
      return 'solitaire';
    case 'RING':
      return hasStone ? 'ring' : 'band';
    case 'EARRINGS':
      return 'studs';
    case 'NECKLACE':
      return hasStone ? 'pendant' : 'chain';
    case 'BRACELET':
      return hasStone ? 'tennis' : 'bangle';
    default:
      return 'brooch';
  }
}

export interface PieceAttributes {
  name: string;
  categoryName: string;
  metal: MetalType;
  gemstone: { type: string; cut: string | null; colour: string | null; carat: number | null } | null;
}

export function modelSpecOf(piece: PieceAttributes, metal: MetalType = piece.metal): ModelSpec {
  const stone = piece.gemstone ? modelStoneOf(piece.gemstone) : null;
  return { form: formOf(piece.categoryName, piece.name, stone !== null), metal, stone };
}

/** A gemstone entry (as stored on the product) in the builders' terms. */
export function modelStoneOf(g: NonNullable<PieceAttributes['gemstone']>): ModelStone {
  const cutText = (g.cut ?? 'Round').trim();
  const look = gemLook(g.type, g.colour ?? '');
  return {
    type: g.type.trim(),
    cut: normaliseCut(cutText),
    cutText: cutText.toLowerCase(),
    colour: (g.colour ?? '').trim().toLowerCase(),
    carat: g.carat != null && Number.isFinite(g.carat) && g.carat > 0 ? Math.min(g.carat, 200) : 1,
    isPearl: look.kind === 'pearl',
    isOpaque: look.opaque && look.kind !== 'pearl',
  };
}

/** The model's name: a hash of everything that shapes it (and the generator's version). */
export function specHash(spec: ModelSpec): string {
  const canonical = JSON.stringify([
    GENERATOR_VERSION,
    spec.form,
    spec.metal,
    spec.stone && [spec.stone.type.toLowerCase(), spec.stone.cut, spec.stone.cutText, spec.stone.colour, spec.stone.carat],
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 27);
}
