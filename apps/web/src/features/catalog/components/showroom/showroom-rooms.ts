/**
 * What the showroom's first render shows, shared by the page and its server preparation
 * (app/routes/immersive-showroom-page.tsx): the featured collections, the pieces each room shows (the
 * same ones stand in the salon's cases) and the categories those pieces name.
 */
import type { Collection, CollectionItem } from '@mirror/contract';
import { collectionsQuery } from '../../api/catalog.queries';
import type { SalonRoom } from './salon';
import { PIECES_PER_CASE } from './salon-logic';

/** The collections of the showroom: the featured ones, newest first. */
export const showroomCollectionsQuery = () => collectionsQuery({ featured: true, size: 12 });

/** The items a room shows, in the collection's own order: as many as a salon case holds. */
export function roomItems(items: readonly CollectionItem[]): CollectionItem[] {
  return [...items].sort((a, b) => a.sortOrder - b.sortOrder).slice(0, PIECES_PER_CASE);
}

/** Every room with its pieces, once each collection's pieces are known (`itemsOf`); null until then. */
export function showroomRooms(
  collections: readonly Collection[],
  itemsOf: (collection: Collection, index: number) => readonly CollectionItem[] | undefined,
): SalonRoom[] | null {
  const rooms: SalonRoom[] = [];
  for (const [i, collection] of collections.entries()) {
    const items = itemsOf(collection, i);
    if (!items) return null;
    rooms.push({ collection, pieces: roomItems(items).map((item) => item.product) });
  }
  return rooms;
}

/** The categories of the rooms' pieces, each once, in order of appearance (the salon's panel names rings). */
export function roomCategoryIds(rooms: readonly SalonRoom[]): string[] {
  return [...new Set(rooms.flatMap((room) => room.pieces.map((piece) => piece.categoryId)))];
}
