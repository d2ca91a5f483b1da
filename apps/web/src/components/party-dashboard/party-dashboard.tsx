import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderStatus, PartyDashboard, Product } from '@mirror/contract';
import { createColumnHelper, StatusDot, type ColumnDef } from '../data-table';
import { Skeleton } from '../ui/skeleton';
import { to } from '../../config/routes';
import { formatCount, formatMoney, formatPrice, formatShortDate, humanize } from '../../lib/format';
import styles from './party-dashboard.module.css';

/**
 * The pieces a designer's or vendor's own dashboard shares (issue 11): the figures of
 * GET /api/{vendors,designers}/dashboard, their recent orders, and the columns of their pieces.
 */

export function DashboardSection({
  title,
  link,
  testId,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={testId}>
      <header className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {link ? (
          <Link to={link.to} className={styles.sectionLink}>
            {link.label}
          </Link>
        ) : null}
      </header>
      {children}
    </section>
  );
}

export function DashboardLayout({ children }: { children: ReactNode }) {
  return <div className={styles.layout}>{children}</div>;
}

interface FigureProps {
  /** `data-testid="figure-<id>"`: the e2e compares it with the API. */
  id: string;
  label: string;
  value: string;
  more?: readonly string[];
  emptyText?: string;
  note?: ReactNode;
}

function Figure({ id, label, value, more = [], emptyText, note }: FigureProps) {
  return (
    <li className={styles.figure} data-testid={`figure-${id}`}>
      <span className={styles.figureLabel}>{label}</span>
      {emptyText ? (
        <span className={styles.figureEmpty} data-figure-value="">
          {emptyText}
        </span>
      ) : (
        <span className={styles.figureValue} data-figure-value="">
          {value}
          {more.map((line) => (
            <span key={line} className={styles.figureMore}>
              {line}
            </span>
          ))}
        </span>
      )}
      {note ? <p className={styles.figureNote}>{note}</p> : null}
    </li>
  );
}

const FIGURE_LABELS = ['Pieces', 'Units in stock', 'Orders', 'Units sold', 'Revenue'] as const;

/** Revenue per currency, largest first; the first line is the figure, the others follow smaller. */
export function revenueLines(revenue: PartyDashboard['revenue']): string[] {
  return [...revenue]
    .filter((r) => r.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency))
    .map((r) => formatMoney(r.amount, r.currency));
}

/** The dashboard's figures; `undefined` while loading (the same layout, no shift). */
export function PartyFigures({ dashboard, label }: { dashboard: PartyDashboard | undefined; label: string }) {
  if (!dashboard) {
    return (
      <ul className={styles.figures} aria-busy="true" aria-label="Loading figures">
        {FIGURE_LABELS.map((l) => (
          <li key={l} className={styles.figure}>
            <span className={styles.figureLabel}>{l}</span>
            <Skeleton width="60%" />
          </li>
        ))}
      </ul>
    );
  }
  const [revenue = '', ...otherRevenue] = revenueLines(dashboard.revenue);
  return (
    <ul className={styles.figures} aria-label={label}>
      <Figure
        id="pieces"
        label="Pieces"
        value={formatCount(dashboard.pieces)}
        note={`${formatCount(dashboard.livePieces)} on sale · ${formatCount(dashboard.featuredPieces)} featured`}
      />
      <Figure id="stock" label="Units in stock" value={formatCount(dashboard.stockUnits)} />
      <Figure id="orders" label="Orders" value={formatCount(dashboard.ordersCount)} note="Not counting cancelled orders" />
      <Figure id="units-sold" label="Units sold" value={formatCount(dashboard.unitsSold)} />
      <Figure id="revenue" label="Revenue" value={revenue} more={otherRevenue} {...(revenue ? {} : { emptyText: 'No sales yet' })} />
    </ul>
  );
}

const ORDER_TONE: Record<OrderStatus, 'ink' | 'muted' | 'gold' | 'error'> = {
  PENDING: 'gold',
  CONFIRMED: 'ink',
  IN_PRODUCTION: 'ink',
  READY: 'gold',
  SHIPPED: 'ink',
  DELIVERED: 'ink',
  COMPLETED: 'muted',
  CANCELLED: 'muted',
};

