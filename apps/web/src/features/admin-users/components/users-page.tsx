import { useQuery } from '@tanstack/react-query';
import { ROLES, USER_STATUSES, type Role, type User, type UserStatus } from '@mirror/contract';
import { useState } from 'react';
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
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { errorText } from '../../../lib/errors';
import { formatCount, formatShortDate, humanize } from '../../../lib/format';
import { param } from '../../../lib/url-state';
import { useSession } from '../../../lib/use-session';
import { useSetUserRole, useSetUserStatus } from '../api/admin-users.mutations';
import { usersListQuery } from '../api/admin-users.queries';
import { fullName, selfChangeReason, statusTone } from '../users';
import { CreateUserDrawer } from './create-user-drawer';
import styles from './admin-users.module.css';

const FILTERS = {
  role: param.optionalOneOf(ROLES),
  status: param.optionalOneOf(USER_STATUSES),
};
const SORTABLE = ['username', 'email', 'role', 'status', 'lastLoginAt', 'createdAt'] as const;

/** A role or status change waiting for the admin's confirmation. */
type PendingChange = { user: User; kind: 'role'; value: Role } | { user: User; kind: 'status'; value: UserStatus };

function reasonId(user: User) {
  return `user-self-${user.id}`;
}

function buildColumns(signedInId: string | null, onChange: (change: PendingChange) => void): ColumnDef<User, never>[] {
  const column = createColumnHelper<User>();
  const columns = [
    column.accessor('username', {
      id: 'username',
      header: 'Username',
      cell: ({ row }) => {
        const reason = selfChangeReason(row.original, signedInId);
        return (
          <span className={styles.userCell}>
            <span className={styles.username}>{row.original.username}</span>
            {reason ? (
              <span id={reasonId(row.original)} className={styles.reason}>
                {reason}
              </span>
            ) : null}
          </span>
        );
      },
    }),
    column.display({ id: 'name', header: 'Name', cell: ({ row }) => fullName(row.original) ?? <span className={styles.muted}>—</span> }),
    column.accessor('email', { id: 'email', header: 'Email' }),
    column.accessor('role', {
      id: 'role',
      header: 'Role',
      cell: ({ row }) => {
        const user = row.original;
        const isSelf = selfChangeReason(user, signedInId) !== null;
        return (
          <select
            className={styles.cellSelect}
            aria-label={`Role of ${user.username}`}
            aria-describedby={isSelf ? reasonId(user) : undefined}
            value={user.role}
            disabled={isSelf}
            onChange={(event) => onChange({ user, kind: 'role', value: event.target.value as Role })}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {humanize(role)}
              </option>
            ))}
          </select>
        );
      },
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const user = row.original;
        const isSelf = selfChangeReason(user, signedInId) !== null;
        return (
          <span className={styles.control}>
            <StatusDot tone={statusTone(user.status)}>{humanize(user.status)}</StatusDot>
            <select
              className={styles.cellSelect}
              aria-label={`Change status of ${user.username}`}
              aria-describedby={isSelf ? reasonId(user) : undefined}
              value=""
              disabled={isSelf}
              onChange={(event) => {
                if (event.target.value) onChange({ user, kind: 'status', value: event.target.value as UserStatus });
              }}
            >
              <option value="">Change…</option>
              {USER_STATUSES.filter((status) => status !== user.status).map((status) => (
                <option key={status} value={status}>
                  {humanize(status)}
                </option>
              ))}
            </select>
          </span>
        );
      },
    }),
    column.accessor('lastLoginAt', {
      id: 'lastLoginAt',
      header: 'Last sign-in',
      meta: { align: 'end' },
      cell: ({ getValue }) => {
        const value = getValue();
        return value ? <span className={styles.num}>{formatShortDate(value)}</span> : <span className={styles.muted}>—</span>;
      },
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: 'Created',
      meta: { align: 'end' },
      cell: ({ getValue }) => <span className={styles.num}>{formatShortDate(getValue())}</span>,
    }),
  ];
  return columns;
}

function changeQuestion(change: PendingChange): string {
  return change.kind === 'role'
    ? `Make ${change.user.username} ${humanize(change.value).toLowerCase()}?`
    : `Set ${change.user.username} to ${humanize(change.value).toLowerCase()}?`;
}

