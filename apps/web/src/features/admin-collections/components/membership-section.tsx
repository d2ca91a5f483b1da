import { useQuery } from '@tanstack/react-query';
import type { Collection, CollectionItem, Product } from '@mirror/contract';
import { useMemo, useState } from 'react';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/errors';
import { formatCount } from '../../../lib/format';
import { useAddPiece, useRemovePiece, useReorderPieces, useToggleHero } from '../api/admin-collections.mutations';
import { collectionMembersQuery } from '../api/admin-collections.queries';
import { MembershipList } from './membership-list';
import { PiecePicker } from './piece-picker';
import styles from './admin-collections.module.css';

/** The collection's pieces: add through the picker, reorder, choose the hero, remove (with Undo). */
export function MembershipSection({ collection }: { collection: Collection }) {
  const { id } = collection;
  const members = useQuery(collectionMembersQuery(id));
  const add = useAddPiece(id);
  const remove = useRemovePiece(id);
  const hero = useToggleHero(id);
  const reorder = useReorderPieces(id, { onError: (error) => showToast(`The new order could not be saved. ${errorText(error)}`, 'error') });
  const [announcement, setAnnouncement] = useState('');
  const items = useMemo(() => members.data ?? [], [members.data]);
  const memberIds = useMemo(() => new Set(items.map((item) => item.product.id)), [items]);

  function onPick(product: Product) {
    add
      .mutateAsync({ productId: product.id })
      .then(() => setAnnouncement(`${product.name} added at position ${items.length + 1}.`))
      .catch((error: unknown) => showToast(errorText(error), 'error'));
  }

  function onRemove(item: CollectionItem, index: number) {
    const { name } = item.product;
    remove
      .mutateAsync(item.product.id)
      .then(() =>
        showToast(`“${name}” removed from the collection`, 'success', {
          action: {
            label: 'Undo',
            onClick: () => {
              add
                .mutateAsync({ productId: item.product.id, sortOrder: index, isHero: item.isHero })
                .then(() => showToast(`“${name}” is back at position ${index + 1}`))
                .catch((error: unknown) => showToast(errorText(error), 'error'));
            },
          },
        }),
      )
      .catch((error: unknown) => showToast(errorText(error), 'error'));
  }

  function onToggleHero(item: CollectionItem) {
    const { name } = item.product;
    hero
      .mutateAsync(item.product.id)
      .then(() => setAnnouncement(item.isHero ? `${name} is no longer the hero.` : `${name} is now the hero piece.`))
      .catch((error: unknown) => showToast(errorText(error), 'error'));
  }

  const heroItem = items.find((item) => item.isHero);
  const orderState = reorder.isPending ? 'Saving the order…' : reorder.isSuccess ? 'Order saved' : '';
  return (
    <section className={styles.membership} aria-labelledby="pieces-title">
      <header className={styles.sectionHeader}>
        <h2 id="pieces-title" className={styles.sectionTitle}>
          Pieces
        </h2>
        <p className={styles.secondary}>
          {members.data
            ? `${formatCount(items.length)} ${items.length === 1 ? 'piece' : 'pieces'} · ${heroItem ? `hero: ${heroItem.product.name}` : 'no hero yet'}`
            : '\u00a0'}
        </p>
        <p className={styles.orderState} role="status" data-testid="order-state">
          {orderState}
        </p>
      </header>
      <p className={styles.sectionIntro}>
        The site shows the pieces in this order; the hero piece opens the collection's page. Drag a handle, or use Move up and Move down.
      </p>
      <PiecePicker memberIds={memberIds} onPick={onPick} isAdding={add.isPending} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {members.isPending ? (
        <ol className={styles.members} aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className={styles.member}>
              <Skeleton width="100%" height="2.5rem" />
            </li>
          ))}
        </ol>
      ) : members.isError ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} title="The pieces could not be loaded" />
      ) : items.length === 0 ? (
        <EmptyState title="No pieces yet">Search above to add the first piece.</EmptyState>
      ) : (
        <MembershipList
          items={items}
          onReorder={(productIds) => reorder.reorder(productIds)}
          onRemove={onRemove}
          onToggleHero={onToggleHero}
          announce={setAnnouncement}
        />
      )}
    </section>
  );
}
