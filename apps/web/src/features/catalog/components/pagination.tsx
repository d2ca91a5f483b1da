import { Link, useLocation } from 'react-router';
import styles from './pagination.module.css';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  label?: string;
}

/**
 * The API pages a list by number through its first 10,000 pieces (the contract's OFFSET_WINDOW; deeper pages go by
 * cursor). The storefront links pages within it only — kept here as a number so the storefront's initial JS does not
 * take in the contract's schemas (catalog.test.ts checks it against the contract).
 */
export const OFFSET_WINDOW_PIECES = 10_000;

/** How many pages of `size` can be linked by number: every page, or those within the offset window. */
export function linkablePages(totalPages: number, size: number): number {
  return Math.min(totalPages, Math.max(1, Math.floor(OFFSET_WINDOW_PIECES / size)));
}

/** The pages to show: first, last, and the neighbours of the current one, with gaps as null. */
export function pageWindow(page: number, totalPages: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, totalPages]);
  for (let p = page - radius; p <= page + radius; p += 1) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** Real links (shareable, keyboard and middle-click friendly) to each page of the URL state. */
export function Pagination({ page, totalPages, label = 'Pages' }: PaginationProps) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const search = new URLSearchParams(location.search);
    if (p === 1) search.delete('page');
    else search.set('page', String(p));
    const qs = search.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
  return (
    <nav className={styles.pagination} aria-label={label}>
      {page > 1 ? (
        <Link className={styles.step} to={href(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={styles.step} aria-hidden="true" />
      )}
      <ol className={styles.pages}>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link className={styles.page} to={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link className={styles.step} to={href(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className={styles.step} aria-hidden="true" />
      )}
    </nav>
  );
}
