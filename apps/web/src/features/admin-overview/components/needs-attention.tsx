import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Page } from '@mirror/contract';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount, formatDateTime, formatMoney, formatShortDate } from '../../../lib/format';
import { ATTENTION_SIZE, failedEmailsQuery, lowStockQuery, overdueInstalmentsQuery } from '../api/overview.queries';
import { overviewLinks } from '../overview-links';
import { CardError } from './overview-parts';
import styles from './overview.module.css';

interface AttentionListProps<Row> {
  title: string;
  testId: string;
  query: UseQueryResult<Page<Row>>;
  /** What failed to load, for the error line. */
  what: string;
  empty: string;
  all: { to: string; label: (total: number) => string };
  rowKey: (row: Row) => string;
  renderRow: (row: Row) => { title: ReactNode; detail: ReactNode; figure: ReactNode; tone?: 'error' };
}

/** A short list of things to deal with, each a link, and a link to all of them. */
function AttentionList<Row>({ title, testId, query, what, empty, all, rowKey, renderRow }: AttentionListProps<Row>) {
  const headingId = useId();
  const page = query.data;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={testId}>
      <header className={styles.listHeader}>
        <h3 id={headingId} className={styles.listTitle}>
          {title}
          {page && page.totalElements > 0 ? <span className={styles.statusCount}> · {formatCount(page.totalElements)}</span> : null}
        </h3>
      </header>
      {page ? (
        page.content.length === 0 ? (
          <p className={styles.attentionEmpty}>{empty}</p>
        ) : (
          <>
            <ul className={styles.attention}>
              {page.content.map((row) => {
                const item = renderRow(row);
                return (
                  <li key={rowKey(row)} className={styles.attentionItem}>
                    <span className={styles.attentionMain}>
                      {item.title}
                      <span className={styles.attentionDetail}>{item.detail}</span>
                    </span>
                    <span className={styles.attentionFigure} data-tone={item.tone}>
                      {item.figure}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className={styles.attentionFooter}>
              <Link to={all.to} className={styles.sectionLink}>
                {all.label(page.totalElements)}
              </Link>
            </p>
          </>
        )
      ) : query.isError ? (
        <CardError what={what} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ul className={styles.attention} aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className={styles.attentionItem}>
              <span className={styles.attentionMain}>
                <Skeleton variant="text" width="70%" />
                <Skeleton variant="text" width="40%" />
              </span>
              <Skeleton variant="text" width="3rem" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const viewAll = (noun: string) => (total: number) => (total > ATTENTION_SIZE ? `View all ${formatCount(total)} ${noun}` : `View ${noun}`);

export function NeedsAttention() {
  const lowStock = useQuery(lowStockQuery());
  const overdue = useQuery(overdueInstalmentsQuery());
  const failed = useQuery(failedEmailsQuery());
  return (
    <section aria-labelledby="needs-attention" className={styles.section} data-testid="needs-attention">
      <header className={styles.sectionHeader}>
        <h2 id="needs-attention" className={styles.sectionTitle}>
          Needs attention
        </h2>
      </header>
      <div className={`${styles.row} ${styles.rowThirds}`}>
        <AttentionList
          title="Low stock"
          testId="attention-low-stock"
          query={lowStock}
          what="Low-stock pieces"
          empty="No piece is running low."
          all={{ to: overviewLinks.products({ stock: 'low' }), label: viewAll('low-stock pieces') }}
          rowKey={(p) => p.id}
          renderRow={(p) => ({
            title: (
              <Link to={overviewLinks.product(p.id)} className={styles.attentionTitle}>
                {p.name}
              </Link>
            ),
            detail: p.sku,
            figure: `${formatCount(p.stockQuantity)} left`,
          })}
        />
        <AttentionList
          title="Overdue instalments"
          testId="attention-overdue"
          query={overdue}
          what="Overdue instalments"
          empty="No instalment is overdue."
          all={{ to: overviewLinks.payments({ state: 'overdue' }), label: viewAll('overdue instalments') }}
          rowKey={(s) => s.id}
          renderRow={(s) => ({
            title: (
              <Link to={overviewLinks.order(s.orderId)} className={styles.attentionTitle}>
                {s.orderNumber} · {s.label}
              </Link>
            ),
            detail: `Due ${formatShortDate(s.dueDate)}`,
            figure: formatMoney(s.remaining, s.currency),
            tone: 'error',
          })}
        />
        <AttentionList
          title="Failed emails"
          testId="attention-failed-emails"
          query={failed}
          what="Failed emails"
          empty="No email has failed."
          all={{ to: overviewLinks.emails('FAILED'), label: viewAll('failed emails') }}
          rowKey={(e) => e.id}
          renderRow={(e) => ({
            title: (
              <Link to={overviewLinks.emails('FAILED')} className={styles.attentionTitle}>
                {e.subject}
              </Link>
            ),
            detail: `To ${e.recipients.join(', ')}${e.lastError ? ` · ${e.lastError}` : ''}`,
            figure: formatDateTime(e.updatedAt),
          })}
        />
      </div>
    </section>
  );
}
