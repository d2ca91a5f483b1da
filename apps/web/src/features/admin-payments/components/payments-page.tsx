import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { SCHEDULE_STATES, type ScheduleEntry } from '@mirror/contract';
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
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { errorText } from '../../../lib/errors';
import { formatCount, formatMoney, formatShortDate } from '../../../lib/format';
import { downloadScheduleCsv, saveBlob, scheduleListQuery, scheduleSummaryQuery } from '../api/admin-payments.queries';
import { SCHEDULE_STATUS_LABEL, STATE_LABEL, paymentFilterSpec, scheduleFilterOf, scheduleTone, type PaymentUrlFilters } from '../payments';
import { DueDateRange } from './due-date-range';
import { MonthStrip } from './month-strip';
import styles from './admin-payments.module.css';

const dash = <span className={styles.muted}>—</span>;

function scheduleColumns(): ColumnDef<ScheduleEntry, never>[] {
  const column = createColumnHelper<ScheduleEntry>();
  const columns = [
    column.accessor('dueDate', {
      id: 'dueDate',
      header: 'Due',
      enableSorting: false,
      cell: ({ row }) => (
        <span className={styles.num} data-overdue={row.original.status === 'OVERDUE' || undefined}>
          {formatShortDate(row.original.dueDate)}
        </span>
      ),
    }),
    column.accessor('orderNumber', {
      id: 'order',
      header: 'Order',
      enableSorting: false,
      cell: ({ row }) => (
        <Link className={styles.orderLink} to={to.adminOrder(row.original.orderId)}>
          {row.original.orderNumber}
        </Link>
      ),
    }),
    column.display({
      id: 'client',
      header: 'Client',
      meta: { label: 'Client' },
      cell: ({ row }) => (
        <span className={styles.client}>
          <span>{row.original.customerName}</span>
          <span className={styles.secondary}>{row.original.customerEmail}</span>
        </span>
      ),
    }),
    column.accessor('label', { id: 'label', header: 'Payment', enableSorting: false }),
    column.accessor('amount', {
      id: 'amount',
      header: 'Amount',
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => <span className={styles.num}>{formatMoney(row.original.amount, row.original.currency)}</span>,
    }),
    column.accessor('paidAmount', {
      id: 'paid',
      header: 'Paid',
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) =>
        row.original.paidAmount > 0 ? (
          <span className={styles.num}>{formatMoney(row.original.paidAmount, row.original.currency)}</span>
        ) : (
          dash
        ),
    }),
    column.accessor('remaining', {
      id: 'remaining',
      header: 'Remaining',
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) =>
        row.original.remaining > 0 ? (
          <span className={styles.num}>{formatMoney(row.original.remaining, row.original.currency)}</span>
        ) : (
          dash
        ),
    }),
    column.accessor('status', {
      id: 'status',
      header: 'State',
      enableSorting: false,
      cell: ({ row }) => <StatusDot tone={scheduleTone(row.original.status)}>{SCHEDULE_STATUS_LABEL[row.original.status]}</StatusDot>,
    }),
  ];
  return columns;
}

/**
 * /dashboard/admin/payments: every schedule item across live orders by due date — upcoming, overdue
 * and paid — with totals per month, filters in the URL, each row leading to its order, and the
 * current selection as CSV.
 */
export default function PaymentsPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(paymentFilterSpec, { sortable: [] });
  const { filters, setFilters } = state;
  const filter = useMemo(() => scheduleFilterOf(filters, state.q), [filters, state.q]);
  const list = useQuery(scheduleListQuery({ ...filter, page: state.page, size: state.size }));
  const summary = useQuery(scheduleSummaryQuery(filter));
  const columns = useMemo(() => scheduleColumns(), []);
  const [isExporting, setIsExporting] = useState(false);
  const total = list.data?.totalElements;

  async function exportCsv() {
    setIsExporting(true);
    try {
      const file = await downloadScheduleCsv(filter);
      saveBlob(file.blob, file.fileName);
      showToast(
        `Exported ${file.rows === null ? 'the schedule' : `${formatCount(file.rows)} ${file.rows === 1 ? 'payment' : 'payments'}`} to ${file.fileName}`,
      );
    } catch (error) {
      showToast(`The export failed: ${errorText(error)}`, 'error');
    } finally {
      setIsExporting(false);
    }
  }

  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') });
  if (filters.state) chips.push({ key: 'state', label: STATE_LABEL[filters.state], onRemove: () => setFilters({ state: undefined }) });
  if (filter.dueFrom || filter.dueTo) {
    const text =
      filter.dueFrom && filter.dueTo
        ? `${formatShortDate(filter.dueFrom)} – ${formatShortDate(filter.dueTo)}`
        : filter.dueFrom
          ? `from ${formatShortDate(filter.dueFrom)}`
          : `until ${formatShortDate(filter.dueTo)}`;
    chips.push({ key: 'due', label: `Due ${text}`, onRemove: () => setFilters({ dueFrom: undefined, dueTo: undefined }) });
  }
  const isFiltered = chips.length > 0;
  const noun = (n: number) => `${formatCount(n)} ${n === 1 ? 'payment' : 'payments'}`;

  return (
    <WorkspacePage
      title="Payments"
      subtitle={
        total === undefined ? '\u00a0' : isFiltered ? `${noun(total)} ${total === 1 ? 'matches' : 'match'}` : `${noun(total)} scheduled`
      }
      actions={
        <Button variant="secondary" size="small" onClick={() => void exportCsv()} disabled={isExporting || total === 0}>
          {isExporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <MonthStrip
        summary={summary.data}
        isLoading={summary.isPending}
        error={summary.error}
        filters={filters}
        onPick={(range) => setFilters(range)}
      />
      <div className={styles.tableWrap}>
        <DataTable<ScheduleEntry>
          id="admin-payments"
          caption="Scheduled payments"
          columns={columns}
          query={list}
          state={state}
          getRowId={(e) => e.id}
          rowLabel={(e) => `${e.orderNumber} ${e.label}`}
          onOpen={(e) => void navigate(to.adminOrder(e.orderId))}
          noun="payments"
          toolbar={
            <TableFilters
              search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Order number, client name or email" />}
              filters={
                <>
                  <FilterSelect
                    label="State"
                    allLabel="All"
                    value={filters.state}
                    options={SCHEDULE_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))}
                    onChange={(value) => setFilters({ state: value as PaymentUrlFilters['state'] })}
                  />
                  <DueDateRange
                    from={filters.dueFrom ?? ''}
                    to={filters.dueTo ?? ''}
                    onChange={(next) => setFilters({ dueFrom: next.from || undefined, dueTo: next.to || undefined })}
                  />
                </>
              }
              chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
            />
          }
          empty={
            isFiltered ? (
              <EmptyState title="No payment matches">
                <p>Nothing on the schedule fits this search and these filters.</p>
                <Button variant="secondary" size="small" onClick={state.clearFilters}>
                  Clear filters
                </Button>
              </EmptyState>
            ) : (
              <EmptyState title="Nothing scheduled yet">
                <p>Each order's payment schedule appears here once it is placed.</p>
                <Link className={styles.emptyLink} to={paths.adminOrderNew}>
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
