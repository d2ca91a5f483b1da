import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import type { OrderStatistics, OrderStatus } from '@mirror/contract';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatCount, formatMoney, humanize } from '../../../lib/format';
import { orderStatisticsQuery } from '../api/overview.queries';
import {
  addDays,
  amountIn,
  compactMoney,
  formatPercentChange,
  leadingCurrency,
  monthBounds,
  monthLabel,
  nonZero,
  revenueChange,
} from '../overview-figures';
import { overviewLinks } from '../overview-links';
import { CardError, ChartCard, ChartLoading, Figure, FigureList, FigureSkeletons, Section, type FigureTone } from './overview-parts';
import styles from './overview.module.css';

const MonthColumns = lazy(() => import('./overview-charts').then((m) => ({ default: m.MonthColumns })));
const LabelledBars = lazy(() => import('./overview-charts').then((m) => ({ default: m.LabelledBars })));

const SALES_LABELS = ['Revenue this month', 'Revenue last month', 'Orders', 'Due in 30 days', 'Overdue'] as const;

/**
 * Every order status in lifecycle order (the type makes it complete), with its tone: waiting on the
 * house gold, finished warm grey, moving ink. Kept here rather than importing the contract's list,
 * which would bring zod into this chunk for one array.
 */
const STATUS_TONE: Record<OrderStatus, 'ink' | 'muted' | 'gold'> = {
  PENDING: 'gold',
  CONFIRMED: 'ink',
  IN_PRODUCTION: 'ink',
  READY: 'ink',
  SHIPPED: 'ink',
  DELIVERED: 'ink',
  COMPLETED: 'muted',
  CANCELLED: 'muted',
};
const ORDER_STATUSES = Object.keys(STATUS_TONE) as OrderStatus[];

function moneyLines(list: OrderStatistics['revenue']['thisMonth']['ordersTotal']): string[] {
  return nonZero(list).map((m) => formatMoney(m.amount, m.currency));
}

function changeNote(stats: OrderStatistics): string | null {
  const { thisMonth, lastMonth } = stats.revenue;
  const last = monthLabel(lastMonth.month, { isLong: true, hasYear: false });
  const lines = stats.currencies.flatMap((currency) => {
    const change = revenueChange(amountIn(thisMonth.ordersTotal, currency), amountIn(lastMonth.ordersTotal, currency));
    const prefix = stats.currencies.length > 1 ? `${currency}: ` : '';
    if (change.kind === 'none') return [];
    if (change.kind === 'new') return [prefix ? `${prefix}nothing in ${last}` : `Nothing in ${last}`];
    return [`${prefix}${formatPercentChange(change.percent)} on ${last}`];
  });
  return lines.length > 0 ? lines.join(' · ') : null;
}

export function SalesFigures() {
  const query = useQuery(orderStatisticsQuery());
  const stats = query.data;
  return (
    <Section title="Sales" link={{ to: overviewLinks.orders(), label: 'All orders' }} testId="overview-sales">
      {stats ? (
        <>
          <SalesFigureList stats={stats} />
          <StatusLinks stats={stats} />
        </>
      ) : query.isError ? (
        <CardError what="The sales figures" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {/* The revenue figure's note takes two lines; the status links follow: keep both places. */}
          <FigureSkeletons labels={SALES_LABELS} columns={5} noteLines={2} />
          <div className={styles.statuses} aria-hidden="true" style={{ minHeight: 'calc(1.75rem + var(--space-3))' }}>
            <Skeleton variant="text" width="60%" />
          </div>
        </>
      )}
    </Section>
  );
}

function SalesFigureList({ stats }: { stats: OrderStatistics }) {
  const { thisMonth, lastMonth } = stats.revenue;
  const thisLines = moneyLines(thisMonth.ordersTotal);
  const lastLines = moneyLines(lastMonth.ordersTotal);
  const hasAnyRevenue = stats.revenueByMonth.some((m) => nonZero(m.ordersTotal).length > 0);
  const received = moneyLines(thisMonth.paymentsReceived);
  const { dueNext30Days, overdue } = stats.instalments;
  const dueAmounts = moneyLines(dueNext30Days.outstanding);
  const overdueAmounts = moneyLines(overdue.outstanding);
  const change = changeNote(stats);
  const thisRange = monthBounds(thisMonth.month);
  const lastRange = monthBounds(lastMonth.month);
  return (
    <FigureList label="Sales figures" columns={5}>
      <Figure
        id="revenue-this-month"
        label="Revenue this month"
        to={overviewLinks.orders(thisRange)}
        value={thisLines[0] ?? ''}
        more={thisLines.slice(1)}
        emptyText={thisLines.length === 0 ? (hasAnyRevenue ? 'None yet' : 'No revenue yet') : undefined}
        note={
          <>
            {change ?? monthLabel(thisMonth.month, { isLong: true })}
            {received.length > 0 ? (
              <>
                <br />
                {received.join(' · ')} received
              </>
            ) : null}
          </>
        }
      />
      <Figure
        id="revenue-last-month"
        label="Revenue last month"
        to={overviewLinks.orders(lastRange)}
        value={lastLines[0] ?? ''}
        more={lastLines.slice(1)}
        emptyText={lastLines.length === 0 ? 'None' : undefined}
        note={`${monthLabel(lastMonth.month, { isLong: true })} · ${formatCount(lastMonth.orderCount)} ${lastMonth.orderCount === 1 ? 'order' : 'orders'}`}
      />
      <Figure
        id="orders"
        label="Orders"
        to={overviewLinks.orders()}
        value={formatCount(stats.total)}
        note={stats.total === 0 ? 'No orders yet' : `${formatCount(stats.byStatus.PENDING)} awaiting confirmation`}
        tone={stats.byStatus.PENDING > 0 ? 'attention' : 'default'}
      />
      <Figure
        id="instalments-due"
        label="Due in 30 days"
        to={overviewLinks.payments({ state: 'due', dueTo: addDays(stats.asOf, 30) })}
        value={formatCount(dueNext30Days.count)}
        note={dueAmounts.length > 0 ? `${dueAmounts.join(' · ')} to collect` : 'Nothing due'}
      />
      <Figure
        id="instalments-overdue"
        label="Overdue"
        to={overviewLinks.payments({ state: 'overdue' })}
        value={formatCount(overdue.count)}
        note={overdueAmounts.length > 0 ? `${overdueAmounts.join(' · ')} outstanding` : 'Nothing overdue'}
        tone={(overdue.count > 0 ? 'error' : 'default') satisfies FigureTone}
      />
    </FigureList>
  );
}

