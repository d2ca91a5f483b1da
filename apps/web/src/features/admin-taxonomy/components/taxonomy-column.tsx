import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SearchInput, StatusDot } from '../../../components/data-table';
import { QueryError } from '../../../components/feedback/query-state';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/errors';
import { formatCount } from '../../../lib/format';
import { taxonomyListQuery } from '../api/taxonomy.queries';
import { entryMeta, LEVELS, matchesFilter, type EntryByLevel, type Level, type TaxonomyEntry } from '../taxonomy';
import styles from './taxonomy.module.css';

/** Past this many entries a column offers its filter box. */
const FILTER_FROM = 8;

export const columnId = (level: Level) => `taxonomy-column-${level}`;
export const headingId = (level: Level) => `taxonomy-heading-${level}`;

export interface TaxonomyColumnProps<L extends Level> {
  level: L;
  /** The opened entry one level up; undefined for a child level while nothing is opened. */
  parentId?: string;
  /** That entry once known (its name heads the column; an inactive one is flagged). */
  parent?: TaxonomyEntry;
  selectedId?: string;
  filter: string;
  onFilter: (text: string) => void;
  /** Where a row leads (levels that open onto the next one). */
  hrefFor?: (entry: EntryByLevel[L]) => string;
  onNew: () => void;
  onEdit: (entry: EntryByLevel[L]) => void;
  onActivateParent?: () => void;
  isActivatingParent?: boolean;
  /** The phone's back step to the level above. */
  back?: { label: string; to: string };
  /** Whether a phone shows this column (one level at a time). */
  isCurrentOnPhone: boolean;
}

