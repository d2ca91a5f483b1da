import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MySubmission, SubmissionStatus } from '@mirror/contract';
import { createColumnHelper, DataTable, StatusDot, useTableUrlState, type ColumnDef } from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { buttonClassName } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { formatCount, formatShortDate, humanize } from '../../../lib/format';
import { mySubmissionsQuery } from '../api/designer-dashboard.queries';

const NO_FILTERS = {};
const NOT_SORTABLE: readonly string[] = [];

/** Selected in ink, a pending review in gold; received and declined in warm grey. */
export const SUBMISSION_TONE: Record<SubmissionStatus, 'ink' | 'muted' | 'gold'> = {
  RECEIVED: 'muted',
  UNDER_REVIEW: 'gold',
  SELECTED: 'ink',
  DECLINED: 'muted',
};

const column = createColumnHelper<MySubmission>();

function submissionColumns(): ColumnDef<MySubmission, never>[] {
  const columns = [
    column.accessor((s) => s.collectionTitle ?? s.brandName ?? s.name, {
      id: 'entry',
      header: 'Entry',
      enableSorting: false,
      enableHiding: false,
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusDot tone={SUBMISSION_TONE[info.getValue()]}>{humanize(info.getValue())}</StatusDot>,
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: 'Sent',
      enableSorting: false,
      meta: { align: 'end' },
      cell: (info) => formatShortDate(info.getValue()),
    }),
    column.accessor('statusChangedAt', {
      id: 'statusChangedAt',
      header: 'Last change',
      enableSorting: false,
      meta: { align: 'end' },
      cell: (info) => formatShortDate(info.getValue()),
    }),
    column.accessor('country', { id: 'country', header: 'Country', enableSorting: false, cell: (info) => info.getValue() ?? '—' }),
    column.accessor((s) => s.files.length, { id: 'files', header: 'Files', enableSorting: false, meta: { align: 'end' } }),
  ];
  return columns;
}

/** /dashboard/designer/submissions: their digital jewelry week entries and where each stands. */
export default function DesignerSubmissionsPage() {
  const state = useTableUrlState(NO_FILTERS, { sortable: NOT_SORTABLE });
  const list = useQuery(mySubmissionsQuery({ page: state.page, size: state.size }));
  const columns = useMemo(() => submissionColumns(), []);
  const total = list.data?.totalElements;
  return (
    <WorkspacePage
      title="My submissions"
      crumbs={[{ label: 'Overview', to: paths.designerDashboard }]}
      subtitle={total === undefined ? '\u00a0' : `${formatCount(total)} ${total === 1 ? 'entry' : 'entries'} to the digital jewelry week`}
    >
      <DataTable<MySubmission>
        id="designer-submissions"
        caption="Your jewelry week entries"
        columns={columns}
        query={list}
        state={state}
        getRowId={(s) => s.id}
        rowLabel={(s) => s.collectionTitle ?? s.name}
        noun="entries"
        empty={
          <EmptyState title="No entries yet">
            <p>Entries sent with your account’s email address appear here with their status.</p>
            <Link className={buttonClassName({ size: 'small' })} to={paths.jewelryWeek}>
              Enter the jewelry week
            </Link>
          </EmptyState>
        }
      />
    </WorkspacePage>
  );
}