function StatusLinks({ stats }: { stats: OrderStatistics }) {
  return (
    <ul className={styles.statuses} aria-label="Orders by status" data-testid="order-statuses">
      {ORDER_STATUSES.map((status) => (
        <li key={status}>
          <Link to={overviewLinks.orders({ status })} className={styles.statusLink} data-tone={STATUS_TONE[status]} data-status={status}>
            <span className={styles.statusDot} aria-hidden="true" />
            {humanize(status)}
            <span className={styles.statusCount}>{formatCount(stats.byStatus[status])}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function RevenueCard() {
  const query = useQuery(orderStatisticsQuery());
  const stats = query.data;
  const [chosen, setChosen] = useState<string | null>(null);
  if (!stats) {
    return (
      <Section title="Revenue by month" testId="chart-revenue">
        {query.isError ? (
          <CardError what="Revenue by month" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ChartLoading height="15rem" />
        )}
      </Section>
    );
  }
  const currency = chosen && stats.currencies.includes(chosen) ? chosen : leadingCurrency(stats.currencies, stats.revenueByMonth);
  const months = stats.revenueByMonth;
  const isEmpty = currency === null || months.every((m) => amountIn(m.ordersTotal, currency) === 0);
  const current = months.at(-1)?.month;
  const data = months.map((m) => {
    const amount = currency ? amountIn(m.ordersTotal, currency) : 0;
    return {
      key: m.month,
      label: monthLabel(m.month, { hasYear: false }),
      value: amount,
      text: currency ? formatMoney(amount, currency) : '',
      isHighlighted: m.month === current,
    };
  });
  const yearTotal = data.reduce((sum, d) => sum + d.value, 0);
  return (
    <ChartCard
      title="Revenue by month"
      testId="chart-revenue"
      height="15rem"
      emptyText={isEmpty ? 'No revenue yet' : null}
      summary={
        currency && !isEmpty
          ? `${formatMoney(yearTotal, currency)} over 12 months, orders placed (cancellations excluded)`
          : 'Orders placed per month, over 12 months'
      }
      controls={
        stats.currencies.length > 1 ? (
          <label className={styles.chartSummary}>
            <span className="visually-hidden">Currency</span>
            <select value={currency ?? ''} onChange={(event) => setChosen(event.target.value)} className={styles.toggle}>
              {stats.currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        ) : null
      }
      chart={currency ? <MonthColumns data={data} formatTick={(v) => compactMoney(v, currency)} /> : null}
      table={
        <Table
          caption={`Revenue by month${currency ? `, ${currency}` : ''}`}
          isCaptionHidden
          rows={months}
          rowKey={(m) => m.month}
          columns={[
            { key: 'month', header: 'Month', render: (m) => monthLabel(m.month, { isLong: true }) },
            { key: 'orders', header: 'Orders', align: 'end', render: (m) => formatCount(m.orderCount) },
            {
              key: 'revenue',
              header: 'Revenue',
              align: 'end',
              render: (m) => (currency ? formatMoney(amountIn(m.ordersTotal, currency), currency) : '—'),
            },
            {
              key: 'received',
              header: 'Received',
              align: 'end',
              render: (m) => (currency ? formatMoney(amountIn(m.paymentsReceived, currency), currency) : '—'),
            },
          ]}
        />
      }
    />
  );
}

export function OrdersByStatusCard() {
  const query = useQuery(orderStatisticsQuery());
  const stats = query.data;
  if (!stats) {
    return (
      <Section title="Orders by status" testId="chart-orders">
        {query.isError ? (
          <CardError what="Orders by status" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ChartLoading height="15rem" />
        )}
      </Section>
    );
  }
  const data = ORDER_STATUSES.map((status) => ({
    key: status,
    label: humanize(status),
    value: stats.byStatus[status],
    text: formatCount(stats.byStatus[status]),
    // Orders waiting on the house stand out, as their status dot does.
    isHighlighted: STATUS_TONE[status] === 'gold',
  }));
  const open = ORDER_STATUSES.filter((s) => STATUS_TONE[s] !== 'muted').reduce((sum, s) => sum + stats.byStatus[s], 0);
  return (
    <ChartCard
      title="Orders by status"
      testId="chart-orders"
      height="15rem"
      emptyText={stats.total === 0 ? 'No orders yet' : null}
      summary={stats.total === 0 ? undefined : `${formatCount(open)} open of ${formatCount(stats.total)}`}
      chart={<LabelledBars data={data} labelWidth={104} />}
      table={
        <Table
          caption="Orders by status"
          isCaptionHidden
          rows={ORDER_STATUSES}
          rowKey={(s) => s}
          columns={[
            { key: 'status', header: 'Status', render: (s) => <Link to={overviewLinks.orders({ status: s })}>{humanize(s)}</Link> },
            { key: 'count', header: 'Orders', align: 'end', render: (s) => formatCount(stats.byStatus[s]) },
          ]}
        />
      }
    />
  );
}