/** /dashboard/admin/users: every account, filtered by role and status, searchable; create, change role and status. */
export default function UsersPage() {
  const session = useSession();
  const signedInId = session.user?.id ?? null;
  const state = useTableUrlState(FILTERS, { sortable: SORTABLE, defaultSort: { id: 'createdAt', desc: true } });
  const list = useQuery(
    usersListQuery({
      q: state.q,
      role: state.filters.role,
      status: state.filters.status,
      sort: state.apiSort,
      page: state.page,
      size: state.size,
    }),
  );
  const [isCreating, setIsCreating] = useState(false);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const setRole = useSetUserRole();
  const setStatus = useSetUserStatus();
  const isSaving = setRole.isPending || setStatus.isPending;

  function ask(change: PendingChange) {
    setChangeError(null);
    setPending(change);
  }

  function confirm() {
    if (!pending) return;
    const change = pending;
    const onSuccess = (user: User) => {
      setPending(null);
      showToast(
        change.kind === 'role'
          ? `${user.username} is now ${humanize(user.role).toLowerCase()}`
          : `${user.username} is now ${humanize(user.status).toLowerCase()}`,
      );
    };
    // 409 SELF_CHANGE / LAST_ADMIN come back with a plain message: shown as it is.
    const onError = (error: unknown) => setChangeError(errorText(error));
    if (change.kind === 'role') setRole.mutate({ id: change.user.id, role: change.value }, { onSuccess, onError });
    else setStatus.mutate({ id: change.user.id, status: change.value }, { onSuccess, onError });
  }

  const columns = buildColumns(signedInId, ask);
  const chips: FilterChip[] = [
    ...(state.q ? [{ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') }] : []),
    ...(state.filters.role
      ? [{ key: 'role', label: humanize(state.filters.role), onRemove: () => state.setFilters({ role: undefined }) }]
      : []),
    ...(state.filters.status
      ? [{ key: 'status', label: humanize(state.filters.status), onRemove: () => state.setFilters({ status: undefined }) }]
      : []),
  ];
  const isFiltered = chips.length > 0;
  const total = list.data?.totalElements;

  return (
    <WorkspacePage
      title="Users"
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? 'user' : 'users'}${isFiltered ? (total === 1 ? ' matches' : ' match') : ''}`
      }
      actions={
        <Button size="small" onClick={() => setIsCreating(true)}>
          Create user
        </Button>
      }
    >
      <DataTable<User>
        id="admin-users"
        caption="Users"
        columns={columns}
        query={list}
        state={state}
        getRowId={(u) => u.id}
        rowLabel={(u) => u.username}
        noun="users"
        toolbar={
          <TableFilters
            search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Username, email or name" />}
            filters={
              <>
                <FilterSelect
                  label="Role"
                  value={state.filters.role}
                  options={ROLES.map((r) => ({ value: r, label: humanize(r) }))}
                  allLabel="All roles"
                  onChange={(v) => state.setFilters({ role: v as Role | undefined })}
                />
                <FilterSelect
                  label="Status"
                  value={state.filters.status}
                  options={USER_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
                  allLabel="All statuses"
                  onChange={(v) => state.setFilters({ status: v as UserStatus | undefined })}
                />
              </>
            }
            chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
          />
        }
        empty={
          isFiltered ? (
            <EmptyState title="No user matches these filters">
              <Button variant="secondary" size="small" onClick={state.clearFilters}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="No users yet">
              <Button size="small" onClick={() => setIsCreating(true)}>
                Create user
              </Button>
            </EmptyState>
          )
        }
      />
      {isCreating ? <CreateUserDrawer isOpen onClose={() => setIsCreating(false)} onCreated={() => undefined} /> : null}
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending ? changeQuestion(pending) : ''}
        confirmLabel={pending?.kind === 'role' ? 'Change role' : 'Change status'}
        isDestructive={pending?.kind === 'status' && pending.value !== 'ACTIVE'}
        isPending={isSaving}
        error={changeError}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            Their sessions end now; they sign in again{' '}
            {pending.kind === 'role' ? 'with the new role' : pending.value === 'ACTIVE' ? 'as usual' : 'only once reactivated'}.
          </p>
        ) : null}
      </ConfirmDialog>
    </WorkspacePage>
  );
}
