import type { Order } from '@mirror/contract';
import { Link } from 'react-router';
import { to } from '../../../config/routes';
import { formatCount, formatMoney } from '../../../lib/format';
import styles from './admin-order.module.css';

/** The pieces ordered (name and SKU link to the piece's editor), then the order's money. */
export function OrderLines({ order }: { order: Order }) {
  const isCancelled = order.status === 'CANCELLED';
  const balance = Math.max(0, order.total - order.paidAmount);
  return (
    <section className={styles.section} aria-labelledby="order-pieces-title">
      <div className={styles.sectionHeader}>
        <h2 id="order-pieces-title" className={styles.sectionTitle}>
          Pieces
        </h2>
        <p className={styles.secondary}>
          {formatCount(order.pieceCount)} {order.pieceCount === 1 ? 'piece' : 'pieces'}
        </p>
      </div>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.id} className={styles.line} data-testid="order-line">
            {line.image ? (
              <img className={styles.thumb} src={line.image.url} alt="" width={48} height={60} loading="lazy" decoding="async" />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <div className={styles.lineText}>
              {line.productId ? (
                <Link to={to.adminProduct(line.productId)} className={styles.lineName}>
                  {line.productName}
                </Link>
              ) : (
                <span className={styles.lineName}>{line.productName}</span>
              )}
              <span className={styles.lineMeta}>
                <span className="visually-hidden">SKU </span>
                <span className={styles.sku}>{line.sku}</span> · {line.quantity} ×{' '}
                <span className={styles.num}>{formatMoney(line.unitPrice, order.currency)}</span>
              </span>
              {isCancelled && line.productId ? (
                <span className={styles.restock} data-testid="line-restocked">
                  {line.quantity === 1 ? 'Returned to stock' : `${line.quantity} returned to stock`}
                  {line.stockQuantity !== null ? ` · ${formatCount(line.stockQuantity)} in stock now` : ''}
                </span>
              ) : line.stockQuantity !== null ? (
                <span className={styles.lineMeta}>{formatCount(line.stockQuantity)} left in stock</span>
              ) : null}
            </div>
            <span className={styles.lineTotal}>{formatMoney(line.lineTotal, order.currency)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <dt>Total</dt>
        <dd className={styles.totalStrong} data-testid="order-total">
          {formatMoney(order.total, order.currency)}
        </dd>
        <dt>Paid</dt>
        <dd data-testid="order-paid">{formatMoney(order.paidAmount, order.currency)}</dd>
        <dt>Balance due</dt>
        <dd className={order.paymentState === 'OVERDUE' ? styles.error : undefined} data-testid="order-balance">
          {isCancelled ? '— (cancelled)' : formatMoney(balance, order.currency)}
        </dd>
      </dl>
    </section>
  );
}
