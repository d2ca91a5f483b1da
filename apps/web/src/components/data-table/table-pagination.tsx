import { formatCount } from '../../lib/format';
import { PAGE_SIZES, type PageCursor } from './use-table-url-state';
import styles from './data-table.module.css';

export interface TablePaginationProps {
  page: number;
  size: number;
  total: number | undefined;
  /** False: more rows match than `total` (a search counts no further than the rows it pages through). */
  isTotalExact?: boolean;
  noun: string;
  onPage: (page: number, cursor?: PageCursor) => void;
  onSize: (size: number) => void;
  sizes?: readonly number[];
  isDisabled?: boolean;
  /**
   * Rows reachable by page number (the API's offset window): a step to a page past it goes by the page's keyset
   * cursors instead — Next after `nextCursor`, Previous before `prevCursor`. Undefined: every page by number.
   */
  offsetWindow?: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
  /** The cursors belong to the page on screen while the next one loads: cursor steps wait for it. */
  isStale?: boolean;
}

/** '1–20 of 1,000,000', the page size, and previous / next. */
export function TablePagination({
  page,
  size,
  total,
  isTotalExact = true,
  noun,
  onPage,
  onSize,
  sizes = PAGE_SIZES,
  isDisabled = false,
  offsetWindow,
  nextCursor = null,
  prevCursor = null,
  isStale = false,
}: TablePaginationProps) {
  const from = total === 0 ? 0 : page * size + 1;
  const to = total === undefined ? (page + 1) * size : Math.min((page + 1) * size, total);
  const lastPage = total === undefined ? page : Math.max(0, Math.ceil(total / size) - 1);
  const isByNumber = (p: number) => offsetWindow === undefined || (p + 1) * size <= offsetWindow;
  // Within the window a step is a page number; past it, the cursor of the page on screen.
  const previous = isByNumber(page - 1)
    ? { page: page - 1 }
    : prevCursor && !isStale
      ? { page: page - 1, cursor: { before: prevCursor } }
      : null;
  const next = isByNumber(page + 1)
    ? { page: page + 1 }
    : nextCursor && !isStale
      ? { page: page + 1, cursor: { after: nextCursor } }
      : null;
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <p className={styles.range} aria-live="polite">
        {total === undefined
          ? '—'
          : `${formatCount(from)}–${formatCount(to)} of ${isTotalExact ? '' : 'more than '}${formatCount(total)} ${noun}`}
      </p>
      <label className={styles.sizeLabel}>
        <span>Rows per page</span>
        <select className={styles.sizeSelect} value={size} onChange={(event) => onSize(Number(event.target.value))} disabled={isDisabled}>
          {sizes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.pageButtons}>
        <button
          type="button"
          className={styles.pageButton}
          onClick={() => previous && onPage(previous.page, previous.cursor)}
          disabled={isDisabled || page <= 0 || !previous}
        >
          <span aria-hidden="true">←</span> Previous
        </button>
        <button
          type="button"
          className={styles.pageButton}
          onClick={() => next && onPage(next.page, next.cursor)}
          disabled={isDisabled || page >= lastPage || !next}
        >
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
    </nav>
  );
}
