import type { Order, OrderStatus } from '@mirror/contract';
import { useState } from 'react';
import { StatusDot } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/errors';
import { formatCount, formatDateTime, formatShortDate } from '../../../lib/format';
import { useChangeOrderStatus } from '../api/admin-order.mutations';
import { LIFECYCLE, MOVE_LABELS, STATUS_LABELS, statusTone } from '../labels';
import styles from './admin-order.module.css';

/** Why a move the lifecycle knows is not offered now (the server decides what is allowed). */
function cancelUnavailableReason(order: Order): string | null {
  if (order.allowedTransitions.includes('CANCELLED') || order.status === 'CANCELLED') return null;
  if (order.status === 'COMPLETED') return 'A completed order cannot be cancelled.';
  return 'An order cannot be cancelled once it has shipped.';
}

/**
 * The order's status: where it stands, the moves the server allows as buttons (nothing else), a
 * separated Cancel that says the pieces go back to stock, and the timeline of every change.
 */
export function StatusPanel({ order }: { order: Order }) {
  const change = useChangeOrderStatus(order.id);
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const forward = order.allowedTransitions.filter((s) => s !== 'CANCELLED');
  const canCancel = order.allowedTransitions.includes('CANCELLED');
  const cancelReason = cancelUnavailableReason(order);
  const step = LIFECYCLE.indexOf(order.status);
  const since = order.history.at(-1)?.createdAt;
  const returning = order.lines.filter((l) => l.productId);
  const returningCount = returning.reduce((sum, l) => sum + l.quantity, 0);

  function open(status: OrderStatus) {
    setTarget(status);
    setNote('');
    setError(null);
  }

  function onConfirm() {
    if (!target) return;
    const status = target;
    change.mutate(
      { status, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setTarget(null);
          showToast(
            status === 'CANCELLED'
              ? `Order ${order.number} is cancelled. ${formatCount(returningCount)} ${returningCount === 1 ? 'piece is' : 'pieces are'} back in stock.`
              : `Order ${order.number} is ${STATUS_LABELS[status].toLowerCase()}`,
          );
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="order-status-title">
      <div className={styles.sectionHeader}>
        <h2 id="order-status-title" className={styles.sectionTitle}>
          Status
        </h2>
      </div>
      <p className={styles.currentStatus} data-testid="order-status">
        <StatusDot tone={statusTone(order.status)}>{STATUS_LABELS[order.status]}</StatusDot>
        {since ? <span className={styles.secondary}>since {formatShortDate(since)}</span> : null}
      </p>
      {order.status !== 'CANCELLED' ? (
        <ol className={styles.progress} aria-label={`Step ${step + 1} of ${LIFECYCLE.length}: ${STATUS_LABELS[order.status]}`}>
          {LIFECYCLE.map((s, i) => (
            <li key={s} data-done={i < step || undefined} data-current={i === step || undefined} title={STATUS_LABELS[s]} />
          ))}
        </ol>
      ) : null}
      {forward.length ? (
        <div className={styles.moves} role="group" aria-label="Move the order">
          {forward.map((s, i) => (
            <Button key={s} size="small" variant={i === 0 ? 'primary' : 'secondary'} onClick={() => open(s)} disabled={change.isPending}>
              {MOVE_LABELS[s]}
            </Button>
          ))}
        </div>
      ) : (
        <p className={styles.secondary}>
          {order.status === 'CANCELLED'
            ? 'A cancelled order cannot move again.'
            : order.status === 'COMPLETED'
              ? 'This order is complete: nothing further to do.'
              : 'No move is possible now.'}
        </p>
      )}
      {order.status !== 'CANCELLED' ? (
        <div className={styles.cancelZone}>
          {canCancel ? (
            <>
              <Button
                size="small"
                variant="secondary"
                className={styles.dangerButton}
                onClick={() => open('CANCELLED')}
                disabled={change.isPending}
              >
                Cancel order
              </Button>
              <p className={styles.secondary}>Its pieces go back to stock.</p>
            </>
          ) : (
            <p className={styles.secondary}>{cancelReason}</p>
          )}
        </div>
      ) : null}

      <h3 className={`${styles.sectionTitle} ${styles.timelineTitle}`} id="order-timeline-title">
        Timeline
      </h3>
      <ol className={styles.timeline} aria-labelledby="order-timeline-title" data-testid="order-timeline">
        {[...order.history].reverse().map((entry) => (
          <li key={entry.id} className={styles.event} data-tone={entry.toStatus === 'CANCELLED' ? 'muted' : undefined}>
            <span className={styles.eventTitle}>
              {entry.fromStatus
                ? `${STATUS_LABELS[entry.fromStatus]} → ${STATUS_LABELS[entry.toStatus]}`
                : `Placed · ${STATUS_LABELS[entry.toStatus]}`}
            </span>
            <span className={styles.secondary}>
              {entry.changedByUsername ?? 'Someone no longer here'} ·{' '}
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </span>
            {entry.note ? <p className={styles.eventNote}>{entry.note}</p> : null}
          </li>
        ))}
      </ol>

      <ConfirmDialog
        isOpen={target !== null}
        title={target === 'CANCELLED' ? `Cancel order ${order.number}?` : `${target ? MOVE_LABELS[target] : ''}: ${order.number}`}
        confirmLabel={target === 'CANCELLED' ? 'Cancel order' : target ? MOVE_LABELS[target] : 'Confirm'}
        cancelLabel={target === 'CANCELLED' ? 'Keep order' : 'Cancel'}
        isDestructive={target === 'CANCELLED'}
        isPending={change.isPending}
        error={error}
        onConfirm={onConfirm}
        onCancel={() => setTarget(null)}
      >
        {target === 'CANCELLED' ? (
          <>
            <p>
              The order stops here and cannot be reopened.{' '}
              {returningCount
                ? `These ${returningCount === 1 ? 'piece goes' : `${formatCount(returningCount)} pieces go`} back to stock:`
                : null}
            </p>
            {returning.length ? (
              <ul className={styles.restockList}>
                {returning.map((l) => (
                  <li key={l.id}>
                    {l.quantity} × {l.productName} <span className={styles.sku}>{l.sku}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {order.paidAmount > 0 ? <p>Payments already recorded stay on the order; refunds are made outside Mirror.</p> : null}
          </>
        ) : target ? (
          <p>
            {STATUS_LABELS[order.status]} → {STATUS_LABELS[target]}. The change is added to the order’s timeline with your name.
          </p>
        ) : null}
        <Textarea
          label={target === 'CANCELLED' ? 'Reason' : 'Note'}
          isOptional
          className={styles.dialogNote}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          hint="Shown in the timeline."
        />
      </ConfirmDialog>
    </section>
  );
}
