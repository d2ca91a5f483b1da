import { describe, expect, it } from 'vitest';
import { pieceTypeOf } from './studio.js';

describe('pieceTypeOf', () => {
  it('draws the form the category names, else the one the piece is named after', () => {
    expect(pieceTypeOf('Engagement Rings', 'Aurore Solitaire')).toBe('ENGAGEMENT_RING');
    expect(pieceTypeOf('Rings', 'Sylve Band')).toBe('RING');
    expect(pieceTypeOf('Earrings', 'Lune Drops')).toBe('EARRINGS');
    expect(pieceTypeOf('Bracelets', 'Étoile Cuff')).toBe('BRACELET');
    expect(pieceTypeOf('Necklaces', 'Rivière')).toBe('NECKLACE');
    expect(pieceTypeOf('Special orders', 'Opéra Tennis Bracelet')).toBe('BRACELET');
    expect(pieceTypeOf('Special orders', 'Parure')).toBe('HIGH_JEWELRY');
  });
});