/** The latest orders with their lines, amounts counting only those lines. */
export function RecentOrders({ orders, noun }: { orders: PartyDashboard['recentOrders']; noun: string }) {
  if (orders.length === 0) return <p className={styles.empty}>No orders of {noun} yet. They appear here as soon as a client orders one.</p>;
  return (
    <ul className={styles.orders} aria-label="Recent orders" data-testid="recent-orders">
      {orders.map((order) => (
        <li key={order.id} className={styles.order}>
          <span className={styles.orderNumber}>{order.number}</span>
          <span className={styles.orderAmount}>{formatMoney(order.amount.amount, order.amount.currency)}</span>
          <span className={styles.orderMeta}>
            {formatShortDate(order.createdAt)} · {order.units} {order.units === 1 ? 'unit' : 'units'}
          </span>
          <span className={styles.orderStatus}>
            <StatusDot tone={ORDER_TONE[order.status]}>{humanize(order.status)}</StatusDot>
          </span>
        </li>
      ))}
    </ul>
  );
}

const column = createColumnHelper<Product>();
const PRODUCT_TONE = { ACTIVE: 'ink', DRAFT: 'muted', ARCHIVED: 'muted' } as const;

function thumbnailUrl(product: Product): string | null {
  const image = product.images[0];
  if (!image) return null;
  const fitting = [...image.srcset].filter((s) => s.width >= 80).sort((a, b) => a.width - b.width)[0];
  return fitting?.url ?? image.url;
}

/** Sortable by the API: the column ids the pieces tables allow. */
export const PIECE_SORTABLE = ['name', 'sku', 'price', 'stock', 'updatedAt'] as const;

export interface PieceColumnsOptions {
  /** Where the name links; the piece's storefront page unless told (the back-office opens its editor). */
  pieceHref?: (product: Product) => string;
  pieceTitle?: (product: Product) => string;
}

/** A read-only list of one's own pieces; the name links to the piece's storefront page. */
export function pieceColumns({
  pieceHref = (p) => to.product(p.id),
  pieceTitle = (p) => `${p.name} on the site`,
}: PieceColumnsOptions = {}): ColumnDef<Product, never>[] {
  const columns = [
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      enableHiding: false,
      cell: (info) => {
        const url = thumbnailUrl(info.row.original);
        return (
          <span className={styles.piece}>
            {url ? (
              <img className={styles.thumb} src={url} alt="" width={40} height={40} loading="lazy" decoding="async" />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <Link className={styles.pieceName} to={pieceHref(info.row.original)} title={pieceTitle(info.row.original)}>
              {info.getValue()}
            </Link>
          </span>
        );
      },
    }),
    column.accessor('sku', { id: 'sku', header: 'SKU', cell: (info) => <span className={styles.sku}>{info.getValue()}</span> }),
    column.accessor((p) => p.price?.amount ?? p.priceRange?.min ?? null, {
      id: 'price',
      header: 'Price',
      meta: { align: 'end' },
      cell: (info) => formatPrice(info.row.original),
    }),
    column.accessor('stockQuantity', {
      id: 'stock',
      header: 'Stock',
      meta: { align: 'end' },
      cell: (info) => formatCount(info.getValue()),
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusDot tone={PRODUCT_TONE[info.getValue()]}>{humanize(info.getValue())}</StatusDot>,
    }),
    column.accessor('isFeatured', {
      id: 'featured',
      header: 'Featured',
      enableSorting: false,
      cell: (info) => (info.getValue() ? <StatusDot tone="gold">Featured</StatusDot> : <span className={styles.muted}>—</span>),
    }),
    column.accessor('updatedAt', {
      id: 'updatedAt',
      header: 'Updated',
      meta: { align: 'end' },
      cell: (info) => formatShortDate(info.getValue()),
    }),
  ];
  return columns;
}

/** Wraps a pieces table so its first column stays in view on a phone. */
export function PiecesTableWrap({ children }: { children: ReactNode }) {
  return <div className={styles.tableWrap}>{children}</div>;
}
