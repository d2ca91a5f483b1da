import { useQuery } from '@tanstack/react-query';
import type { Location } from '@mirror/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, FilterChips, SearchInput, TableFilters, createColumnHelper, useTableUrlState } from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { errorText } from '../../../lib/errors';
import { formatCount, formatShortDate, humanize } from '../../../lib/format';
import { useDeleteLocationPermanently, useRestoreLocation } from '../api/admin-locations.mutations';
import { locationsListQuery } from '../api/admin-locations.queries';
import styles from './admin-locations.module.css';

const NO_FILTERS = {};
const SORTABLE = ['deletedAt', 'name', 'city'] as const;
const column = createColumnHelper<Location>();

/** /dashboard/admin/locations/trash: soft-deleted locations — restore one, or delete it for good. */
export default function LocationTrashPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(NO_FILTERS, { sortable: SORTABLE, defaultSort: { id: 'deletedAt', desc: true } });
  const list = useQuery(locationsListQuery({ q: state.q, sort: state.apiSort, page: state.page, size: state.size, isTrash: true }));
  const restore = useRestoreLocation();
  const purge = useDeleteLocationPermanently();
  const [toPurge, setToPurge] = useState<Location | null>(null);

  function onRestore(location: Location) {
    restore
      .mutateAsync(location)
      .then(() =>
        showToast(`“${location.name}” is restored`, 'success', {
          action: { label: 'Open', onClick: () => void navigate(to.adminLocation(location.id)) },
        }),
      )
      .catch((error: unknown) => showToast(errorText(error), 'error'));
  }

  const columns = [
    column.accessor('name', { id: 'name', header: 'Name', cell: ({ getValue }) => <span className={styles.strong}>{getValue()}</span> }),
    column.accessor('type', { id: 'type', header: 'Type', enableSorting: false, cell: ({ getValue }) => humanize(getValue()) }),
    column.accessor('city', { id: 'city', header: 'City' }),
    column.accessor('deletedAt', {
      id: 'deletedAt',
      header: 'Deleted',
      meta: { align: 'end' },
      cell: ({ getValue }) => <span className={styles.num}>{formatShortDate(getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { label: 'Actions', align: 'end' },
      cell: ({ row }) => (
        <span className={styles.rowActions}>
          <Button
            variant="secondary"
            size="small"
            className={styles.compactButton}
            onClick={() => onRestore(row.original)}
            disabled={restore.isPending && restore.variables.id === row.original.id}
          >
            Restore<span className="visually-hidden"> {row.original.name}</span>
          </Button>
          <button type="button" className={styles.dangerLink} onClick={() => setToPurge(row.original)}>
            Delete permanently<span className="visually-hidden"> {row.original.name}</span>
          </button>
        </span>
      ),
    }),
  ];

  const total = list.data?.totalElements;
  return (
    <WorkspacePage
      title="Trash"
      crumbs={[{ label: 'Locations', to: paths.adminLocations }]}
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} deleted ${total === 1 ? 'location' : 'locations'} · restored ones come back with their hours and their state`
      }
      actions={
        <Link to={paths.adminLocations} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
          All locations
        </Link>
      }
    >
      <DataTable<Location>
        id="admin-locations-trash"
        caption="Deleted locations"
        columns={columns}
        query={list}
        state={state}
        getRowId={(l) => l.id}
        rowLabel={(l) => l.name}
        noun="locations"
        toolbar={
          <TableFilters
            search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Search name, city, address" />}
            chips={
              <FilterChips
                chips={state.q ? [{ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') }] : []}
                onClearAll={state.clearFilters}
              />
            }
          />
        }
        empty={
          state.q ? (
            <EmptyState title="No deleted location matches this search">
              <Button variant="secondary" size="small" onClick={() => state.setQuery('')}>
                Clear search
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="The Trash is empty">
              <p>Locations you delete wait here until you restore them or delete them for good.</p>
              <Link to={paths.adminLocations} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
                All locations
              </Link>
            </EmptyState>
          )
        }
      />
      <ConfirmDialog
        isOpen={toPurge !== null}
        title="Delete this location permanently?"
        confirmLabel="Delete permanently"
        isDestructive
        confirmText={toPurge?.name}
        isPending={purge.isPending}
        error={purge.error ? errorText(purge.error) : null}
        onCancel={() => {
          setToPurge(null);
          purge.reset();
        }}
        onConfirm={() => {
          if (!toPurge) return;
          const gone = toPurge;
          purge.mutate(gone, {
            onSuccess: () => {
              setToPurge(null);
              showToast(`“${gone.name}” is deleted permanently`);
            },
          });
        }}
      >
        “{toPurge?.name}”, its address, hours and services will be deleted. This cannot be undone.
      </ConfirmDialog>
    </WorkspacePage>
  );
}
