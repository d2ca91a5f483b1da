import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { OrderSummary, PaymentState } from '@mirror/contract';
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
import { Button, buttonClassName } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { formatCount, formatMoney, formatShortDate } from '../../../lib/format';
import { adminOrderFacetsQuery, adminOrdersListQuery } from '../api/admin-orders.queries';
import {
  PAYMENT_STATES,
  PAYMENT_STATE_LABEL,
  amountRangeLabel,
  apiFilterOf,
  orderFilterSpec,
  orderStatusLabel,
  orderStatusTone,
  paymentTone,
  withoutStatus,
} from '../orders';
import { RangeFilter } from './range-filter';
import { StatusTabs } from './status-tabs';
import styles from './admin-orders.module.css';

export const ORDER_SORTABLE = ['number', 'createdAt', 'total', 'status'] as const;

const dash = <span className={styles.muted}>—</span>;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function orderColumns(): ColumnDef<OrderSummary, never>[] {
  const column = createColumnHelper<OrderSummary>();
  const today = todayUtc();
  const columns = [
    column.accessor('number', {
      id: 'number',
      header: 'Order',
      cell: ({ row }) => (
        <Link className={styles.orderLink} to={to.adminOrder(row.original.id)}>
          {row.original.number}
        </Link>
      ),
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: 'Date',
      cell: ({ getValue }) => <span className={styles.num}>{formatShortDate(getValue())}</span>,
    }),
    column.display({
      id: 'customer',
      header: 'Customer',
      meta: { label: 'Customer' },
      cell: ({ row }) => (
        <span className={styles.customer}>
          <span>
            {row.original.customerName}
            {row.original.customerId === null ? <span className={styles.guest}> · Guest</span> : null}
          </span>
          <span className={styles.secondary}>{row.original.customerEmail}</span>
        </span>
      ),
    }),
    column.accessor('pieceCount', {
      id: 'pieces',
      header: 'Pieces',
      meta: { align: 'end' },
      enableSorting: false,
      cell: ({ getValue }) => <span className={styles.num}>{formatCount(getValue())}</span>,
    }),
    column.accessor('total', {
      id: 'total',
      header: 'Total',
      meta: { align: 'end' },
      cell: ({ row }) => <span className={styles.num}>{formatMoney(row.original.total, row.original.currency)}</span>,
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      cell: ({ getValue }) => <StatusDot tone={orderStatusTone(getValue())}>{orderStatusLabel(getValue())}</StatusDot>,
    }),
    column.accessor('paymentState', {
      id: 'payment',
      header: 'Payment',
      enableSorting: false,
      cell: ({ getValue }) => {
        const state = getValue();
        return state ? <StatusDot tone={paymentTone(state)}>{PAYMENT_STATE_LABEL[state]}</StatusDot> : dash;
      },
    }),
    column.accessor('nextDueDate', {
      id: 'nextDue',
      header: 'Next due',
      meta: { align: 'end' },
      enableSorting: false,
      cell: ({ row }) => {
        const due = row.original.nextDueDate;
        if (!due) return dash;
        return (
          <span className={styles.num} data-overdue={due < today || undefined}>
            {formatShortDate(due)}
          </span>
        );
      },
    }),
  ];
  return columns;
}

/**
 * /dashboard/admin/orders: every order, by status tab (with counts), searchable by number, client
 * name or email, filtered by date, total and payment state; the whole view lives in the URL.
 */
