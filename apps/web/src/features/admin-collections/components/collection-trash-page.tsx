import { useQuery } from '@tanstack/react-query';
import type { Collection } from '@mirror/contract';
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
import { useDeleteCollectionPermanently, useRestoreCollection } from '../api/admin-collections.mutations';
import { collectionsListQuery } from '../api/admin-collections.queries';
import styles from './admin-collections.module.css';

const NO_FILTERS = {};
const SORTABLE = ['deletedAt', 'name', 'year'] as const;
const column = createColumnHelper<Collection>();

/** /dashboard/admin/collections/trash: soft-deleted collections — restore one, or delete it for good. */
export default function CollectionTrashPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(NO_FILTERS, { sortable: SORTABLE, defaultSort: { id: 'deletedAt', desc: true } });
  const list = useQuery(collectionsListQuery({ q: state.q, sort: state.apiSort, page: state.page, size: state.size, isTrash: true }));
  const restore = useRestoreCollection();
  const purge = useDeleteCollectionPermanently();
  const [toPurge, setToPurge] = useState<Collection | null>(null);

  function onRestore(collection: Collection) {
    restore
      .mutateAsync(collection)
      .then(() =>
        showToast(`“${collection.name}” is restored`, 'success', {
          action: { label: 'Open', onClick: () => void navigate(to.adminCollection(collection.id)) },
        }),
      )
      .catch((error: unknown) => showToast(errorText(error), 'error'));
  }

  const columns = [
    column.accessor('name', { id: 'name', header: 'Name', cell: ({ getValue }) => <span className={styles.strong}>{getValue()}</span> }),
    column.accessor('year', {
      id: 'year',
      header: 'Year',
      meta: { align: 'end', width: '6rem' },
      cell: ({ getValue }) => <span className={styles.num}>{getValue()}</span>,
    }),
    column.accessor('season', { id: 'season', header: 'Season', enableSorting: false, cell: ({ getValue }) => humanize(getValue()) }),
    column.accessor('productCount', {
      id: 'pieces',
      header: 'Pieces',
      enableSorting: false,
      meta: { align: 'end', width: '6rem' },
      cell: ({ getValue }) => <span className={styles.num}>{formatCount(getValue())}</span>,
    }),
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
      crumbs={[{ label: 'Collections', to: paths.adminCollections }]}
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} deleted ${total === 1 ? 'collection' : 'collections'} · restored ones come back with their pieces and their order`
      }
      actions={
        <Link to={paths.adminCollections} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
          All collections
        </Link>
      }
    >
      <DataTable<Collection>
        id="admin-collections-trash"
        caption="Deleted collections"
        columns={columns}
        query={list}
        state={state}
        getRowId={(c) => c.id}
        rowLabel={(c) => c.name}
        noun="collections"
        toolbar={
          <TableFilters
            search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Search by name" />}
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
            <EmptyState title="No deleted collection matches this search">
              <Button variant="secondary" size="small" onClick={() => state.setQuery('')}>
                Clear search
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="The Trash is empty">
              <p>Collections you delete wait here until you restore them or delete them for good.</p>
              <Link to={paths.adminCollections} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
                All collections
              </Link>
            </EmptyState>
          )
        }
      />
      <ConfirmDialog
        isOpen={toPurge !== null}
        title="Delete this collection permanently?"
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
        “{toPurge?.name}” and its list of pieces will be deleted. The pieces stay in the catalog. This cannot be undone.
      </ConfirmDialog>
    </WorkspacePage>
  );
}
