import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { QueryError } from '../feedback/query-state';
import { Skeleton } from '../ui/skeleton';
import { useSession } from '../../lib/use-session';
import { ColumnsMenu } from './columns-menu';
import { TablePagination } from './table-pagination';
import type { TableSort, TableUrlState } from './use-table-url-state';
import styles from './data-table.module.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's declaration
  interface ColumnMeta<TData, TValue> {
    /** Numbers align right with tabular figures. */
    align?: 'start' | 'end';
    /** The header's text where the header is not a string (column menu, cards). */
    label?: string;
    /** The API's sort key when it differs from the column id. */
    sortKey?: string;
    /** Hidden unless the person turns it on in Columns. */
    isHiddenByDefault?: boolean;
    /** Width hint, e.g. '6rem'. */
    width?: string;
  }
}

/** What the table reads of a page query: the same fields as TanStack Query's result. */
export interface TableQuery<Row> {
  /**
   * Keyset lists (products) add the cursors of the page: see `offsetWindow`. `totalExact` false (a search's page):
   * more rows match than `totalElements`, which counts no further.
   */
  data:
    | {
        content: readonly Row[];
        totalElements: number;
        totalExact?: boolean;
        nextCursor?: string | null;
        prevCursor?: string | null;
      }
    | undefined;
  isPending: boolean;
  isFetching: boolean;
  /** True while a new page is on its way and the previous one stays on screen (`placeholderData`). */
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export type DataTableState = Pick<TableUrlState<unknown>, 'page' | 'size' | 'sort' | 'setPage' | 'setSize' | 'setSort'>;

export interface DataTableProps<Row> {
  /** Stable id: column visibility is remembered per table and per person. */
  id: string;
  /** The table's accessible name. */
  caption: string;
  columns: ColumnDef<Row, never>[];
  /** The page query (a TanStack `useQuery` result over the one page envelope). */
  query: TableQuery<Row>;
  state: DataTableState;
  getRowId: (row: Row) => string;
  /** Names a row for its selection checkbox ('Select Solitaire Étoile'). */
  rowLabel?: (row: Row) => string;
  /** Enter on a row, or a click on it outside its controls. */
  onOpen?: (row: Row) => void;
  /** Shows the selection column and, when rows are selected, the bulk bar. */
  bulkActions?: (selected: Row[], clear: () => void) => ReactNode;
  /** The selection is cleared when this changes (new filter, search). */
  selectionKey?: string;
  empty: ReactNode;
  /** Search and filters, left of the Columns menu. */
  toolbar?: ReactNode;
  /** Row count text: 'pieces', 'collections'… */
  noun?: string;
  sizes?: readonly number[];
  /** Rows the API pages by number (its offset window); deeper pages go by the page's cursors (`TablePagination`). */
  offsetWindow?: number;
}

function storageKey(tableId: string, userId: string | undefined): string {
  return `mirror.columns.${tableId}.${userId ?? 'anonymous'}`;
}

function readVisibility<Row>(key: string, columns: ColumnDef<Row, never>[]): VisibilityState {
  const defaults: VisibilityState = {};
  for (const column of columns) {
    if (column.id && column.meta?.isHiddenByDefault) defaults[column.id] = false;
  }
  try {
    const raw = localStorage.getItem(key);
    return raw ? { ...defaults, ...(JSON.parse(raw) as VisibilityState) } : defaults;
  } catch {
    return defaults;
  }
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"], [data-row-control]';

/**
 * The one table of the back-office (issue 10): server paging, sorting and filtering held in the
 * URL, column visibility remembered per person, row selection with bulk actions, a sticky header,
 * and keyboard use — arrows move between rows, Enter opens, Space selects. A real <table> with
 * column headers, on TanStack Table (headless) for the column, selection and visibility models.
 */
export function DataTable<Row>({
  id,
  caption,
  columns,
  query,
  state,
  getRowId,
  rowLabel,
  onOpen,
  bulkActions,
  selectionKey = '',
  empty,
  toolbar,
  noun = 'rows',
  sizes,
  offsetWindow,
}: DataTableProps<Row>) {
  const { user } = useSession();
  const data = query.data?.content;
  const total = query.data?.totalElements;
  const isLoading = query.isPending;
  const isFetching = query.isFetching && query.isPlaceholderData;
  const error = query.error;
  const visibilityKey = storageKey(id, user?.userId);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() => readVisibility(visibilityKey, columns));
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [activeRowId, setActiveRowId] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const isSelectable = bulkActions !== undefined;

  useEffect(() => {
    setColumnVisibility(readVisibility(visibilityKey, columns));
    // Columns are static per table; re-read only when the person changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visibilityKey]);

  const sortKey = state.sort ? `${state.sort.id}:${state.sort.desc}` : '';
  useEffect(() => {
    setRowSelection({});
  }, [state.page, state.size, sortKey, selectionKey]);

  const sorting: SortingState = useMemo(() => {
    if (!state.sort) return [];
    const column = columns.find((c) => (c.meta?.sortKey ?? c.id) === state.sort?.id);
    return [{ id: column?.id ?? state.sort.id, desc: state.sort.desc }];
  }, [state.sort, columns]);

  const rows = useMemo(() => (data ? [...data] : []), [data]);
  const table = useReactTable<Row>({
    data: rows,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: isSelectable,
    enableSortingRemoval: true,
    sortDescFirst: false,
    state: { sorting, columnVisibility, rowSelection },
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: (updater) => {
      setColumnVisibility((current) => {
        const next = typeof updater === 'function' ? updater(current) : updater;
        try {
          localStorage.setItem(visibilityKey, JSON.stringify(next));
        } catch {
          // Storage full or off: the choice lasts for this visit.
        }
        return next;
      });
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (!first) {
        state.setSort(null);
        return;
      }
      const column = columns.find((c) => c.id === first.id);
      const sort: TableSort = { id: column?.meta?.sortKey ?? first.id, desc: first.desc };
      state.setSort(sort);
    },
  });

  const visibleColumns = table.getVisibleLeafColumns();
  const colCount = visibleColumns.length + (isSelectable ? 1 : 0);
  const tableRows = table.getRowModel().rows;
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const clearSelection = () => setRowSelection({});
  const isInitialLoading = isLoading && !data;

  function focusRow(index: number) {
    const target = bodyRef.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row-id]')[index];
    if (!target) return;
    setActiveRowId(target.dataset.rowId ?? null);
    target.focus();
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, row: (typeof tableRows)[number]) {
    const isOnRow = event.target === event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusRow(Math.min(index + 1, tableRows.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(Math.max(index - 1, 0));
        break;
      case 'Home':
        if (!isOnRow) return;
        event.preventDefault();
        focusRow(0);
        break;
      case 'End':
        if (!isOnRow) return;
        event.preventDefault();
        focusRow(tableRows.length - 1);
        break;
      case 'Enter':
        if (!isOnRow || !onOpen) return;
        event.preventDefault();
        onOpen(row.original);
        break;
      case ' ':
        if (!isOnRow || !isSelectable) return;
        event.preventDefault();
        row.toggleSelected();
        break;
      default:
    }
  }

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, row: Row) {
    if (!onOpen) return;
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    // Selecting text in a cell is not a click on the row.
    if (window.getSelection()?.toString()) return;
    onOpen(row);
  }

  const firstRowId = tableRows[0]?.id ?? null;
  const tabbableRowId = activeRowId && tableRows.some((r) => r.id === activeRowId) ? activeRowId : firstRowId;

  return (
    <section className={styles.root} aria-label={caption} aria-busy={isLoading || isFetching || undefined}>
      <div className={styles.toolbar}>
        <div className={styles.toolbarMain}>{toolbar}</div>
        <ColumnsMenu table={table} />
      </div>

      {isSelectable && selectedRows.length > 0 ? (
        <div className={styles.bulkBar} role="region" aria-label="Bulk actions">
          <span className={styles.bulkCount}>{selectedRows.length} selected</span>
          <div className={styles.bulkActions}>{bulkActions(selectedRows, clearSelection)}</div>
          <button type="button" className={styles.linkButton} onClick={clearSelection}>
            Clear selection
          </button>
        </div>
      ) : null}

      {error && !data ? (
        <QueryError error={error} onRetry={() => void query.refetch()} />
      ) : (
        <div
          className={[styles.scroller, isFetching && !isInitialLoading && styles.fetching].filter(Boolean).join(' ')}
          data-testid={`table-${id}`}
        >
          <table className={[styles.table, isSelectable && styles.selectableTable].filter(Boolean).join(' ')}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {isSelectable ? (
                    <th scope="col" className={`${styles.th} ${styles.check}`}>
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        aria-label="Select all rows on this page"
                        checked={table.getIsAllRowsSelected()}
                        ref={(el) => {
                          if (el) el.indeterminate = table.getIsSomeRowsSelected();
                        }}
                        onChange={table.getToggleAllRowsSelectedHandler()}
                        disabled={tableRows.length === 0}
                      />
                    </th>
                  ) : null}
                  {group.headers.map((header) => {
                    const meta = header.column.columnDef.meta;
                    const canSort = header.column.getCanSort();
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={[styles.th, meta?.align === 'end' && styles.end].filter(Boolean).join(' ')}
                        style={meta?.width ? { width: meta.width } : undefined}
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                      >
                        {canSort ? (
                          <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
                            {label}
                            <span className={styles.sortMark} aria-hidden="true">
                              {sorted === 'asc' ? '↑' : sorted === 'desc' ? '↓' : '↕'}
                            </span>
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody ref={bodyRef}>
              {isInitialLoading
                ? Array.from({ length: Math.min(state.size, 8) }, (_, i) => (
                    <tr key={`skeleton-${i}`} className={styles.row} aria-hidden="true">
                      {Array.from({ length: colCount }, (__, j) => (
                        <td key={j} className={styles.td}>
                          <Skeleton variant="text" width={j === 0 && isSelectable ? '1rem' : `${50 + ((i * 7 + j * 13) % 40)}%`} />
                        </td>
                      ))}
                    </tr>
                  ))
                : null}
              {!isInitialLoading && tableRows.length === 0 ? (
                <tr>
                  <td className={styles.empty} colSpan={colCount}>
                    {empty}
                  </td>
                </tr>
              ) : null}
              {tableRows.map((row, index) => (
                <tr
                  key={row.id}
                  data-row-id={row.id}
                  tabIndex={row.id === tabbableRowId ? 0 : -1}
                  className={[styles.row, onOpen && styles.openable, row.getIsSelected() && styles.selected].filter(Boolean).join(' ')}
                  aria-selected={isSelectable ? row.getIsSelected() : undefined}
                  onKeyDown={(event) => onRowKeyDown(event, index, row)}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) setActiveRowId(row.id);
                  }}
                  onClick={(event) => onRowClick(event, row.original)}
                >
                  {isSelectable ? (
                    <td className={`${styles.td} ${styles.check}`}>
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        aria-label={`Select ${rowLabel ? rowLabel(row.original) : `row ${index + 1}`}`}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                        tabIndex={-1}
                      />
                    </td>
                  ) : null}
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td key={cell.id} className={[styles.td, meta?.align === 'end' && styles.end].filter(Boolean).join(' ')}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <TablePagination
        page={state.page}
        size={state.size}
        total={total}
        isTotalExact={query.data?.totalExact ?? true}
        noun={noun}
        onPage={state.setPage}
        onSize={state.setSize}
        sizes={sizes}
        isDisabled={isInitialLoading}
        offsetWindow={offsetWindow}
        nextCursor={query.data?.nextCursor}
        prevCursor={query.data?.prevCursor}
        isStale={isFetching}
      />
    </section>
  );
}
