import { useQuery } from '@tanstack/react-query';
import { EMAIL_STATUSES, EMAIL_TYPES, type EmailStatus, type EmailType, type OutboxEmail } from '@mirror/contract';
import { useState } from 'react';
import {
  DataTable,
  FilterChips,
  FilterSelect,
  TableFilters,
  createColumnHelper,
  useTableUrlState,
  type FilterChip,
} from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { Button } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { formatCount, formatDateTime, humanize } from '../../../lib/format';
import { param } from '../../../lib/url-state';
import { outboxListQuery } from '../api/admin-emails.queries';
import { EmailDrawer, EmailStatusDot } from './email-drawer';
import styles from './admin-emails.module.css';

const FILTERS = {
  status: param.optionalOneOf(EMAIL_STATUSES),
  type: param.optionalOneOf(EMAIL_TYPES),
};

const column = createColumnHelper<OutboxEmail>();
const COLUMNS = [
  column.accessor('subject', {
    id: 'subject',
    header: 'Email',
    enableSorting: false,
    cell: ({ row }) => (
      <span className={styles.subject}>
        <span className={styles.subjectText}>{row.original.subject}</span>
        <span className={styles.secondary}>{row.original.recipients.join(', ')}</span>
      </span>
    ),
  }),
  column.accessor('status', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ getValue }) => <EmailStatusDot status={getValue()} />,
  }),
  column.accessor('emailType', { id: 'type', header: 'Type', enableSorting: false, cell: ({ getValue }) => humanize(getValue()) }),
  column.accessor('createdAt', {
    id: 'created',
    header: 'Created',
    enableSorting: false,
    meta: { align: 'end' },
    cell: ({ getValue }) => <span className={styles.num}>{formatDateTime(getValue())}</span>,
  }),
  column.accessor('attempts', {
    id: 'attempts',
    header: 'Attempts',
    enableSorting: false,
    meta: { align: 'end', width: '6rem' },
    cell: ({ getValue }) => <span className={styles.num}>{formatCount(getValue())}</span>,
  }),
  column.accessor('lastError', {
    id: 'lastError',
    header: 'Last error',
    enableSorting: false,
    cell: ({ getValue }) => {
      const error = getValue();
      return error ? (
        <span className={styles.error} title={error}>
          {error}
        </span>
      ) : (
        <span className={styles.muted}>—</span>
      );
    },
  }),
];

/** /dashboard/admin/emails: the outbox, newest first, filtered by status and type; a row opens the email. */
export default function EmailsPage() {
  const state = useTableUrlState(FILTERS, { sortable: [] });
  const list = useQuery(
    outboxListQuery({ status: state.filters.status, emailType: state.filters.type, page: state.page, size: state.size }),
  );
  const [openId, setOpenId] = useState<string | null>(null);

  const chips: FilterChip[] = [
    ...(state.filters.status
      ? [{ key: 'status', label: humanize(state.filters.status), onRemove: () => state.setFilters({ status: undefined }) }]
      : []),
    ...(state.filters.type
      ? [{ key: 'type', label: humanize(state.filters.type), onRemove: () => state.setFilters({ type: undefined }) }]
      : []),
  ];
  const isFiltered = chips.length > 0;
  const total = list.data?.totalElements;

  return (
    <WorkspacePage
      title="Emails"
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? 'email' : 'emails'}${isFiltered ? (total === 1 ? ' matches' : ' match') : ''}`
      }
    >
      <DataTable<OutboxEmail>
        id="admin-emails"
        caption="Emails"
        columns={COLUMNS}
        query={list}
        state={state}
        getRowId={(e) => e.id}
        rowLabel={(e) => e.subject}
        onOpen={(e) => setOpenId(e.id)}
        noun="emails"
        toolbar={
          <TableFilters
            filters={
              <>
                <FilterSelect
                  label="Status"
                  value={state.filters.status}
                  options={EMAIL_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
                  allLabel="All statuses"
                  onChange={(v) => state.setFilters({ status: v as EmailStatus | undefined })}
                />
                <FilterSelect
                  label="Type"
                  value={state.filters.type}
                  options={EMAIL_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
                  allLabel="All types"
                  onChange={(v) => state.setFilters({ type: v as EmailType | undefined })}
                />
              </>
            }
            chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
          />
        }
        empty={
          isFiltered ? (
            <EmptyState title="No email matches these filters">
              <Button variant="secondary" size="small" onClick={state.clearFilters}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="No emails yet">
              <p>Order confirmations, receipts and answers to the site's forms appear here as they are queued.</p>
            </EmptyState>
          )
        }
      />
      <EmailDrawer id={openId} onClose={() => setOpenId(null)} />
    </WorkspacePage>
  );
}