export default function OrdersPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(orderFilterSpec, { sortable: ORDER_SORTABLE, defaultSort: { id: 'createdAt', desc: true } });
  const { filters, setFilters } = state;
  const filter = useMemo(() => apiFilterOf(filters, state.q), [filters, state.q]);
  const list = useQuery(adminOrdersListQuery({ ...filter, sort: state.apiSort, page: state.page, size: state.size }));
  const facets = useQuery(adminOrderFacetsQuery(withoutStatus(filter)));
  const columns = useMemo(() => orderColumns(), []);
  const total = list.data?.totalElements;

  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') });
  if (filters.payment)
    chips.push({
      key: 'payment',
      label: `Payment: ${PAYMENT_STATE_LABEL[filters.payment]}`,
      onRemove: () => setFilters({ payment: undefined }),
    });
  if (filters.from || filters.to) {
    const text =
      filters.from && filters.to
        ? `${formatShortDate(filter.from)} – ${formatShortDate(filter.to)}`
        : filters.from
          ? `from ${formatShortDate(filters.from)}`
          : `until ${formatShortDate(filters.to)}`;
    chips.push({ key: 'placed', label: `Placed ${text}`, onRemove: () => setFilters({ from: undefined, to: undefined }) });
  }
  const amountLabel = amountRangeLabel(filters.min, filters.max);
  if (amountLabel) chips.push({ key: 'amount', label: amountLabel, onRemove: () => setFilters({ min: undefined, max: undefined }) });
  const isFiltered = chips.length > 0 || filters.status !== undefined;
  const noun = (n: number) => `${formatCount(n)} ${n === 1 ? 'order' : 'orders'}`;
  const toNumber = (text: string) =>
    text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Math.max(0, Math.round(Number(text)));

  return (
    <WorkspacePage
      title="Orders"
      subtitle={total === undefined ? '\u00a0' : isFiltered ? `${noun(total)} ${total === 1 ? 'matches' : 'match'}` : noun(total)}
      actions={
        <Link className={buttonClassName({ size: 'small' })} to={paths.adminOrderNew}>
          New order
        </Link>
      }
    >
      <StatusTabs current={filters.status} facets={facets.data} />
      <div className={styles.tableWrap}>
        <DataTable<OrderSummary>
          id="admin-orders"
          caption={filters.status ? `Orders: ${orderStatusLabel(filters.status)}` : 'Orders'}
          columns={columns}
          query={list}
          state={state}
          getRowId={(o) => o.id}
          rowLabel={(o) => o.number}
          onOpen={(o) => void navigate(to.adminOrder(o.id))}
          noun="orders"
          toolbar={
            <TableFilters
              search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Order number, client name or email" />}
              filters={
                <>
                  <FilterSelect
                    label="Payment"
                    allLabel="All"
                    value={filters.payment}
                    options={PAYMENT_STATES.map((p) => ({
                      value: p,
                      label: PAYMENT_STATE_LABEL[p],
                      count: facets.data?.byPaymentState?.[p],
                    }))}
                    onChange={(payment) => setFilters({ payment: payment as PaymentState | undefined })}
                  />
                  <RangeFilter
                    label="Placed"
                    type="date"
                    from={filters.from ?? ''}
                    to={filters.to ?? ''}
                    fromLabel="Placed from"
                    toLabel="Placed until"
                    onChange={(next) => setFilters({ from: next.from || undefined, to: next.to || undefined })}
                  />
                  <RangeFilter
                    label="Total (€)"
                    type="number"
                    from={filters.min === undefined ? '' : String(filters.min)}
                    to={filters.max === undefined ? '' : String(filters.max)}
                    fromLabel="Total at least"
                    toLabel="Total at most"
                    onChange={(next) => setFilters({ min: toNumber(next.from), max: toNumber(next.to) })}
                  />
                </>
              }
              chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
            />
          }
          empty={
            isFiltered ? (
              <EmptyState title="No order matches">
                <p>Nothing fits this tab, search and these filters.</p>
                <Button variant="secondary" size="small" onClick={state.clearFilters}>
                  Show all orders
                </Button>
              </EmptyState>
            ) : (
              <EmptyState title="No orders yet">
                <p>Orders placed on the site or by the team appear here.</p>
                <Link className={buttonClassName({ size: 'small' })} to={paths.adminOrderNew}>
                  Place an order
                </Link>
              </EmptyState>
            )
          }
        />
      </div>
    </WorkspacePage>
  );
}
