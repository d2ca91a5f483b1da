import { useQuery } from '@tanstack/react-query';
import type { Order } from '@mirror/contract';
import { Link, useParams } from 'react-router';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { brand } from '../../../config/brand';
import { paths, to } from '../../../config/routes';
import { ApiError } from '../../../lib/errors';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { orderDetailQuery } from '../api/admin-order.queries';
import { PAYMENT_METHOD_LABELS, receiptFigures, receiptNumber } from '../payment-form';
import { todayUtc } from '../terms-form';
import styles from './payment-receipt.module.css';

/** /dashboard/admin/orders/:orderId/payments/:paymentId/receipt — a printable receipt for one payment. */
export default function PaymentReceiptPage() {
  const { orderId = '', paymentId = '' } = useParams();
  const detail = useQuery(orderDetailQuery(orderId));
  const order = detail.data;
  const crumbs = [
    { label: 'Orders', to: paths.adminOrders },
    ...(order ? [{ label: `Order ${order.number}`, to: to.adminOrder(order.id) }] : []),
  ];

  if (detail.isError) {
    const isMissing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <WorkspacePage title="Payment receipt" crumbs={crumbs}>
        {isMissing ? (
          <Missing orderId={null} />
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="This receipt could not be loaded" />
        )}
      </WorkspacePage>
    );
  }

  if (!order) {
    return (
      <WorkspacePage title="Payment receipt" crumbs={crumbs}>
        <div className={styles.document} aria-busy="true">
          <Skeleton variant="text" width="10rem" />
          <Skeleton height="3rem" />
          <Skeleton height="12rem" />
        </div>
      </WorkspacePage>
    );
  }

  const figures = receiptFigures(order, paymentId);
  if (!figures) {
    return (
      <WorkspacePage title="Payment receipt" crumbs={crumbs}>
        <Missing orderId={order.id} />
      </WorkspacePage>
    );
  }

  return (
    <WorkspacePage title="Payment receipt" crumbs={crumbs} subtitle={`${receiptNumber(figures.payment.id)} · order ${order.number}`}>
      <div className={styles.toolbar}>
        <Button size="small" onClick={() => window.print()}>
          Print
        </Button>
        <Link to={to.adminOrder(order.id)} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
          Back to the order
        </Link>
      </div>
      <Receipt order={order} figures={figures} />
    </WorkspacePage>
  );
}

function Missing({ orderId }: { orderId: string | null }) {
  return (
    <EmptyState title="This receipt could not be found">
      <p>{orderId ? 'The order has no payment with this number.' : 'The order could not be found.'}</p>
      <Link to={orderId ? to.adminOrder(orderId) : paths.adminOrders} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
        {orderId ? 'Back to the order' : 'All orders'}
      </Link>
    </EmptyState>
  );
}

function Receipt({ order, figures }: { order: Order; figures: NonNullable<ReturnType<typeof receiptFigures>> }) {
  const { payment, item, paidToDate, remaining } = figures;
  const money = (amount: number) => formatMoney(amount, order.currency);
  return (
    <article className={styles.document} aria-labelledby="receipt-title" data-testid="receipt">
      <header className={styles.letterhead}>
        <div>
          <p className={styles.wordmark}>{brand.name}</p>
          <p className={styles.tagline}>{brand.tagline}</p>
        </div>
        <address className={styles.house}>
          <span>{brand.house.name}</span>
          {brand.house.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>
            {brand.supportPhone} · {brand.supportEmail}
          </span>
        </address>
      </header>

      <div className={styles.heading}>
        <h2 id="receipt-title" className={styles.title}>
          Payment receipt
        </h2>
        <p className={styles.meta}>
          {receiptNumber(payment.id)} · issued {formatShortDate(todayUtc())}
        </p>
      </div>

      <div className={styles.amountBlock}>
        <span className={styles.label}>Amount received</span>
        <span className={styles.amount} data-testid="receipt-amount">
          {money(payment.amount)}
        </span>
      </div>

      <dl className={styles.facts}>
        <div>
          <dt>Received from</dt>
          <dd>
            {order.customerName}
            <span className={styles.sub}>{order.customerEmail}</span>
          </dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>Date received</dt>
          <dd>{formatShortDate(payment.receivedOn)}</dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{PAYMENT_METHOD_LABELS[payment.method]}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{payment.reference ?? '—'}</dd>
        </div>
        <div>
          <dt>Towards</dt>
          <dd>
            {item ? item.label : '—'}
            {item ? <span className={styles.sub}>due {formatShortDate(item.dueDate)}</span> : null}
          </dd>
        </div>
      </dl>

      <dl className={styles.balance}>
        <div>
          <dt>Order total</dt>
          <dd>{money(order.total)}</dd>
        </div>
        <div>
          <dt>Paid to date, this payment included</dt>
          <dd>{money(paidToDate)}</dd>
        </div>
        <div className={styles.remaining}>
          <dt>Remaining balance</dt>
          <dd data-testid="receipt-remaining">{money(remaining)}</dd>
        </div>
      </dl>

      <footer className={styles.footer}>
        <p>
          Thank you. This receipt confirms the payment above towards order {order.number}
          {remaining === 0 ? ', which is now paid in full.' : '.'}
        </p>
        <p>
          Recorded {formatShortDate(payment.createdAt)}
          {payment.recordedByUsername ? ` by ${payment.recordedByUsername}` : ''}.
        </p>
      </footer>
    </article>
  );
}
