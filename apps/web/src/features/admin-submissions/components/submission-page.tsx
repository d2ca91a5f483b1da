import { useQuery } from '@tanstack/react-query';
import type { SubmissionDetail, SubmissionStatus } from '@mirror/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { StatusDot } from '../../../components/data-table';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { RecordHistory } from '../../../components/record-history';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { ApiError, errorText } from '../../../lib/errors';
import { formatDateTime, formatShortDate } from '../../../lib/format';
import { useUpdateSubmissionStatus } from '../api/admin-submissions.mutations';
import { submissionDetailQuery } from '../api/admin-submissions.queries';
import { MOVE_LABELS, SUBMISSION_STATUS_LABELS, SUBMISSION_TONES, isDecision } from '../submission-status';
import styles from './admin-submissions.module.css';

const CRUMBS = [{ label: 'Submissions', to: paths.adminSubmissions }];

/** /dashboard/admin/submissions/:submissionId: one entry, its images and history, and its next status. */
export default function SubmissionPage() {
  const { submissionId = '' } = useParams();
  const detail = useQuery(submissionDetailQuery(submissionId));

  if (detail.isError) {
    const isMissing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <WorkspacePage title={isMissing ? 'Submission not found' : 'Submission'} crumbs={CRUMBS}>
        {isMissing ? (
          <EmptyState title="This submission could not be found">
            <Link to={paths.adminSubmissions} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
              All submissions
            </Link>
          </EmptyState>
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="This submission could not be loaded" />
        )}
      </WorkspacePage>
    );
  }
  if (!detail.data) {
    return (
      <WorkspacePage title="Submission" crumbs={CRUMBS} subtitle={'\u00a0'}>
        <div aria-busy="true">
          <Skeleton height="3rem" width="60%" />
          <Skeleton height="12rem" />
        </div>
      </WorkspacePage>
    );
  }
  return <SubmissionView key={detail.data.id} submission={detail.data} />;
}

