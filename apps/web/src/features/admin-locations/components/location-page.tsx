import { useQuery } from '@tanstack/react-query';
import type { Location } from '@mirror/contract';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusDot } from '../../../components/data-table';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { ApiError, errorText } from '../../../lib/errors';
import { formatShortDate, humanize } from '../../../lib/format';
import { useDeleteLocationPermanently, useRestoreLocation, useSetLocationActive, useTrashLocation } from '../api/admin-locations.mutations';
import { locationDetailQuery } from '../api/admin-locations.queries';
import { LocationEditor } from './location-editor';
import styles from './admin-locations.module.css';

const CRUMBS = [{ label: 'Locations', to: paths.adminLocations }];

/** /dashboard/admin/locations/new and /dashboard/admin/locations/:locationId. */
export default function LocationPage() {
  const { locationId } = useParams();
  return locationId ? <ExistingLocation key={locationId} id={locationId} /> : <NewLocation />;
}

function NewLocation() {
  const navigate = useNavigate();
  const onCreated = useCallback((created: Location) => navigate(to.adminLocation(created.id), { replace: true }), [navigate]);
  return (
    <WorkspacePage
      title="New location"
      crumbs={CRUMBS}
      subtitle="A boutique, atelier, showroom, office or service centre, with its hours and its place on the map."
    >
      <div className={styles.layout}>
        <LocationEditor onCreated={onCreated} />
      </div>
    </WorkspacePage>
  );
}

function ExistingLocation({ id }: { id: string }) {
  const navigate = useNavigate();
  const detail = useQuery(locationDetailQuery(id));
  const setActive = useSetLocationActive();
  const trash = useTrashLocation();
  const restore = useRestoreLocation();
  const purge = useDeleteLocationPermanently();
  const [isPurging, setIsPurging] = useState(false);
  const location = detail.data;

  if (detail.isError) {
    const isMissing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <WorkspacePage title={isMissing ? 'Location not found' : 'Location'} crumbs={CRUMBS}>
        {isMissing ? (
          <EmptyState title="This location could not be found">
            <p>It may have been deleted permanently.</p>
            <Link to={paths.adminLocations} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
              All locations
            </Link>
          </EmptyState>
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="This location could not be loaded" />
        )}
      </WorkspacePage>
    );
  }

  if (!location) {
    return (
      <WorkspacePage title="Location" crumbs={CRUMBS} subtitle={'\u00a0'}>
        <div className={styles.layout} aria-busy="true" data-testid="location-loading">
          <div className={styles.editor}>
            <Skeleton variant="text" width="6rem" />
            <Skeleton height="3rem" />
            <Skeleton height="3rem" width="60%" />
            <Skeleton height="12rem" />
          </div>
        </div>
      </WorkspacePage>
    );
  }

  const isDeleted = location.deletedAt !== null;

  function onTrash(target: Location) {
    trash.mutate(target, {
      onSuccess: () => {
        void navigate(paths.adminLocations);
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

  function onToggleActive(target: Location) {
    const isActive = !target.isActive;
    setActive.mutate(
      { location: target, isActive },
      {
        onSuccess: () => showToast(isActive ? `“${target.name}” is shown on the site` : `“${target.name}” is hidden from the site`),
        onError: (error) => showToast(errorText(error), 'error'),
      },
    );
  }

  return (
    <WorkspacePage
      title={location.name}
      crumbs={CRUMBS}
      subtitle={
        <span className={styles.subtitle}>
          {isDeleted ? (
            <StatusDot tone="gold">In the Trash</StatusDot>
          ) : location.isActive ? (
            <StatusDot tone="ink">Active</StatusDot>
          ) : (
            <StatusDot tone="muted">Inactive</StatusDot>
          )}
          <span>
            {humanize(location.type)} · {location.city}, {location.country} · updated {formatShortDate(location.updatedAt)}
          </span>
        </span>
      }
      actions={
        isDeleted ? null : (
          <>
            <Button variant="secondary" size="small" disabled={setActive.isPending} onClick={() => onToggleActive(location)}>
              {location.isActive ? 'Deactivate' : 'Activate'}
            </Button>
            {location.isActive ? (
              <a
                href={`${paths.locations}?city=${encodeURIComponent(location.city)}`}
                target="_blank"
                rel="noopener"
                className={buttonClassName({ variant: 'secondary', size: 'small' })}
              >
                View on site<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </>
        )
      }
    >
      {isDeleted ? (
        <div className={styles.trashBanner} role="status">
          <p>This location has been in the Trash since {formatShortDate(location.deletedAt)}: the site does not show it.</p>
          <span className={styles.rowActions}>
            <Button
              size="small"
              variant="secondary"
              disabled={restore.isPending}
              onClick={() =>
                restore.mutate(location, {
                  onSuccess: () => showToast(`“${location.name}” is restored`),
                  onError: (error) => showToast(errorText(error), 'error'),
                })
              }
            >
              Restore
            </Button>
            <button type="button" className={styles.dangerLink} onClick={() => setIsPurging(true)}>
              Delete permanently
            </button>
          </span>
        </div>
      ) : null}
      <div className={styles.layout}>
        <LocationEditor key={location.id} location={location} />
        {isDeleted ? null : (
          <section className={styles.danger} aria-labelledby="danger-title">
            <h2 id="danger-title" className={styles.sectionTitle}>
              Delete
            </h2>
            <p className={styles.secondary}>The location leaves the site and waits in the Trash, where it can be restored as it was.</p>
            <Button
              variant="secondary"
              size="small"
              className={styles.dangerButton}
              disabled={trash.isPending}
              onClick={() => onTrash(location)}
            >
              Move to Trash
            </Button>
          </section>
        )}
      </div>
      <ConfirmDialog
        isOpen={isPurging}
        title="Delete this location permanently?"
        confirmLabel="Delete permanently"
        isDestructive
        confirmText={location.name}
        isPending={purge.isPending}
        error={purge.error ? errorText(purge.error) : null}
        onCancel={() => {
          setIsPurging(false);
          purge.reset();
        }}
        onConfirm={() =>
          purge.mutate(location, {
            onSuccess: () => {
              setIsPurging(false);
              void navigate(paths.adminLocationTrash);
              showToast(`“${location.name}” is deleted permanently`);
            },
          })
        }
      >
        “{location.name}”, its address, hours and services will be deleted. This cannot be undone.
      </ConfirmDialog>
    </WorkspacePage>
  );
}
