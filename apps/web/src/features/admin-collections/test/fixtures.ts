import type { CollectionItem } from '@mirror/contract';
import { piece } from '../../../test/fixtures';

/** A piece as the API returns it: only what the collections screens read differs between pieces. */
export { piece };

export function items(count: number, heroAt = -1): CollectionItem[] {
  return Array.from({ length: count }, (_, i) => ({ sortOrder: i, isHero: i === heroAt, product: piece(i + 1) }));
}
