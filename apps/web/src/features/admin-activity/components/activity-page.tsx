import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType, type AuditEvent } from '@mirror/contract';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  FilterChips,
  FilterDate,
  FilterSelect,
  TableFilters,
  createColumnHelper,
  useTableUrlState,
  type ColumnDef,
  type FilterChip,
} from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import {
  ChangeList,
  ENTITY_TYPE_LABELS,
  actionWords,
  auditActorsQuery,
  auditListQuery,
  recordLink,
} from '../../../components/record-history';
import { Button } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { formatCount, formatDateTime, formatShortDate, humanize } from '../../../lib/format';
import { param } from '../../../lib/url-state';
import styles from './activity.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () => ({
  parse: (raw: string | null): string | undefined => (raw && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined),
  default: undefined as string | undefined,
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTERS = {
  person: {
    parse: (raw: string | null): string | undefined => (raw && UUID.test(raw) ? raw : undefined),
    default: undefined as string | undefined,
  },
  type: param.optionalOneOf(AUDIT_ENTITY_TYPES),
  action: param.optionalOneOf(AUDIT_ACTIONS),
  from: day(),
  to: day(),
};
const NO_SORT: readonly string[] = [];

function buildColumns(): ColumnDef<AuditEvent, never>[] {
  const column = createColumnHelper<AuditEvent>();
  const columns = [
    column.accessor('occurredAt', {
      id: 'occurredAt',
      header: 'When',
      enableSorting: false,
      cell: ({ getValue }) => (
        <time className={styles.when} dateTime={getValue()}>
          {formatDateTime(getValue())}
        </time>
      ),
    }),
    column.accessor('actorLabel', {
      id: 'actor',
      header: 'Who',
      enableSorting: false,
      cell: ({ getValue }) => getValue() ?? <span className={styles.muted}>System</span>,
    }),
    column.display({ id: 'action', header: 'Action', cell: ({ row }) => actionWords(row.original) }),
    column.display({
      id: 'record',
      header: 'Record',
      cell: ({ row }) => {
        const event = row.original;
        const href = recordLink(event);
        return (
          <span className={styles.record}>
            <span className={styles.type}>{ENTITY_TYPE_LABELS[event.entityType]}</span>
            {href ? (
              <Link to={href} className={styles.recordLink}>
                {event.entityLabel}
              </Link>
            ) : (
              <span>{event.entityLabel}</span>
            )}
          </span>
        );
      },
    }),
    column.display({ id: 'changes', header: 'Changes', cell: ({ row }) => <ChangeList changes={row.original.changes} limit={4} /> }),
  ];
  return columns;
}
const COLUMNS = buildColumns();

/** /dashboard/admin/activity: every change made through the back-office, newest first, by person, record type and day. */
export default function ActivityPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(FILTERS, { sortable: NO_SORT });
  const { person, type, action, from, to } = state.filters;
  const list = useQuery(auditListQuery({ actorId: person, entityType: type, action, from, to, page: state.page, size: state.size }));
  const actors = useQuery(auditActorsQuery());
  const people = actors.data?.content ?? [];
  const personLabel = people.find((p) => p.id === person)?.label ?? 'Selected person';

  const chips: FilterChip[] = [
    ...(person ? [{ key: 'person', label: personLabel, onRemove: () => state.setFilters({ person: undefined }) }] : []),
    ...(type ? [{ key: 'type', label: ENTITY_TYPE_LABELS[type], onRemove: () => state.setFilters({ type: undefined }) }] : []),
    ...(action ? [{ key: 'action', label: humanize(action), onRemove: () => state.setFilters({ action: undefined }) }] : []),
    ...(from ? [{ key: 'from', label: `From ${formatShortDate(from)}`, onRemove: () => state.setFilters({ from: undefined }) }] : []),
    ...(to ? [{ key: 'to', label: `To ${formatShortDate(to)}`, onRemove: () => state.setFilters({ to: undefined }) }] : []),
  ];
  const isFiltered = chips.length > 0;
  const total = list.data?.totalElements;

  return (
    <WorkspacePage
      title="Activity"
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? 'change' : 'changes'}${isFiltered ? (total === 1 ? ' matches' : ' match') : ' recorded'}`
      }
    >
      <DataTable<AuditEvent>
        id="admin-activity"
        caption="Changes made through the back-office, newest first"
        columns={COLUMNS}
        query={list}
        state={state}
        getRowId={(e) => e.id}
        rowLabel={(e) => `${actionWords(e)} ${ENTITY_TYPE_LABELS[e.entityType].toLowerCase()} ${e.entityLabel}`}
        onOpen={(e) => {
          const href = recordLink(e);
          if (href) void navigate(href);
        }}
        noun="changes"
        toolbar={
          <TableFilters
            filters={
              <>
                <FilterSelect
                  label="Person"
                  value={person}
                  options={people.map((p) => ({ value: p.id, label: p.label, count: p.count }))}
                  allLabel="Everyone"
                  onChange={(v) => state.setFilters({ person: v })}
                />
                <FilterSelect
                  label="Record"
                  value={type}
                  options={AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_TYPE_LABELS[t] }))}
                  allLabel="All records"
                  onChange={(v) => state.setFilters({ type: v as AuditEntityType | undefined })}
                />
                <FilterSelect
                  label="Action"
                  value={action}
                  options={AUDIT_ACTIONS.map((a) => ({ value: a, label: humanize(a) }))}
                  allLabel="All actions"
                  onChange={(v) => state.setFilters({ action: v as AuditAction | undefined })}
                />
                <FilterDate label="From" value={from} max={to} onChange={(v) => state.setFilters({ from: v })} />
                <FilterDate label="To" value={to} min={from} onChange={(v) => state.setFilters({ to: v })} />
              </>
            }
            chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
          />
        }
        empty={
          isFiltered ? (
            <EmptyState title="No change matches these filters">
              <Button variant="secondary" size="small" onClick={state.clearFilters}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="No changes recorded yet">
              Every change made in the back-office — pieces, collections, orders, people — appears here.
            </EmptyState>
          )
        }
      />
    </WorkspacePage>
  );
}
