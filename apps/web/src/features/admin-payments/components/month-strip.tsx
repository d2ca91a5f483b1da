import type { ScheduleSummary } from '@mirror/contract';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/errors';
import { formatCount, formatMoney } from '../../../lib/format';
import { groupMonths, isMonthSelected, monthLabel, monthRange, type PaymentUrlFilters } from '../payments';
import styles from './admin-payments.module.css';

export interface MonthStripProps {
  summary: ScheduleSummary | undefined;
  isLoading: boolean;
  error: unknown;
  filters: PaymentUrlFilters;
  onPick: (range: { dueFrom: string | undefined; dueTo: string | undefined }) => void;
}

/**
 * Totals per due month under the current filters: what is still owed in the display serif, with the
 * month's amount, paid and overdue underneath. A month narrows the table to it (again: back to all).
 */
export function MonthStrip({ summary, isLoading, error, filters, onPick }: MonthStripProps) {
  if (isLoading) return <Skeleton height="6.5rem" className={styles.stripSkeleton} />;
  if (error) return <p className={styles.stripError}>The monthly totals could not be loaded: {errorText(error)}</p>;
  const months = groupMonths(summary?.months ?? []);
  if (months.length === 0) return null;
  const thisMonth = summary?.asOf.slice(0, 7);
  return (
    <section className={styles.strip} aria-labelledby="payments-by-month">
      <h2 id="payments-by-month" className={styles.stripTitle}>
        By month
      </h2>
      <ul className={styles.months}>
        {months.map((m) => {
          const isSelected = isMonthSelected(m.month, filters);
          return (
            <li key={m.month}>
              <button
                type="button"
                className={styles.month}
                aria-pressed={isSelected}
                data-current={m.month === thisMonth || undefined}
                onClick={() => onPick(isSelected ? { dueFrom: undefined, dueTo: undefined } : monthRange(m.month))}
              >
                <span className={styles.monthName}>
                  {monthLabel(m.month)}
                  <span className={styles.monthCount}>
                    {formatCount(m.itemCount)} {m.itemCount === 1 ? 'payment' : 'payments'}
                  </span>
                </span>
                {m.amounts.map((a) => (
                  <span key={a.currency} className={styles.monthAmounts}>
                    <span className={styles.monthFigure}>{formatMoney(a.remaining, a.currency)}</span>
                    <span className={styles.monthDetail}>
                      {a.remaining > 0 ? 'owed' : 'settled'} · of {formatMoney(a.amount, a.currency)}
                    </span>
                    {a.overdue > 0 ? <span className={styles.monthOverdue}>{formatMoney(a.overdue, a.currency)} overdue</span> : null}
                  </span>
                ))}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
