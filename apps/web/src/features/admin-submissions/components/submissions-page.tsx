import { useQuery } from '@tanstack/react-query';
import { SUBMISSION_STATUSES, type Submission, type SubmissionStatus } from '@mirror/contract';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  FilterChips,
  SearchInput,
  StatusDot,
  TableFilters,
  createColumnHelper,
  useTableUrlState,
  type FilterChip,
} from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { Button } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { to } from '../../../config/routes';
import { formatCount, formatShortDate } from '../../../lib/format';
import { param } from '../../../lib/url-state';
import { submissionFacetsQuery, submissionsListQuery } from '../api/admin-submissions.queries';
import { SUBMISSION_STATUS_LABELS, SUBMISSION_TONES } from '../submission-status';
import styles from './admin-submissions.module.css';

const FILTERS = { status: param.optionalOneOf(SUBMISSION_STATUSES) };
const SORTABLE = ['name', 'status', 'createdAt'] as const;

const column = createColumnHelper<Submission>();
const COLUMNS = [
  column.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className={styles.nameCell}>
        <Link className={styles.rowLink} to={to.adminSubmission(row.original.id)}>
          {row.original.name}
        </Link>
        {row.original.brandName ? <span className={styles.secondary}>{row.original.brandName}</span> : null}
      </span>
    ),
  }),
  column.accessor('email', { id: 'email', header: 'Email', enableSorting: false }),
  column.accessor('country', {
    id: 'country',
    header: 'Country',
    enableSorting: false,
    cell: ({ getValue }) => getValue() ?? <span className={styles.muted}>—</span>,
  }),
  column.accessor('collectionTitle', {
    id: 'collection',
    header: 'Collection',
    enableSorting: false,
    cell: ({ getValue }) => getValue() ?? <span className={styles.muted}>—</span>,
  }),
  column.accessor('status', {
    id: 'status',
    header: 'Status',
    cell: ({ getValue }) => <StatusDot tone={SUBMISSION_TONES[getValue()]}>{SUBMISSION_STATUS_LABELS[getValue()]}</StatusDot>,
  }),
  column.accessor('createdAt', {
    id: 'createdAt',
    header: 'Received',
    meta: { align: 'end' },
    cell: ({ getValue }) => <span className={styles.num}>{formatShortDate(getValue())}</span>,
  }),
];

/** /dashboard/admin/submissions: the digital jewelry week's entries, by status tab, searchable. */
export default function SubmissionsPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(FILTERS, { sortable: SORTABLE, defaultSort: { id: 'createdAt', desc: true } });
  const list = useQuery(
    submissionsListQuery({ q: state.q, status: state.filters.status, sort: state.apiSort, page: state.page, size: state.size }),
  );
  const facets = useQuery(submissionFacetsQuery(state.q));

  const tabs: { value: SubmissionStatus | undefined; label: string; count: number | undefined }[] = [
    { value: undefined, label: 'All', count: facets.data?.total },
    ...SUBMISSION_STATUSES.map((s) => ({
      value: s,
      label: SUBMISSION_STATUS_LABELS[s],
      count: facets.data ? facets.data.byStatus[s] : undefined,
    })),
  ];
  const chips: FilterChip[] = [
    ...(state.q ? [{ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') }] : []),
    ...(state.filters.status
      ? [{ key: 'status', label: SUBMISSION_STATUS_LABELS[state.filters.status], onRemove: () => state.setFilters({ status: undefined }) }]
      : []),
  ];
  const isFiltered = chips.length > 0;
  const total = list.data?.totalElements;

  return (
    <WorkspacePage
      title="Submissions"
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? 'entry' : 'entries'}${isFiltered ? (total === 1 ? ' matches' : ' match') : ''}`
      }
    >
      <ul className={styles.tabs} aria-label="Status">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <button
              type="button"
              className={styles.tab}
              aria-pressed={state.filters.status === tab.value}
              onClick={() => state.setFilters({ status: tab.value })}
            >
              {tab.label}
              {tab.count !== undefined ? <span className={styles.num}>{formatCount(tab.count)}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <DataTable<Submission>
        id="admin-submissions"
        caption="Submissions"
        columns={COLUMNS}
        query={list}
        state={state}
        getRowId={(s) => s.id}
        rowLabel={(s) => s.name}
        onOpen={(s) => navigate(to.adminSubmission(s.id))}
        noun="entries"
        toolbar={
          <TableFilters
            search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Search by name, email or country" />}
            chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
          />
        }
        empty={
          isFiltered ? (
            <EmptyState title="No entry matches">
              <Button variant="secondary" size="small" onClick={state.clearFilters}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="No submissions yet">
              <p>Entries sent through the digital jewelry week form appear here.</p>
            </EmptyState>
          )
        }
      />
    </WorkspacePage>
  );
}
