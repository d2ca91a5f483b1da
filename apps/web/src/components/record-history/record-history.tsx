import { useQuery } from '@tanstack/react-query';
import type { AuditEntityType } from '@mirror/contract';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { QueryError } from '../feedback/query-state';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { actionWords } from './audit-format';
import { recordHistoryQuery } from './audit.queries';
import { ChangeList } from './change-list';
import styles from './record-history.module.css';

const FIRST = 10;
const MORE = 20;
const MAX = 100;

export interface RecordHistoryProps {
  entityType: AuditEntityType;
  entityId: string;
  /**
   * Changes when the record does (its `updatedAt`, or a count): the History then reloads, without the
   * page's mutations having to know about it.
   */
  version?: string | number | undefined;
  title?: string;
}

/** The record's changes made through the back-office, newest first: when, who, what, and each field before → after. */
export function RecordHistory({ entityType, entityId, version, title = 'History' }: RecordHistoryProps) {
  const headingId = useId();
  const [size, setSize] = useState(FIRST);
  const history = useQuery(recordHistoryQuery(entityType, entityId, size, version ?? null));
  const events = history.data?.content ?? [];
  const total = history.data?.totalElements ?? 0;

  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="record-history">
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {history.isError ? (
        <QueryError error={history.error} onRetry={() => void history.refetch()} title="The history could not be loaded" />
      ) : history.isPending ? (
        <div aria-busy="true">
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="50%" />
        </div>
      ) : events.length === 0 ? (
        <p className={styles.muted}>No changes recorded yet.</p>
      ) : (
        <>
          <ol className={styles.list}>
            {events.map((event) => (
              <li key={event.id} className={styles.item}>
                <div className={styles.head}>
                  <span className={styles.action}>{actionWords(event)}</span>
                  <span className={styles.meta}>
                    <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time> · {event.actorLabel ?? 'System'}
                  </span>
                </div>
                <ChangeList changes={event.changes} />
              </li>
            ))}
          </ol>
          {total > events.length && size < MAX ? (
            <Button
              className={styles.more}
              variant="secondary"
              size="small"
              disabled={history.isFetching}
              onClick={() => setSize((s) => Math.min(s + MORE, MAX))}
            >
              Show older changes
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
