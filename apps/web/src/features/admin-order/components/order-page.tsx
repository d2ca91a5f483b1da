import { useQuery } from '@tanstack/react-query';
import type { Order } from '@mirror/contract';
import { Link, useParams } from 'react-router';
import { StatusDot } from '../../../components/data-table';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { RecordHistory } from '../../../components/record-history';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { ApiError } from '../../../lib/errors';
import { formatCount, formatShortDate } from '../../../lib/format';
import { orderDetailQuery } from '../api/admin-order.queries';
import { STATUS_LABELS, statusTone } from '../labels';
import { OrderLines } from './order-lines';
import { StatusPanel } from './order-status';
import { PaymentTermsEditor } from './payment-terms-editor';
import { PaymentsSection, ScheduleSection } from './schedule-section';
import styles from './admin-order.module.css';

const CRUMBS = [{ label: 'Orders', to: paths.adminOrders }];

/** /dashboard/admin/orders/:orderId — one order: pieces, status and timeline, schedule, payments, terms. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const detail = useQuery(orderDetailQuery(orderId));
  const order = detail.data;

  if (detail.isError) {
    const isMissing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <WorkspacePage title={isMissing ? 'Order not found' : 'Order'} crumbs={CRUMBS}>
        {isMissing ? (
          <EmptyState title="This order could not be found">
            <p>Check the number, or find it in the orders list.</p>
            <Link to={paths.adminOrders} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
              All orders
            </Link>
          </EmptyState>
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="This order could not be loaded" />
        )}
      </WorkspacePage>
    );
  }

  if (!order) {
    return (
      <WorkspacePage title="Order" crumbs={CRUMBS} subtitle={'\u00a0'}>
        <div className={styles.loading} aria-busy="true" data-testid="order-loading">
          <Skeleton variant="text" width="8rem" />
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
          <Skeleton height="10rem" />
        </div>
      </WorkspacePage>
    );
  }

  return <OrderView order={order} />;
}

function OrderView({ order }: { order: Order }) {
  const cancelled = order.status === 'CANCELLED' ? order.history.findLast((h) => h.toStatus === 'CANCELLED') : undefined;
  return (
    <WorkspacePage
      title={`Order ${order.number}`}
      crumbs={CRUMBS}
      subtitle={
        <>
          <StatusDot tone={statusTone(order.status)}>{STATUS_LABELS[order.status]}</StatusDot> · placed {formatShortDate(order.createdAt)} ·{' '}
          {formatCount(order.pieceCount)} {order.pieceCount === 1 ? 'piece' : 'pieces'}
        </>
      }
    >
      {cancelled ? (
        <div className={styles.banner} role="status" data-testid="cancelled-banner">
          <p>
            Cancelled on {formatShortDate(cancelled.createdAt)}
            {cancelled.changedByUsername ? ` by ${cancelled.changedByUsername}` : ''}. Its pieces went back to stock.
          </p>
          {cancelled.note ? <p className={styles.secondary}>Reason: {cancelled.note}</p> : null}
        </div>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.side}>
          <StatusPanel order={order} />
          <ClientPanel order={order} />
        </div>
        <div className={styles.main}>
          <OrderLines order={order} />
          <ScheduleSection order={order} />
          <PaymentsSection order={order} />
          <PaymentTermsEditor order={order} />
          {order.notes ? (
            <section className={styles.section} aria-labelledby="order-notes-title">
              <div className={styles.sectionHeader}>
                <h2 id="order-notes-title" className={styles.sectionTitle}>
                  Notes
                </h2>
              </div>
              <p className={styles.notes}>{order.notes}</p>
            </section>
          ) : null}
        </div>
      </div>
      {/* The audit trail: every back-office change to this order (status, terms, payments), field by field. */}
      <div className={styles.history}>
        <RecordHistory entityType="ORDER" entityId={order.id} version={order.updatedAt} />
      </div>
    </WorkspacePage>
  );
}

function ClientPanel({ order }: { order: Order }) {
  return (
    <section className={styles.panel} aria-labelledby="order-client-title">
      <div className={styles.sectionHeader}>
        <h2 id="order-client-title" className={styles.sectionTitle}>
          Client
        </h2>
        <p className={styles.secondary}>{order.customerId ? 'Account' : 'Guest'}</p>
      </div>
      <address className={styles.client} data-testid="order-client">
        <span>{order.customerName}</span>
        <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
        {order.customerId ? null : <span className={styles.secondary}>Ordered without an account</span>}
      </address>
    </section>
  );
}
