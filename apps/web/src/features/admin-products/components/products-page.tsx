import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { OFFSET_WINDOW, type Product } from '@mirror/contract';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { Button, buttonClassName } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { formatTotal } from '../../../lib/format';
import { adminProductFacetsQuery, adminProductsListQuery, type AdminProductListParams } from '../api/admin-products.queries';
import { ProductBulkActions, pieces } from './bulk-actions';
import { ExportProgressBar, useCsvExport } from './csv-export';
import { ImportDrawer } from './import-drawer';
import { useProductScope } from '../scope';
import { productColumns } from './product-columns';
import { ProductFiltersBar, apiFilterOf, hasFilters, labelsOf, productFilterSpec } from './product-filters';
import styles from './admin-products.module.css';

export const PRODUCT_SORTABLE = ['name', 'sku', 'price', 'stock', 'updatedAt', 'createdAt'] as const;

/**
 * /dashboard/admin/manage-products (docs/product.md §2): every piece, DRAFT and ARCHIVED included, with the
 * catalog search, filters with counts, sorting, inline stock, bulk actions and CSV in and out. All of
 * the view's state is in the URL.
 */
export default function ProductsPage() {
  const navigate = useNavigate();
  const scope = useProductScope();
  const isVendorScope = !scope.isAdmin;
  const state = useTableUrlState(productFilterSpec, { sortable: PRODUCT_SORTABLE, defaultSort: { id: 'updatedAt', desc: true } });
  // The vendor's scope: its own pieces (the server's `mine`), whatever vendor or featured filter a URL carries.
  const filter = useMemo(() => {
    const f = apiFilterOf(state.filters);
    return isVendorScope ? { ...f, vendorId: undefined, featured: undefined, isMine: true } : f;
  }, [state.filters, isVendorScope]);
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
  const everything = useQuery(adminProductFacetsQuery(isVendorScope ? { isMine: true } : {}));
  const labels = useMemo(() => labelsOf(everything.data, facets.data), [everything.data, facets.data]);
  const columns = useMemo(() => productColumns(labels, { isSortable: !isSearch, isVendorScope }), [labels, isSearch, isVendorScope]);
  const exporter = useCsvExport();
  const [isImportOpen, setIsImportOpen] = useState(false);
  const isFiltered = isSearch || hasFilters(state.filters);
  const total = list.data?.totalElements;

  // A search ranks by relevance: the column sort does not apply while it is on.
  const tableState = isSearch ? { ...state, sort: null } : state;
  const exportView = () => void exporter.start({ filter, q: q || undefined, sort: state.apiSort });

  return (
    <WorkspacePage
      title="Products"
      subtitle={
        total === undefined
          ? '\u00a0'
          : isSearch
            ? `${formatTotal(total, list.data?.totalExact)} ${total === 1 ? 'match' : 'matches'} for “${q}”`
            : isFiltered
              ? `${pieces(total)} match the filters`
              : pieces(total)
      }
      actions={
        isVendorScope ? (
          <div className={styles.actions}>
            <Link className={buttonClassName({ size: 'small' }, styles.primaryAction)} to={scope.newPath}>
              New product
            </Link>
          </div>
        ) : (
          <div className={styles.actions}>
            <Link className={styles.headerLink} to={paths.adminProductTrash}>
              Trash
            </Link>
            <Button variant="secondary" size="small" onClick={() => setIsImportOpen(true)}>
              Import CSV
            </Button>
            <Button variant="secondary" size="small" onClick={exportView} disabled={exporter.isRunning || total === 0}>
              Export CSV
            </Button>
            <Link className={buttonClassName({ size: 'small' }, styles.primaryAction)} to={paths.adminProductNew}>
              New product
            </Link>
          </div>
        )
      }
    >
      {exporter.progress ? <ExportProgressBar progress={exporter.progress} onCancel={exporter.cancel} /> : null}
      <div className={styles.tableWrap}>
        <DataTable<Product>
          id="admin-products"
          caption="Products"
          columns={columns}
          query={list}
          state={tableState}
          getRowId={(p) => p.id}
          rowLabel={(p) => p.name}
          onOpen={(p) => void navigate(scope.detailPath(p.id))}
          selectionKey={JSON.stringify([filter, q])}
          bulkActions={
            isVendorScope
              ? undefined
              : (selected, clear) => (
                  <ProductBulkActions
                    selected={selected}
                    clear={clear}
                    isExporting={exporter.isRunning}
                    onExport={(ids) => void exporter.start({ filter: {}, ids, sort: state.apiSort })}
                  />
                )
          }
          toolbar={<ProductFiltersBar state={state} facets={facets.data} labels={labels} isVendorScope={isVendorScope} />}
          noun="pieces"
          offsetWindow={isSearch ? undefined : OFFSET_WINDOW}
          empty={
            isFiltered ? (
              <EmptyState title="No pieces match">
                <p>Nothing in the catalog fits this search and these filters.</p>
                <button type="button" className={styles.emptyAction} onClick={state.clearFilters}>
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <EmptyState title="No pieces yet">
                <p>{isVendorScope ? 'Add a piece as a draft; Mirror reviews it and puts it on the site.' : 'The catalog is empty.'}</p>
                <Link className={buttonClassName({ size: 'small' })} to={scope.newPath}>
                  Add your first piece
                </Link>
              </EmptyState>
            )
          }
        />
      </div>
      {isVendorScope ? null : <ImportDrawer isOpen={isImportOpen} onClose={() => setIsImportOpen(false)} />}
    </WorkspacePage>
  );
}