function SubmissionView({ submission }: { submission: SubmissionDetail }) {
  const images = submission.files.filter((f) => f.isImage);
  const documents = submission.files.filter((f) => !f.isImage);
  return (
    <WorkspacePage
      title={submission.name}
      crumbs={CRUMBS}
      subtitle={
        <>
          <StatusDot tone={SUBMISSION_TONES[submission.status]}>{SUBMISSION_STATUS_LABELS[submission.status]}</StatusDot> · received{' '}
          {formatShortDate(submission.createdAt)}
        </>
      }
    >
      <div className={styles.layout}>
        <div>
          <section className={styles.section} aria-labelledby="submission-statement">
            <h2 id="submission-statement" className={styles.sectionTitle}>
              Statement
            </h2>
            {submission.statement ? (
              <p className={styles.statement}>{submission.statement}</p>
            ) : (
              <p className={styles.muted}>No statement was sent.</p>
            )}
          </section>
          <section className={styles.section} aria-labelledby="submission-images">
            <h2 id="submission-images" className={styles.sectionTitle}>
              Images
            </h2>
            {images.length === 0 ? (
              <p className={styles.muted}>No images were sent.</p>
            ) : (
              <ul className={styles.images}>
                {images.map((file, i) => (
                  <li key={file.key}>
                    <a href={file.url} target="_blank" rel="noreferrer">
                      <img
                        className={styles.image}
                        src={file.url}
                        alt={file.name ?? `Image ${i + 1} of ${submission.name}'s entry`}
                        loading="lazy"
                        decoding="async"
                      />
                    </a>
                    {file.name ? <span className={styles.fileName}>{file.name}</span> : null}
                  </li>
                ))}
              </ul>
            )}
            {documents.length > 0 ? (
              <ul className={styles.history}>
                {documents.map((file) => (
                  <li key={file.key} className={styles.historyItem}>
                    <a href={file.url} target="_blank" rel="noreferrer">
                      {file.name ?? 'Document'}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <section className={styles.section} aria-labelledby="submission-history">
            <h2 id="submission-history" className={styles.sectionTitle}>
              Status and notes
            </h2>
            <ol className={styles.history}>
              {submission.history.map((entry) => (
                <li key={entry.id} className={styles.historyItem}>
                  <strong>
                    {entry.fromStatus === null
                      ? 'Received'
                      : `${SUBMISSION_STATUS_LABELS[entry.fromStatus]} → ${SUBMISSION_STATUS_LABELS[entry.toStatus]}`}
                  </strong>{' '}
                  <span className={styles.secondary}>
                    {formatDateTime(entry.createdAt)}
                    {entry.changedByUsername ? ` · ${entry.changedByUsername}` : ''}
                  </span>
                  {entry.note ? <p className={styles.historyNote}>{entry.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>
          <RecordHistory entityType="SUBMISSION" entityId={submission.id} version={submission.updatedAt} />
        </div>
        <aside className={styles.panel} aria-label="Entry">
          <dl className={styles.facts}>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${submission.email}`}>{submission.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{submission.phone ?? '—'}</dd>
            <dt>Brand</dt>
            <dd>{submission.brandName ?? '—'}</dd>
            <dt>Country</dt>
            <dd>{submission.country ?? '—'}</dd>
            <dt>Collection</dt>
            <dd>{submission.collectionTitle ?? '—'}</dd>
            <dt>Website</dt>
            <dd>{submission.website ?? '—'}</dd>
            <dt>Instagram</dt>
            <dd>{submission.instagram ?? '—'}</dd>
          </dl>
          <StatusChange submission={submission} />
        </aside>
      </div>
    </WorkspacePage>
  );
}

function StatusChange({ submission }: { submission: SubmissionDetail }) {
  const update = useUpdateSubmissionStatus(submission.id);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<'SELECTED' | 'DECLINED' | null>(null);

  const move = (status: SubmissionStatus) => {
    const trimmed = note.trim();
    update.mutate(
      { status, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: (updated) => {
          setNote('');
          setConfirming(null);
          showToast(
            isDecision(status)
              ? `${SUBMISSION_STATUS_LABELS[updated.status]}; the designer's email is queued.`
              : `Moved to ${SUBMISSION_STATUS_LABELS[updated.status].toLowerCase()}.`,
          );
        },
        onError: (error) => {
          if (!isDecision(status)) showToast(errorText(error), 'error');
        },
      },
    );
  };

  if (submission.allowedStatuses.length === 0) {
    return (
      <section aria-labelledby="submission-status">
        <h2 id="submission-status" className={styles.sectionTitle}>
          Status
        </h2>
        <p className={styles.hint}>The decision is final: the designer has been written to. To follow up, reply to them personally.</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="submission-status">
      <h2 id="submission-status" className={styles.sectionTitle}>
        Status
      </h2>
      <Textarea
        label="Note"
        isOptional
        hint="Internal to the house; kept in the history, never sent to the designer."
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={2000}
        rows={3}
      />
      <div className={styles.moves}>
        {submission.allowedStatuses.map((status) => (
          <Button
            key={status}
            variant={status === 'DECLINED' ? 'secondary' : 'primary'}
            size="small"
            disabled={update.isPending}
            onClick={() => {
              update.reset();
              if (isDecision(status)) setConfirming(status);
              else move(status);
            }}
          >
            {MOVE_LABELS[status]}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming === 'SELECTED' ? `Select ${submission.name}?` : `Decline ${submission.name}?`}
        confirmLabel={confirming === 'SELECTED' ? 'Select and email' : 'Decline and email'}
        isDestructive={confirming === 'DECLINED'}
        isPending={update.isPending}
        error={update.error ? errorText(update.error) : null}
        onConfirm={() => confirming && move(confirming)}
        onCancel={() => {
          setConfirming(null);
          update.reset();
        }}
      >
        <p>
          {submission.name} will be emailed at {submission.email} that their entry was {confirming === 'SELECTED' ? 'selected' : 'declined'}
          . The decision is final: it cannot be changed afterwards.
        </p>
      </ConfirmDialog>
    </section>
  );
}
