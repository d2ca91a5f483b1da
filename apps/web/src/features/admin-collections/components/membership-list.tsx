import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CollectionItem } from '@mirror/contract';
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { StatusDot } from '../../../components/data-table';
import { to } from '../../../config/routes';
import { formatPrice, humanize } from '../../../lib/format';
import { moveItem, positionText } from '../membership-order';
import styles from './admin-collections.module.css';

export interface MembershipListProps {
  items: readonly CollectionItem[];
  /** The whole new order, and which piece moved where (for the announcement). */
  onReorder: (productIds: string[], moved: { item: CollectionItem; index: number }) => void;
  onRemove: (item: CollectionItem, index: number) => void;
  onToggleHero: (item: CollectionItem) => void;
  /** Said by the page's live region. */
  announce: (text: string) => void;
}

type FocusTarget = { productId: string; control: 'up' | 'down' | 'remove' };

/** Drags move along the list only. */
const alongTheList: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const INSTRUCTIONS = {
  draggable:
    'To reorder, press Space or Enter on the handle, move the piece with the Up and Down arrow keys, ' +
    'then press Space or Enter to drop it there, or Escape to cancel. The Move up and Move down buttons ' +
    'move it one place at a time.',
};

/**
 * The collection's pieces in their order: drag a handle (mouse, touch, or the keyboard sensor —
 * Space, arrows, Space), or use Move up / Move down; set the hero; remove. Focus stays on the
 * control that was used, even though the row moved.
 */
export function MembershipList({ items, onReorder, onRemove, onToggleHero, announce }: MembershipListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const ids = items.map((item) => item.product.id);
  const nameOf = (id: UniqueIdentifier) => items.find((item) => item.product.id === id)?.product.name ?? 'The piece';
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(String(id));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // The first 'over' of a drag is the piece's own place: saying so would cut off 'Picked up'.
  const hasMoved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      hasMoved.current = false;
      return `Picked up ${nameOf(active.id)}, at position ${indexOf(active.id) + 1} of ${items.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!hasMoved.current && over?.id === active.id) return undefined;
      hasMoved.current = true;
      return over
        ? `${nameOf(active.id)} is over position ${indexOf(over.id) + 1} of ${items.length}.`
        : `${nameOf(active.id)} is outside the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? positionText(nameOf(active.id), indexOf(over.id), items.length, 'dropped at') : `${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${nameOf(active.id)} is back at position ${indexOf(active.id) + 1} of ${items.length}.`,
  };

  // After a move the row sits elsewhere in the DOM: put focus back on the control that moved it
  // (or its twin when that one is now disabled, at the top or the bottom of the list).
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-piece-id]') ?? [])].find(
      (el) => el.dataset.pieceId === target.productId,
    );
    if (!row) return;
    const find = (control: string) => row.querySelector<HTMLButtonElement>(`[data-control="${control}"]:not(:disabled)`);
    const fallback = target.control === 'up' ? 'down' : target.control === 'down' ? 'up' : 'handle';
    (find(target.control) ?? find(fallback) ?? find('handle'))?.focus();
  }, [items]);

  function move(index: number, delta: -1 | 1) {
    const target = index + delta;
    const item = items[index];
    if (!item || target < 0 || target >= items.length) return;
    pendingFocus.current = { productId: item.product.id, control: delta < 0 ? 'up' : 'down' };
    onReorder(moveItem(ids, index, target), { item, index: target });
    announce(positionText(item.product.name, target, items.length));
  }

  function remove(index: number) {
    const item = items[index];
    if (!item) return;
    const neighbour = items[index + 1] ?? items[index - 1];
    if (neighbour) pendingFocus.current = { productId: neighbour.product.id, control: 'remove' };
    onRemove(item, index);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const target = indexOf(over.id);
    const item = items[from];
    if (!item || target < 0) return;
    onReorder(moveItem(ids, from, target), { item, index: target });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongTheList]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} className={styles.members} aria-label="Pieces in their order" data-testid="collection-members">
          {items.map((item, index) => (
            <MemberRow
              key={item.product.id}
              item={item}
              index={index}
              total={items.length}
              onMove={(delta) => move(index, delta)}
              onRemove={() => remove(index)}
              onToggleHero={() => onToggleHero(item)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface MemberRowProps {
  item: CollectionItem;
  index: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onToggleHero: () => void;
}

function MemberRow({ item, index, total, onMove, onRemove, onToggleHero }: MemberRowProps) {
  const { product } = item;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: product.id });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const image = product.images[0];
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={[styles.member, isDragging && styles.memberDragging, item.isHero && styles.memberHero].filter(Boolean).join(' ')}
      data-piece-id={product.id}
      data-testid="collection-member"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        data-control="handle"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${product.name}, position ${index + 1} of ${total}`}
      >
        <svg width="12" height="16" viewBox="0 0 12 16" aria-hidden="true">
          {[3, 8, 13].map((y) => (
            <g key={y}>
              <circle cx="3.5" cy={y} r="1.2" fill="currentColor" />
              <circle cx="8.5" cy={y} r="1.2" fill="currentColor" />
            </g>
          ))}
        </svg>
      </button>
      <span className={styles.position} aria-hidden="true">
        {index + 1}
      </span>
      {image ? (
        <img className={styles.thumb} src={image.url} alt="" width={40} height={50} loading="lazy" decoding="async" />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <span className={styles.memberText}>
        <Link to={to.adminProduct(product.id)} className={styles.memberName}>
          {product.name}
        </Link>
        <span className={styles.secondary}>
          {product.sku}
          {product.status !== 'ACTIVE' ? ` · ${humanize(product.status)} (not on the site)` : ''}
        </span>
      </span>
      <span className={`${styles.memberPrice} ${styles.num}`}>{formatPrice(product)}</span>
      <span className={styles.memberHeroCell}>
        {item.isHero ? (
          <span className={styles.heroMark} data-testid="hero-mark">
            <StatusDot tone="gold">Hero</StatusDot>
          </span>
        ) : null}
        <button
          type="button"
          className={styles.textButton}
          data-control="hero"
          onClick={onToggleHero}
          aria-label={`${item.isHero ? 'Unset hero' : 'Make hero'}: ${product.name}`}
        >
          {item.isHero ? 'Unset hero' : 'Make hero'}
        </button>
      </span>
      <span className={styles.memberActions}>
        <button
          type="button"
          className={styles.iconButton}
          data-control="up"
          onClick={() => onMove(-1)}
          disabled={index === 0}
          aria-label={`Move up: ${product.name}`}
          title="Move up"
        >
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <path d="M6 10V2M2.5 5.5 6 2l3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
        </button>
        <button
          type="button"
          className={styles.iconButton}
          data-control="down"
          onClick={() => onMove(1)}
          disabled={index === total - 1}
          aria-label={`Move down: ${product.name}`}
          title="Move down"
        >
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <path d="M6 2v8M2.5 6.5 6 10l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
        </button>
        <button type="button" className={styles.textButton} data-control="remove" onClick={onRemove} aria-label={`Remove: ${product.name}`}>
          Remove
        </button>
      </span>
    </li>
  );
}
