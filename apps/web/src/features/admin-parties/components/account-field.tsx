import { useQuery } from '@tanstack/react-query';
import type { User } from '@mirror/contract';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { errorText } from '../../../lib/errors';
import { humanize } from '../../../lib/format';
import { accountSearchQuery, partyAccountQuery } from '../api/admin-parties.queries';
import { usersTableHref } from '../party-kinds';
import styles from './admin-parties.module.css';

export interface AccountFieldProps {
  role: 'DESIGNER' | 'VENDOR';
  noun: string;
  /** '' for none. */
  userId: string;
  error?: string | undefined;
  onChange: (userId: string) => void;
}

function accountLabel(user: User) {
  return `${user.username} · ${user.email}`;
}

/**
 * The account that owns the record (its owner then sees its dashboard): shown with a link to the
 * Users table; changed by picking among the accounts with the kind's role.
 */
export function AccountField({ role, noun, userId, error, onChange }: AccountFieldProps) {
  const id = useId();
  const [isPicking, setIsPicking] = useState(false);
  const [q, setQ] = useState('');
  const account = useQuery({ ...partyAccountQuery(userId), enabled: userId !== '' });
  const deferredQ = useDeferredValue(q.trim());
  const search = useQuery({ ...accountSearchQuery(role, deferredQ), enabled: isPicking });
  const candidates = search.data?.content ?? [];
  const options = [
    { value: '', label: 'No account' },
    ...(account.data && !candidates.some((u) => u.id === account.data.id)
      ? [{ value: account.data.id, label: accountLabel(account.data) }]
      : []),
    ...candidates.map((u) => ({ value: u.id, label: accountLabel(u) })),
  ];

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>Account</legend>
      <div className={styles.current} data-testid="linked-account">
        {userId === '' ? (
          <p className={styles.secondary}>No account is linked: nobody signs in as this {noun}.</p>
        ) : account.data ? (
          <>
            <span className={styles.currentText}>
              <span>{account.data.username}</span>
              <span className={styles.secondary}>
                {account.data.email} · {humanize(account.data.role)} · {humanize(account.data.status)}
              </span>
            </span>
            <Link className={styles.link} to={usersTableHref(account.data.username)}>
              Open in Users
            </Link>
          </>
        ) : account.error ? (
          <p className={styles.secondary}>{errorText(account.error)}</p>
        ) : (
          <p className={styles.secondary}>Loading the account…</p>
        )}
        {isPicking ? null : (
          <Button variant="secondary" size="small" onClick={() => setIsPicking(true)}>
            {userId ? 'Change account' : 'Link an account'}
          </Button>
        )}
        {userId && !isPicking ? (
          <button type="button" className={styles.textButton} onClick={() => onChange('')}>
            Unlink
          </button>
        ) : null}
      </div>
      {isPicking ? (
        <div className={styles.picker}>
          <Input
            label="Find an account"
            type="text"
            autoComplete="off"
            placeholder="Username, email or name"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            // Enter narrows the list; it must not submit the editor around it.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
          <Select
            label={`Account (${humanize(role).toLowerCase()} role)`}
            options={options}
            value={userId}
            onChange={(event) => onChange(event.target.value)}
            aria-busy={search.isFetching || undefined}
          />
          <p className={`${styles.secondary} ${styles.spanAll}`}>
            {search.isPending
              ? 'Loading accounts…'
              : search.data && search.data.totalElements > candidates.length
                ? `The first ${candidates.length} of ${search.data.totalElements}; search to narrow.`
                : `Only accounts with the ${humanize(role).toLowerCase()} role can own a ${noun}.`}{' '}
            <button type="button" className={styles.textButton} onClick={() => setIsPicking(false)}>
              Done
            </button>
          </p>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
