import type { Order, Payment } from '@mirror/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { StatusDot } from '../../../components/data-table';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { showToast } from '../../../components/ui/toast';
import { to } from '../../../config/routes';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { itemState } from '../labels';
import { PAYMENT_METHOD_LABELS, receiptNumber } from '../payment-form';
import { RecordPaymentDialog } from './record-payment-dialog';
import styles from './admin-order.module.css';

/** The schedule: each item's due date, amount, paid and state (overdue in the error tone), and Record payment. */
export function ScheduleSection({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [payingId, setPayingId] = useState<string | null>(null);
  const paying = order.schedule.find((s) => s.id === payingId) ?? null;
  const canPay = order.status !== 'CANCELLED';

  function onRecorded(payment: Payment) {
    showToast(`${formatMoney(payment.amount, payment.currency)} recorded on ${order.number}`, 'success', {
      action: { label: 'Receipt', onClick: () => void navigate(to.adminPaymentReceipt(order.id, payment.id)) },
    });
  }

  return (
    <section className={styles.section} aria-labelledby="order-schedule-title">
      <div className={styles.sectionHeader}>
        <h2 id="order-schedule-title" className={styles.sectionTitle}>
          Payment schedule
        </h2>
        <p className={styles.secondary}>
          {order.schedule.length} {order.schedule.length === 1 ? 'payment' : 'payments'} · {formatMoney(order.paidAmount, order.currency)}{' '}
          of {formatMoney(order.total, order.currency)} paid
        </p>
      </div>
      <ScrollRegion className={styles.tableWrap} role="group" label="Payment schedule">
        <table className={styles.table} data-testid="order-schedule">
          <caption className="visually-hidden">Payment schedule of order {order.number}</caption>
          <thead>
            <tr>
              <th scope="col">Payment</th>
              <th scope="col">Due</th>
              <th scope="col" className={styles.end}>
                Amount
              </th>
              <th scope="col" className={styles.end}>
                Paid
              </th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.schedule.map((item) => {
              const state = itemState(item);
              return (
                <tr key={item.id}>
                  <th scope="row" className={styles.rowHeader}>
                    {item.label}
                  </th>
                  <td className={state.tone === 'error' ? styles.error : undefined}>{formatShortDate(item.dueDate)}</td>
                  <td className={styles.end}>{formatMoney(item.amount, item.currency)}</td>
                  <td className={styles.end}>{item.paidAmount ? formatMoney(item.paidAmount, item.currency) : '—'}</td>
                  <td>{canPay ? <StatusDot tone={state.tone}>{state.label}</StatusDot> : <span className={styles.muted}>—</span>}</td>
                  <td className={styles.end}>
                    {canPay && item.remaining > 0 ? (
                      <button
                        type="button"
                        className={styles.textButton}
                        onClick={() => setPayingId(item.id)}
                        aria-label={`Record payment: ${item.label}`}
                      >
                        Record payment
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <RecordPaymentDialog order={order} item={paying} onClose={() => setPayingId(null)} onRecorded={onRecorded} />
    </section>
  );
}

/** Payments as recorded, each with its printable receipt. */
export function PaymentsSection({ order }: { order: Order }) {
  const labelOf = (scheduleItemId: string) => order.schedule.find((s) => s.id === scheduleItemId)?.label ?? '—';
  return (
    <section className={styles.section} aria-labelledby="order-payments-title">
      <div className={styles.sectionHeader}>
        <h2 id="order-payments-title" className={styles.sectionTitle}>
          Payments
        </h2>
        <p className={styles.secondary}>{order.payments.length ? `${order.payments.length} recorded` : 'None recorded yet'}</p>
      </div>
      {order.payments.length ? (
        <ScrollRegion className={styles.tableWrap} role="group" label="Payments">
          <table className={styles.table} data-testid="order-payments">
            <caption className="visually-hidden">Payments recorded on order {order.number}</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col" className={styles.end}>
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Towards</th>
                <th scope="col">Recorded by</th>
                <th scope="col">
                  <span className="visually-hidden">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatShortDate(p.receivedOn)}</td>
                  <td className={styles.end}>{formatMoney(p.amount, p.currency)}</td>
                  <td>
                    {PAYMENT_METHOD_LABELS[p.method]}
                    {p.reference ? <span className={styles.subline}>{p.reference}</span> : null}
                  </td>
                  <td>{labelOf(p.scheduleItemId)}</td>
                  <td>{p.recordedByUsername ?? '—'}</td>
                  <td className={styles.end}>
                    <Link to={to.adminPaymentReceipt(order.id, p.id)} className={styles.textLink}>
                      Receipt
                      <span className="visually-hidden">
                        {' '}
                        {receiptNumber(p.id)} for {formatMoney(p.amount, p.currency)}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className={styles.secondary}>Payments recorded against the schedule appear here, each with a printable receipt.</p>
      )}
    </section>
  );
}
