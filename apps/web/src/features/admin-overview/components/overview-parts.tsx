import { Suspense, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/errors';
import styles from './overview.module.css';

export interface SectionProps {
  title: string;
  /** A link to the whole table, top right. */
  link?: { to: string; label: string };
  /** Right of the title instead of a link (a toggle). */
  aside?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** One card of the overview: a title on a rule, its content. */
export function Section({ title, link, aside, className, testId, children }: SectionProps) {
  const headingId = useId();
  return (
    <section className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={headingId} data-testid={testId}>
      <header className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {aside}
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

export type FigureTone = 'default' | 'attention' | 'error';

export interface FigureProps {
  /** `data-testid="figure-<id>"`, for the tests that compare it with the API. */
  id: string;
  label: string;
  to: string;
  /** The figure as printed; extra lines (other currencies) follow in a smaller size. */
  value: string;
  more?: readonly string[];
  /** Shown instead of the value when there is nothing to count yet ("No revenue yet"). */
  emptyText?: string;
  note?: ReactNode;
  tone?: FigureTone;
}

/** A number in the display serif; the whole cell is a link to the table filtered to it. */
export function Figure({ id, label, to, value, more = [], emptyText, note, tone = 'default' }: FigureProps) {
  return (
    <li className={styles.figure} data-testid={`figure-${id}`} data-tone={tone}>
      <Link to={to} className={styles.figureLink}>
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
      </Link>
      {note ? <p className={styles.figureNote}>{note}</p> : null}
    </li>
  );
}

/** `columns`: how many figures per row on a wide screen (narrower screens fit what they can). */
export function FigureList({ label, columns, children }: { label: string; columns?: number; children: ReactNode }) {
  return (
    <ul
      className={styles.figures}
      aria-label={label}
      data-columns={columns}
      style={columns ? ({ '--figure-columns': columns } as CSSProperties) : undefined}
    >
      {children}
    </ul>
  );
}

/** The figures' final layout while they load, so nothing shifts when they arrive. */
export function FigureSkeletons({
  labels,
  columns,
  noteLines = 1,
  children,
}: {
  labels: readonly string[];
  columns?: number;
  noteLines?: number;
  children?: ReactNode;
}) {
  return (
    <ul
      className={styles.figures}
      aria-busy="true"
      aria-label="Loading figures"
      data-columns={columns}
      style={columns ? ({ '--figure-columns': columns } as CSSProperties) : undefined}
    >
      {labels.map((label) => (
        <li key={label} className={styles.figure}>
          <span className={styles.figureLabel}>{label}</span>
          <Skeleton width="60%" className={styles.skeletonValue} />
          <span className={styles.figureNote} style={{ minHeight: `${noteLines * 1.5}em` }}>
            <Skeleton variant="text" width="45%" />
          </span>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** One card failed: its message and a retry; the other cards stay as they are. */
export function CardError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className={styles.cardError} role="alert" data-testid="card-error">
      <p className={styles.cardErrorText}>
        <span className={styles.cardErrorTitle}>{what} could not be loaded.</span>
        <span className={styles.cardErrorDetail}>{errorText(error)}</span>
      </p>
      <button type="button" className={styles.toggle} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export interface ChartCardProps {
  title: string;
  /** A sentence with the chart's point, under the title. */
  summary?: ReactNode;
  /** Plot height; the loading state and the empty state keep it. */
  height: string;
  /** The lazily loaded chart (aria-hidden: the table carries the same numbers). */
  chart: ReactNode;
  /** The same numbers as a table: visually hidden under the chart, shown by the toggle. */
  table: ReactNode;
  /** Nothing to plot: this sentence instead of an empty chart. */
  emptyText?: string | null;
  testId: string;
  /** Next to the toggle (a currency choice). */
  controls?: ReactNode;
}

/** A chart with its text alternative: a table with the same numbers, always read by screen readers. */
export function ChartCard({ title, summary, height, chart, table, emptyText, testId, controls }: ChartCardProps) {
  const [isTable, setIsTable] = useState(false);
  const style = { '--chart-height': height } as CSSProperties;
  return (
    <Section
      title={title}
      testId={testId}
      aside={
        <span className={styles.refresh}>
          {controls}
          {emptyText ? null : (
            <button type="button" className={styles.toggle} onClick={() => setIsTable((v) => !v)} data-testid="chart-toggle">
              {isTable ? 'Show as chart' : 'Show as table'}
            </button>
          )}
        </span>
      }
    >
      {summary ? <p className={styles.chartSummary}>{summary}</p> : null}
      <div className={styles.chartBody} style={style}>
        {emptyText ? (
          <p className={styles.chartEmpty}>{emptyText}</p>
        ) : (
          <>
            {isTable ? null : (
              <div className={styles.chartPlot} aria-hidden="true" data-testid="chart-plot">
                <Suspense fallback={<Skeleton height="100%" />}>{chart}</Suspense>
              </div>
            )}
            {isTable ? (
              // Shown, the table may be wider than a phone: a scroll region reachable by keyboard.
              <ScrollRegion className={styles.chartTable} testId="chart-table" label={`${title} (table)`}>
                {table}
              </ScrollRegion>
            ) : (
              <div className={`visually-hidden ${styles.hiddenTable}`} data-testid="chart-table">
                {table}
              </div>
            )}
          </>
        )}
      </div>
    </Section>
  );
}

/** A chart's place while its numbers load. */
export function ChartLoading({ height }: { height: string }) {
  return (
    <>
      <p className={styles.chartSummary}>
        <Skeleton variant="text" width="50%" />
      </p>
      <div className={styles.chartBody} style={{ '--chart-height': height } as CSSProperties} aria-busy="true">
        <div className={styles.chartPlot}>
          <Skeleton height="100%" />
        </div>
      </div>
    </>
  );
}
