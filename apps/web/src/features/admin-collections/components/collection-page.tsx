import { useQuery } from '@tanstack/react-query';
import type { Collection } from '@mirror/contract';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { ApiError, errorText } from '../../../lib/errors';
import { formatCount, formatShortDate, humanize } from '../../../lib/format';
import { useRestoreCollection, useTrashCollection } from '../api/admin-collections.mutations';
import { collectionDetailQuery } from '../api/admin-collections.queries';
import { CollectionEditor } from './collection-editor';
import { RecordHistory } from '../../../components/record-history';
import { MembershipSection } from './membership-section';
import styles from './admin-collections.module.css';

const CRUMBS = [{ label: 'Collections', to: paths.adminCollections }];

/** /dashboard/admin/collections/new and /dashboard/admin/collections/:collectionId. */
export default function CollectionPage() {
  const { collectionId } = useParams();
  return collectionId ? <ExistingCollection key={collectionId} id={collectionId} /> : <NewCollection />;
}

function NewCollection() {
  const navigate = useNavigate();
  const onCreated = useCallback((created: Collection) => navigate(to.adminCollection(created.id), { replace: true }), [navigate]);
  return (
    <WorkspacePage
      title="New collection"
      crumbs={CRUMBS}
      subtitle="Name it and place it in its season; its pieces are added once it is created."
    >
      <div className={styles.layout}>
        <CollectionEditor onCreated={onCreated} />
      </div>
    </WorkspacePage>
  );
}

function ExistingCollection({ id }: { id: string }) {
  const navigate = useNavigate();
  const detail = useQuery(collectionDetailQuery(id));
  const trash = useTrashCollection();
  const restore = useRestoreCollection();
  const collection = detail.data;

  if (detail.isError) {
    const isMissing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <WorkspacePage title={isMissing ? 'Collection not found' : 'Collection'} crumbs={CRUMBS}>
        {isMissing ? (
          <EmptyState title="This collection could not be found">
            <p>It may have been deleted permanently.</p>
            <Link to={paths.adminCollections} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
              All collections
            </Link>
          </EmptyState>
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="This collection could not be loaded" />
        )}
      </WorkspacePage>
    );
  }

  if (!collection) {
    return (
      <WorkspacePage title="Collection" crumbs={CRUMBS} subtitle={'\u00a0'}>
        <div className={styles.layout} aria-busy="true" data-testid="collection-loading">
          <div className={styles.editor}>
            <Skeleton variant="text" width="6rem" />
            <Skeleton height="3rem" />
            <Skeleton height="3rem" width="60%" />
            <Skeleton height="8rem" />
          </div>
        </div>
      </WorkspacePage>
    );
  }

  const isDeleted = collection.deletedAt !== null;

  function onTrash(target: Collection) {
    trash.mutate(target, {
      onSuccess: () => {
        void navigate(paths.adminCollections);
        showToast(`“${target.name}” moved to the Trash`, 'success', {
          action: {
            label: 'Undo',
            // This page is gone by then: the promise, not mutate's callbacks, reports the result.
            onClick: () =>
              void restore
                .mutateAsync(target)
                .then(() => showToast(`“${target.name}” is restored`))
                .catch((error: unknown) => showToast(errorText(error), 'error')),
          },
        });
      },
      onError: (error) => showToast(errorText(error), 'error'),
    });
  }

  return (
    <WorkspacePage
      title={collection.name}
      crumbs={CRUMBS}
      subtitle={`${humanize(collection.season)} ${collection.year} · ${formatCount(collection.productCount)} ${collection.productCount === 1 ? 'piece' : 'pieces'} · updated ${formatShortDate(collection.updatedAt)}`}
      actions={
        isDeleted ? null : (
          <a
            href={to.collection(collection.id)}
            target="_blank"
            rel="noopener"
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
          >
            View on site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )
      }
    >
      {isDeleted ? (
        <div className={styles.trashBanner} role="status">
          <p>This collection has been in the Trash since {formatShortDate(collection.deletedAt)}: the site does not show it.</p>
          <Button
            size="small"
            variant="secondary"
            disabled={restore.isPending}
            onClick={() =>
              restore.mutate(collection, {
                onSuccess: () => showToast(`“${collection.name}” is restored`),
                onError: (error) => showToast(errorText(error), 'error'),
              })
            }
          >
            Restore
          </Button>
        </div>
      ) : null}
      <div className={styles.layout}>
        <CollectionEditor collection={collection} />
        <MembershipSection collection={collection} />
        <RecordHistory entityType="COLLECTION" entityId={collection.id} version={collection.updatedAt} />
        {isDeleted ? null : (
          <section className={styles.danger} aria-labelledby="danger-title">
            <h2 id="danger-title" className={styles.sectionTitle}>
              Delete
            </h2>
            <p className={styles.secondary}>
              The collection leaves the site and waits in the Trash, where it can be restored with its pieces and their order.
            </p>
            <Button
              variant="secondary"
              size="small"
              className={styles.dangerButton}
              disabled={trash.isPending}
              onClick={() => onTrash(collection)}
            >
              Move to Trash
            </Button>
          </section>
        )}
      </div>
    </WorkspacePage>
  );
}
