import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './data-table.module.css';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Milliseconds of quiet before the URL (and the query) follows the typing. */
  debounceMs?: number;
  /** The accessible name where a page has more than one list ('Filter categories'); 'Search' by default. */
  label?: string;
}

/** The list's search box, labelled "Search"; typing settles into the URL after a short pause. */
export function SearchInput({ value, onChange, placeholder = 'Search', debounceMs = 250, label = 'Search' }: SearchInputProps) {
  const [text, setText] = useState(value);
  const inputId = useId();
  const lastSent = useRef(value);
  useEffect(() => {
    // The URL changed from elsewhere (Back, a chip's clear): follow it.
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onChange(text);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs, onChange]);
  return (
    <div className={styles.search}>
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <svg className={styles.searchIcon} width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="7" cy="7" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="m11 11 4 4" stroke="currentColor" strokeWidth="1.2" />
      </svg>
      <input
        id={inputId}
        type="search"
        className={styles.searchInput}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            lastSent.current = text;
            onChange(text);
          }
        }}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
  count?: number;
}

export interface FilterSelectProps {
  label: string;
  value: string | undefined;
  options: readonly FilterOption[];
  onChange: (value: string | undefined) => void;
  /** The 'any' choice, e.g. 'All categories'. */
  allLabel?: string;
}

/** A quiet dropdown filter (native select: keyboard and phones work as people expect). */
export function FilterSelect({ label, value, options, onChange, allLabel }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={[styles.filter, value ? styles.filterActive : undefined].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select id={id} className={styles.filterSelect} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{allLabel ?? 'All'}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.count === undefined ? option.label : `${option.label} (${option.count.toLocaleString('en-GB')})`}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface FilterDateProps {
  label: string;
  /** YYYY-MM-DD, or undefined for none. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  min?: string | undefined;
  max?: string | undefined;
}

/** A day filter in the same quiet frame as FilterSelect (native date input: the browser's own picker). */
export function FilterDate({ label, value, onChange, min, max }: FilterDateProps) {
  const id = useId();
  return (
    <div className={[styles.filter, value ? styles.filterActive : undefined].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={styles.filterDate}
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

export interface FilterChip {
  key: string;
  label: string;
  onRemove: () => void;
}

/** The active filters as removable chips, and one way to clear them all. */
export function FilterChips({ chips, onClearAll }: { chips: readonly FilterChip[]; onClearAll: () => void }) {
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key} className={styles.chip}>
          <span>{chip.label}</span>
          <button type="button" className={styles.chipRemove} aria-label={`Remove filter ${chip.label}`} onClick={chip.onRemove}>
            ×
          </button>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <button type="button" className={styles.linkButton} onClick={onClearAll}>
            Clear all
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** Search, filters and chips laid out as the toolbar of a DataTable. */
export function TableFilters({ search, filters, chips }: { search?: ReactNode; filters?: ReactNode; chips?: ReactNode }) {
  return (
    <div className={styles.filters}>
      <div className={styles.filterRow}>
        {search}
        {filters}
      </div>
      {chips}
    </div>
  );
}

/** Status as a small dot and a word (docs/design.md: never a filled pill). */
export function StatusDot({ tone, children }: { tone: 'ink' | 'muted' | 'gold' | 'error'; children: ReactNode }) {
  return (
    <span className={styles.status} data-tone={tone}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </span>
  );
}
