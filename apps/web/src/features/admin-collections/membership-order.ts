import type { CollectionItem } from '@mirror/contract';

/** The list with the element at `from` moved to `to` (the others shift); out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The pieces in the order of `productIds`, numbered 0, 1, 2… as the API stores them. */
export function applyOrder(items: readonly CollectionItem[], productIds: readonly string[]): CollectionItem[] {
  const byId = new Map(items.map((item) => [item.product.id, item]));
  return productIds.flatMap((id, index) => {
    const item = byId.get(id);
    return item ? [{ ...item, sortOrder: index }] : [];
  });
}

/** The pieces without one, renumbered. */
export function withoutPiece(items: readonly CollectionItem[], productId: string): CollectionItem[] {
  return items.filter((item) => item.product.id !== productId).map((item, index) => ({ ...item, sortOrder: index }));
}

/** 'Solitaire Étoile moved to position 2 of 3.' — said after a move, for screen readers. */
export function positionText(name: string, index: number, total: number, verb = 'moved to'): string {
  return `${name} ${verb} position ${index + 1} of ${total}.`;
}