function Chevron() {
  return (
    <svg className={styles.chevron} width="8" height="12" viewBox="0 0 8 12" aria-hidden="true">
      <path d="m1.5 1 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

/** A column's empty state: a sentence and the next action, at the column's scale. */
function ColumnEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}

function focusIn(container: Element | null, selector: string): boolean {
  const target = container?.querySelector<HTMLElement>(selector);
  if (!target) return false;
  target.focus();
  return true;
}

/**
 * One level of the taxonomy as a Miller column: its entries by name (inactive ones shown as
 * such), their counts, a filter for long lists, and the way to add one. Choosing an entry opens
 * the next level beside it (on a phone, instead of it).
 */
export function TaxonomyColumn<L extends Level>({
  level,
  parentId,
  parent,
  selectedId,
  filter,
  onFilter,
  hrefFor,
  onNew,
  onEdit,
  onActivateParent,
  isActivatingParent = false,
  back,
  isCurrentOnPhone,
}: TaxonomyColumnProps<L>) {
  const config = LEVELS[level];
  const parentConfig = config.parent ? LEVELS[config.parent] : null;
  const hasParent = level === 'category' || Boolean(parentId);
  const query = useInfiniteQuery(taxonomyListQuery(level, parentId));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.content) ?? [], [query.data]);
  const total = query.data?.pages[0]?.totalElements;
  const visibleRows = useMemo(() => (filter ? rows.filter((entry) => matchesFilter(entry.name, filter)) : rows), [rows, filter]);

  // A filter looks through every entry, and an entry opened from a link must be on screen: load
  // the remaining pages in those cases (a taxonomy is short; each page holds 100).
  const needsAll = filter !== '' || (selectedId !== undefined && !rows.some((entry) => entry.id === selectedId));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (needsAll && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [needsAll, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // An entry opened from a link may sit far down a long column: bring it into view once.
  const isSelectedShown = selectedId !== undefined && visibleRows.some((entry) => entry.id === selectedId);
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!isSelectedShown || scrolledTo.current === selectedId) return;
    scrolledTo.current = selectedId;
    // The column scrolls, not the page (scrollIntoView would move both).
    const body = document.getElementById(columnId(level))?.querySelector<HTMLElement>('[data-column-body]');
    const item = body?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!body || !item) return;
    const view = body.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    if (box.top < view.top || box.bottom > view.bottom) body.scrollTop += box.top - view.top - (view.height - box.height) / 2;
  }, [isSelectedShown, selectedId, level]);

  /** Arrow keys move between the entries of the list (each entry's one `data-item`), as in a file browser. */
  function onItemKeyDown(event: KeyboardEvent<HTMLElement>) {
    const list = event.currentTarget.closest('ul');
    const items = list ? [...list.querySelectorAll<HTMLElement>('[data-item]')] : [];
    const index = items.indexOf(event.currentTarget);
    if (index < 0) return;
    const go = (next: number) => {
      event.preventDefault();
      items[Math.max(0, Math.min(items.length - 1, next))]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        go(index + 1);
        return;
      case 'ArrowUp':
        go(index - 1);
        return;
      case 'Home':
        go(0);
        return;
      case 'End':
        go(items.length - 1);
        return;
      case 'ArrowRight':
        // Into the opened entry's column, as in a file browser.
        if (
          config.child &&
          items[index]?.getAttribute('aria-current') === 'true' &&
          focusIn(document.getElementById(columnId(config.child)), '[data-item]')
        )
          event.preventDefault();
        return;
      case 'ArrowLeft':
        if (config.parent && focusIn(document.getElementById(columnId(config.parent)), '[data-item][aria-current="true"]'))
          event.preventDefault();
        return;
      default:
    }
  }

  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  const showFilter = hasParent && ((total ?? 0) > FILTER_FROM || filter !== '');
  const newLabel = `New ${config.noun}`;

  let body;
  if (!hasParent) {
    body = (
      <p className={styles.placeholder}>
        Choose a {parentConfig?.noun} to see its {config.plural}.
      </p>
    );
  } else if (query.isPending) {
    body = (
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={styles.skeletonItem}>
            <Skeleton variant="text" width={`${45 + ((i * 17) % 35)}%`} />
            <Skeleton variant="text" width={`${30 + ((i * 11) % 25)}%`} />
          </li>
        ))}
      </ul>
    );
  } else if (notFound) {
    body = (
      <ColumnEmpty title={`This ${parentConfig?.noun} no longer exists`}>
        <p className={styles.emptyText}>It may have been deleted.</p>
        {back ? (
          <Link to={back.to} className={styles.textLink}>
            Back to {back.label}
          </Link>
        ) : null}
      </ColumnEmpty>
    );
  } else if (query.isError && rows.length === 0) {
    body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <ColumnEmpty title={parent ? `${parent.name} has no ${config.plural} yet` : `No ${config.plural} yet`}>
        <Button variant="secondary" size="small" onClick={onNew}>
          {newLabel}
        </Button>
      </ColumnEmpty>
    );
  } else if (visibleRows.length === 0 && !query.isFetchingNextPage) {
    body = (
      <ColumnEmpty title={`No ${config.noun} matches “${filter}”`}>
        <button type="button" className={styles.textLink} onClick={() => onFilter('')}>
          Clear the filter
        </button>
      </ColumnEmpty>
    );
  } else {
    body = (
      <>
        <ul className={styles.list} aria-labelledby={headingId(level)}>
          {visibleRows.map((entry) => {
            const isSelected = entry.id === selectedId;
            const href = hrefFor?.(entry);
            const content = (
              <>
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{entry.name}</span>
                  <span className={styles.itemMeta}>
                    {entry.isActive ? null : <StatusDot tone="muted">Inactive</StatusDot>}
                    <span>{entryMeta(level, entry)}</span>
                  </span>
                </span>
                {href ? <Chevron /> : null}
              </>
            );
            return (
              <li
                key={entry.id}
                className={styles.item}
                data-selected={isSelected || undefined}
                data-inactive={entry.isActive ? undefined : true}
              >
                {href ? (
                  <Link
                    to={href}
                    className={styles.itemMain}
                    aria-current={isSelected ? 'true' : undefined}
                    data-item=""
                    onKeyDown={onItemKeyDown}
                    preventScrollReset
                  >
                    {content}
                  </Link>
                ) : (
                  <div className={styles.itemMain}>{content}</div>
                )}
                <button
                  type="button"
                  className={styles.editButton}
                  onClick={() => onEdit(entry)}
                  data-item={href ? undefined : ''}
                  onKeyDown={href ? undefined : onItemKeyDown}
                >
                  Edit<span className="visually-hidden"> {entry.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {query.hasNextPage && !needsAll ? (
          <button
            type="button"
            className={styles.moreButton}
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : `Show more (${formatCount((total ?? rows.length) - rows.length)} more)`}
          </button>
        ) : null}
        {query.isFetchingNextPage && needsAll ? <p className={styles.placeholder}>Loading…</p> : null}
      </>
    );
  }

  return (
    <section
      id={columnId(level)}
      className={styles.column}
      data-level={level}
      data-phone-current={isCurrentOnPhone || undefined}
      aria-labelledby={headingId(level)}
      aria-busy={query.isFetching || undefined}
    >
      {back ? (
        <Link to={back.to} className={styles.back}>
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      ) : null}
      <header className={styles.columnHeader}>
        <div className={styles.columnHeading}>
          <h2 id={headingId(level)} className={styles.columnTitle} tabIndex={-1}>
            {config.title}
            {parent ? <span className="visually-hidden"> in {parent.name}</span> : null}
          </h2>
          {hasParent && total !== undefined ? <span className={styles.columnCount}>{formatCount(total)}</span> : null}
          {parent ? (
            <p className={styles.columnContext} aria-hidden="true">
              in {parent.name}
            </p>
          ) : null}
        </div>
        {hasParent && !notFound ? (
          <Button variant="secondary" size="small" className={styles.newButton} onClick={onNew} disabled={level !== 'category' && !parent}>
            <span>
              New<span className={styles.newNoun}> {config.noun}</span>
            </span>
          </Button>
        ) : null}
      </header>
      {parent && !parent.isActive && parentConfig ? (
        <div className={styles.parentNote}>
          <StatusDot tone="muted">Inactive</StatusDot>
          <p>
            {parent.name} is hidden from the site, and its {config.plural} with it.
          </p>
          {onActivateParent ? (
            <button type="button" className={styles.textLink} onClick={onActivateParent} disabled={isActivatingParent}>
              Activate {parentConfig.noun}
            </button>
          ) : null}
        </div>
      ) : null}
      {showFilter ? (
        <div className={styles.filterBox}>
          <SearchInput label={`Filter ${config.plural}`} placeholder={`Filter ${config.plural}`} value={filter} onChange={onFilter} />
        </div>
      ) : null}
      <div className={styles.columnBody} data-column-body="">
        {body}
      </div>
    </section>
  );
}
