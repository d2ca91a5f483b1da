import type { Collection, CollectionItem, Product } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import { PIECES_PER_CASE } from './salon-logic';
import { roomCategoryIds, roomItems, showroomCollectionsQuery, showroomRooms } from './showroom-rooms';

// Only the fields these rules read.
const collection = (id: string) => ({ id, name: id }) as Collection;
const item = (id: string, sortOrder: number, categoryId = 'rings'): CollectionItem => ({
  sortOrder,
  isHero: false,
  product: { id, categoryId } as Product,
});

describe('the showroom rooms', () => {
  it('asks for the featured collections, the same query on the server and in the browser', () => {
    expect(showroomCollectionsQuery().queryKey).toEqual(showroomCollectionsQuery().queryKey);
    expect(JSON.stringify(showroomCollectionsQuery().queryKey)).toContain('"featured":true');
  });

  it("shows a collection's pieces in its own order, as many as a case holds", () => {
    const items = Array.from({ length: PIECES_PER_CASE + 3 }, (_, i) => item(`p${i}`, PIECES_PER_CASE + 3 - i));
    const shown = roomItems(items);
    expect(shown).toHaveLength(PIECES_PER_CASE);
    expect(shown[0]!.product.id).toBe(`p${PIECES_PER_CASE + 2}`);
    expect(shown.map((i) => i.sortOrder)).toEqual([...shown.map((i) => i.sortOrder)].sort((a, b) => a - b));
    // The answer is left as it came (it is the query cache's).
    expect(items[0]!.product.id).toBe('p0');
  });

  it('has rooms once every collection has its pieces, and names each of their categories once', () => {
    const east = collection('east');
    const west = collection('west');
    const pieces = new Map([
      ['east', [item('b', 2, 'necklaces'), item('a', 1, 'rings')]],
      ['west', [item('c', 1, 'rings')]],
    ]);
    expect(showroomRooms([east, west], (c) => (c.id === 'east' ? pieces.get('east') : undefined))).toBeNull();
    const rooms = showroomRooms([east, west], (c) => pieces.get(c.id))!;
    expect(rooms.map((r) => [r.collection.id, r.pieces.map((p) => p.id)])).toEqual([
      ['east', ['a', 'b']],
      ['west', ['c']],
    ]);
    expect(roomCategoryIds(rooms)).toEqual(['rings', 'necklaces']);
    expect(showroomRooms([], () => undefined)).toEqual([]);
  });
});
