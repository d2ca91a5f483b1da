import { formatCount } from '../../lib/format';
import { PAGE_SIZES } from './use-table-url-state';
import styles from './data-table.module.css';

export interface TablePaginationProps {
  page: number;
  size: number;
  total: number | undefined;
  noun: string;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  sizes?: readonly number[];
  isDisabled?: boolean;
}

/** '1–20 of 1,000,000', the page size, and previous / next. */
export function TablePagination({ page, size, total, noun, onPage, onSize, sizes = PAGE_SIZES, isDisabled = false }: TablePaginationProps) {
  const from = total === 0 ? 0 : page * size + 1;
  const to = total === undefined ? (page + 1) * size : Math.min((page + 1) * size, total);
  const lastPage = total === undefined ? page : Math.max(0, Math.ceil(total / size) - 1);
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <p className={styles.range} aria-live="polite">
        {total === undefined ? '—' : `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)} ${noun}`}
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
        <button type="button" className={styles.pageButton} onClick={() => onPage(page - 1)} disabled={isDisabled || page <= 0}>
          <span aria-hidden="true">←</span> Previous
        </button>
        <button type="button" className={styles.pageButton} onClick={() => onPage(page + 1)} disabled={isDisabled || page >= lastPage}>
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
    </nav>
  );
}
