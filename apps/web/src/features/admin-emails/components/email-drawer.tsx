import { useQuery } from '@tanstack/react-query';
import type { EmailStatus } from '@mirror/contract';
import { StatusDot } from '../../../components/data-table';
import { QueryError } from '../../../components/feedback/query-state';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { formatDateTime, humanize } from '../../../lib/format';
import { errorText } from '../../../lib/errors';
import { useRetryEmail } from '../api/admin-emails.mutations';
import { outboxEmailQuery } from '../api/admin-emails.queries';
import styles from './admin-emails.module.css';

const TONES: Record<EmailStatus, 'ink' | 'muted' | 'error'> = { SENT: 'ink', QUEUED: 'muted', FAILED: 'error' };

export function EmailStatusDot({ status }: { status: EmailStatus }) {
  return <StatusDot tone={TONES[status]}>{humanize(status)}</StatusDot>;
}

/** One outbox email: its facts, its HTML in a sandboxed frame (no scripts, no same-origin), Retry when it failed. */
export function EmailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const email = useQuery({ ...outboxEmailQuery(id ?? ''), enabled: id !== null });
  const retry = useRetryEmail();
  const data = id !== null ? email.data : undefined;

  const onRetry = () => {
    if (!data) return;
    retry.mutate(data.id, {
      onSuccess: () => showToast('Email queued again; it will be sent shortly.'),
      onError: (error) => showToast(errorText(error), 'error'),
    });
  };

  return (
    <Drawer
      isOpen={id !== null}
      onClose={onClose}
      title={data?.subject ?? 'Email'}
      description={data ? humanize(data.emailType) : undefined}
      width="wide"
      footer={
        <div className={styles.footer}>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {data?.status === 'FAILED' ? (
            <Button onClick={onRetry} disabled={retry.isPending}>
              {retry.isPending ? 'Retrying…' : 'Retry'}
            </Button>
          ) : null}
        </div>
      }
    >
      {email.isError ? (
        <QueryError error={email.error} onRetry={() => void email.refetch()} />
      ) : !data ? (
        <Skeleton height="20rem" />
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>Status</dt>
            <dd>
              <EmailStatusDot status={data.status} />
            </dd>
            <dt>To</dt>
            <dd>
              {data.recipients.map((address, i) => (
                <span key={address}>
                  {i > 0 ? ', ' : null}
                  <a href={`mailto:${address}`}>{address}</a>
                </span>
              ))}
            </dd>
            <dt>Created</dt>
            <dd className={styles.num}>{formatDateTime(data.createdAt)}</dd>
            <dt>Sent</dt>
            <dd className={styles.num}>{data.sentAt ? formatDateTime(data.sentAt) : '—'}</dd>
            <dt>Attempts</dt>
            <dd className={styles.num}>{data.attempts}</dd>
            <dt>Last error</dt>
            <dd>{data.lastError ?? '—'}</dd>
          </dl>
          <h3 className={styles.sectionTitle}>Preview</h3>
          <iframe className={styles.preview} sandbox="" srcDoc={data.html} title={`Preview of “${data.subject}”`} />
        </>
      )}
    </Drawer>
  );
}
