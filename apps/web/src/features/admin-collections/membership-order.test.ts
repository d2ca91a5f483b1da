import { describe, expect, it } from 'vitest';
import { applyOrder, moveItem, positionText, withoutPiece } from './membership-order';
import { items } from './test/fixtures';

describe('membership order', () => {
  it('moves one element and shifts the rest', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('changes nothing for a move out of range', () => {
    expect(moveItem(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
  });

  it('orders the pieces by id and renumbers them from 0, keeping the hero flag', () => {
    const list = items(3, 1);
    const ids = list.map((i) => i.product.id);
    const next = applyOrder(list, [ids[2]!, ids[0]!, ids[1]!]);
    expect(next.map((i) => [i.product.name, i.sortOrder, i.isHero])).toEqual([
      ['Piece 3', 0, false],
      ['Piece 1', 1, false],
      ['Piece 2', 2, true],
    ]);
  });

  it('drops ids that are not members', () => {
    const list = items(2);
    expect(applyOrder(list, ['99999999-0000-4000-8000-000000000000', list[1]!.product.id]).map((i) => i.product.name)).toEqual(['Piece 2']);
  });

  it('removes a piece and closes the gap', () => {
    const list = items(3);
    expect(withoutPiece(list, list[0]!.product.id).map((i) => [i.product.name, i.sortOrder])).toEqual([
      ['Piece 2', 0],
      ['Piece 3', 1],
    ]);
  });

  it('says positions from 1', () => {
    expect(positionText('Étoile', 0, 3)).toBe('Étoile moved to position 1 of 3.');
  });
});
