import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, type OrderStatus, type VendorOrderLine } from '@mirror/contract';
import {
  DataTable,
  FilterChips,
  FilterSelect,
  SearchInput,
  StatusDot,
  TableFilters,
  createColumnHelper,
  useTableUrlState,
  type ColumnDef,
  type FilterChip,
} from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { formatCount, formatMoney, formatShortDate, humanize } from '../../../lib/format';
import { param } from '../../../lib/url-state';
import { vendorOrderLinesQuery } from '../api/vendor-dashboard.queries';
import styles from './vendor-orders.module.css';

const SORTABLE = ['orderedAt', 'orderNumber', 'quantity'] as const;
const FILTERS = { status: param.optionalOneOf(ORDER_STATUSES) };

/** Orders waiting for the house are gold; finished or cancelled ones are quiet; the rest are in progress. */
function statusTone(status: OrderStatus) {
  if (status === 'PENDING') return 'gold' as const;
  if (status === 'CANCELLED' || status === 'COMPLETED') return 'muted' as const;
  return 'ink' as const;
}

function lineColumns(): ColumnDef<VendorOrderLine, never>[] {
  const column = createColumnHelper<VendorOrderLine>();
  const columns = [
    column.accessor('orderNumber', {
      id: 'orderNumber',
      header: 'Order',
      enableHiding: false,
      cell: (info) => <span className={styles.num}>{info.getValue()}</span>,
    }),
    column.accessor('orderedAt', {
      id: 'orderedAt',
      header: 'Date',
      cell: (info) => <span className={styles.num}>{formatShortDate(info.getValue())}</span>,
    }),
    column.accessor('productName', {
      id: 'piece',
      header: 'Piece',
      enableSorting: false,
      cell: (info) => (
        <>
          <span className={styles.piece} title={info.getValue()}>
            {info.getValue()}
          </span>
          <span className={styles.secondary}>{info.row.original.sku}</span>
        </>
      ),
    }),
    column.accessor('quantity', {
      id: 'quantity',
      header: 'Qty',
      meta: { align: 'end', label: 'Quantity' },
      cell: (info) => <span className={styles.num}>{formatCount(info.getValue())}</span>,
    }),
    column.accessor('lineTotal', {
      id: 'lineTotal',
      header: 'Line total',
      enableSorting: false,
      meta: { align: 'end' },
      cell: (info) => <span className={styles.num}>{formatMoney(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.accessor('orderStatus', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusDot tone={statusTone(info.getValue())}>{humanize(info.getValue())}</StatusDot>,
    }),
  ];
  return columns;
}

/**
 * /dashboard/vendor/orders: the vendor's own order lines, as fulfilment needs them (issue 11). The API
 * answers with the order's number, date and status and the vendor's lines; never who ordered.
 */
export default function VendorOrdersPage() {
  const state = useTableUrlState(FILTERS, { sortable: SORTABLE, defaultSort: { id: 'orderedAt', desc: true } });
  const q = state.q.trim() || undefined;
  const list = useQuery(
    vendorOrderLinesQuery({ page: state.page, size: state.size, sort: state.apiSort, status: state.filters.status, q }),
  );
  const columns = useMemo(() => lineColumns(), []);
  const total = list.data?.totalElements;
  const isFiltered = Boolean(q || state.filters.status);

  const chips: FilterChip[] = [];
  if (q) chips.push({ key: 'q', label: `“${q}”`, onRemove: () => state.setQuery('') });
  if (state.filters.status)
    chips.push({
      key: 'status',
      label: `Status: ${humanize(state.filters.status)}`,
      onRemove: () => state.setFilters({ status: undefined }),
    });

  return (
    <WorkspacePage
      title="Orders"
      crumbs={[{ label: 'Overview', to: paths.vendorDashboard }]}
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? 'order line' : 'order lines'}${isFiltered ? ' match' : ''} · your pieces only`
      }
    >
      <div className={styles.tableWrap}>
        <DataTable<VendorOrderLine>
          id="vendor-order-lines"
          caption="Your order lines"
          columns={columns}
          query={list}
          state={state}
          getRowId={(line) => line.id}
          rowLabel={(line) => `${line.orderNumber}, ${line.productName}`}
          noun="order lines"
          toolbar={
            <TableFilters
              search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Order number, SKU or piece" />}
              filters={
                <FilterSelect
                  label="Status"
                  allLabel="All"
                  value={state.filters.status}
                  options={ORDER_STATUSES.map((status) => ({ value: status, label: humanize(status) }))}
                  onChange={(status) => state.setFilters({ status: status as OrderStatus | undefined })}
                />
              }
              chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
            />
          }
          empty={
            isFiltered ? (
              <EmptyState title="No order lines match">
                <p>None of your order lines fits this search and this status.</p>
              </EmptyState>
            ) : (
              <EmptyState title="No orders yet">
                <p>When a client orders one of your pieces, the line appears here with its order number and status.</p>
              </EmptyState>
            )
          }
        />
      </div>
    </WorkspacePage>
  );
}
