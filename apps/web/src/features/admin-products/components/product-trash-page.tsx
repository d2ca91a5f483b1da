import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { OFFSET_WINDOW, type Product } from '@mirror/contract';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { ApiError, errorText } from '../../../lib/errors';
import { useBulkProducts, useDeletePermanently, useRestoreProduct } from '../api/admin-products.mutations';
import { adminProductFacetsQuery, adminProductsListQuery, type AdminProductListParams } from '../api/admin-products.queries';
import { pieces } from './bulk-actions';
import { trashColumns } from './product-columns';
import { ProductFiltersBar, apiFilterOf, hasFilters, labelsOf, productFilterSpec } from './product-filters';
import styles from './admin-products.module.css';

const TRASH_SORTABLE = ['name', 'sku', 'updatedAt'] as const;

/** A refused permanent delete, in plain words. */
function permanentDeleteError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return (
      'Orders refer to this piece, so it cannot be deleted permanently: the order history must keep it. ' +
      'Restore it and set it to Archived to take it off the storefront.'
    );
  }
  return errorText(error);
}

/**
 * /dashboard/admin/manage-products/trash: soft-deleted pieces. Restore one or many; delete one
 * permanently after typing its SKU (refused while orders reference it).
 */
export default function ProductTrashPage() {
  const state = useTableUrlState(productFilterSpec, { sortable: TRASH_SORTABLE, defaultSort: { id: 'updatedAt', desc: true } });
  const filter = useMemo(() => apiFilterOf(state.filters, true), [state.filters]);
  const q = state.q.trim();
  const isSearch = q !== '';
  // Past the first OFFSET_WINDOW pieces the list is paged by cursor (kept in the URL); a search pages by number.
  const cursor = isSearch ? {} : (state.cursor ?? {});
  const params: AdminProductListParams = {
    ...filter,
    q: q || undefined,
    sort: isSearch ? undefined : state.apiSort,
    page: state.page,
    size: state.size,
    ...cursor,
  };
  const list = useQuery(adminProductsListQuery(params));
  const facets = useQuery(adminProductFacetsQuery(filter));
  const everything = useQuery(adminProductFacetsQuery({ isTrash: true }));
  const labels = useMemo(() => labelsOf(everything.data, facets.data), [everything.data, facets.data]);
  const restore = useRestoreProduct();
  const bulk = useBulkProducts();
  const deletePermanently = useDeletePermanently();
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  function restoreOne(product: Product) {
    restore.mutateAsync(product.id).then(
      () => showToast(`${product.name} restored`),
      (error: unknown) => showToast(`${product.name} was not restored: ${errorText(error)}`, 'error'),
    );
  }

  const columns = useMemo(
    () =>
      trashColumns(labels, {
        isSortable: !isSearch,
        actions: (product) => (
          <span className={styles.rowActions}>
            <button type="button" className={styles.rowAction} onClick={() => restoreOne(product)} aria-label={`Restore ${product.name}`}>
              Restore
            </button>
            <button
              type="button"
              className={`${styles.rowAction} ${styles.danger}`}
              aria-label={`Delete ${product.name} permanently`}
              onClick={() => {
                setDeleteError(null);
                setToDelete(product);
              }}
            >
              Delete permanently
            </button>
          </span>
        ),
      }),
    // restoreOne only reads stable mutation handles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labels, isSearch],
  );

  const total = list.data?.totalElements;
  const isFiltered = isSearch || hasFilters(state.filters, true);

  return (
    <WorkspacePage
      title="Trash"
      crumbs={[{ label: 'Products', to: paths.adminManageProducts }]}
      subtitle={
        total === undefined
          ? '\u00a0'
          : total === 0 && !isFiltered
            ? 'Nothing is in the Trash.'
            : `${pieces(total)} deleted. They are hidden everywhere until restored.`
      }
      actions={
        <Link className={styles.headerLink} to={paths.adminManageProducts}>
          Back to products
        </Link>
      }
    >
      <div className={styles.tableWrap}>
        <DataTable<Product>
          id="admin-products-trash"
          caption="Deleted pieces"
          columns={columns}
          query={list}
          state={isSearch ? { ...state, sort: null } : state}
          getRowId={(p) => p.id}
          rowLabel={(p) => p.name}
          selectionKey={JSON.stringify([filter, q])}
          bulkActions={(selected, clear) => (
            <button
              type="button"
              className={styles.bulkButton}
              disabled={bulk.isPending}
              onClick={() =>
                bulk.mutateAsync({ ids: selected.map((p) => p.id), action: 'RESTORE' }).then(
                  (result) => {
                    clear();
                    showToast(`${pieces(result.updated)} restored`);
                  },
                  (error: unknown) => showToast(errorText(error), 'error'),
                )
              }
            >
              Restore
            </button>
          )}
          toolbar={<ProductFiltersBar state={state} facets={facets.data} labels={labels} isTrash />}
          noun="pieces"
          offsetWindow={isSearch ? undefined : OFFSET_WINDOW}
          empty={
            isFiltered ? (
              <EmptyState title="No deleted pieces match">
                <button type="button" className={styles.emptyAction} onClick={state.clearFilters}>
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <EmptyState title="The Trash is empty">
                <p>Deleted pieces wait here until they are restored or deleted permanently.</p>
                <Link className={styles.emptyAction} to={paths.adminManageProducts}>
                  Back to products
                </Link>
              </EmptyState>
            )
          }
        />
      </div>
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={`Delete ${toDelete?.name ?? 'this piece'} permanently?`}
        confirmLabel="Delete permanently"
        isDestructive
        confirmText={toDelete?.sku}
        isPending={deletePermanently.isPending}
        error={deleteError}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const piece = toDelete;
          deletePermanently.mutateAsync(piece.id).then(
            () => {
              setToDelete(null);
              showToast(`${piece.name} deleted permanently`);
            },
            (error: unknown) => setDeleteError(permanentDeleteError(error)),
          );
        }}
      >
        <p>The piece, its images and its place in collections are removed for good. This cannot be undone.</p>
      </ConfirmDialog>
    </WorkspacePage>
  );
}
