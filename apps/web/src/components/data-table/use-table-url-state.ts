import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { patchParams, readParams, type ParamSpec } from '../../lib/url-state';

export interface TableSort {
  id: string;
  desc: boolean;
}

export const PAGE_SIZES = [20, 50, 100] as const;

/** A keyset page: after a page's `nextCursor`, or before its `prevCursor` (lists paged past their offset window). */
export type PageCursor = { after: string } | { before: string };

const CURSOR_KEYS = ['after', 'before'] as const;

export interface TableUrlState<F> {
  /** Zero-based page (the URL shows it one-based). */
  page: number;
  /** The keyset cursor the page is read with (`after` / `before` in the URL), or null for a page by number. */
  cursor: PageCursor | null;
  size: number;
  sort: TableSort | null;
  q: string;
  filters: F;
  /** The API's `sort` parameter: `price,desc`. */
  apiSort: string | undefined;
  /** A page by number, or (past a list's offset window) the page at a cursor, `page` then being its number. */
  setPage: (page: number, cursor?: PageCursor) => void;
  setSize: (size: number) => void;
  setSort: (sort: TableSort | null) => void;
  /** Typing replaces the history entry instead of adding one per keystroke. */
  setQuery: (q: string) => void;
  setFilters: (patch: Partial<F>) => void;
  clearFilters: () => void;
}

/** `-price` ↔ { id: 'price', desc: true }: readable in the URL, nothing to escape. */
export function parseSort(raw: string | null, allowed: readonly string[]): TableSort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const id = desc ? raw.slice(1) : raw;
  return allowed.includes(id) ? { id, desc } : null;
}

export function formatSort(sort: TableSort | null): string | undefined {
  return sort ? `${sort.desc ? '-' : ''}${sort.id}` : undefined;
}

export interface TableUrlOptions {
  /** Column ids the API can sort by. */
  sortable: readonly string[];
  defaultSort?: TableSort | null;
  defaultSize?: number;
}

/**
 * A list's whole state in the URL (docs/conventions.md §11): page, size, sort, search and filters, so a
 * link reproduces the view and Back steps through it. Defaults are left out of the URL.
 */
export function useTableUrlState<F>(
  spec: ParamSpec<F>,
  { sortable, defaultSort = null, defaultSize = PAGE_SIZES[0] }: TableUrlOptions,
): TableUrlState<F> {
  const [params, setParams] = useSearchParams();
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw - 1 : 0;
  const sizeRaw = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : defaultSize;
  const afterRaw = params.get('after');
  const beforeRaw = params.get('before');
  const cursorKey = afterRaw ? `a:${afterRaw}` : beforeRaw ? `b:${beforeRaw}` : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one object per cursor value
  const cursor = useMemo<PageCursor | null>(() => (afterRaw ? { after: afterRaw } : beforeRaw ? { before: beforeRaw } : null), [cursorKey]);
  const sortParam = params.get('sort');
  const sort = sortParam === 'none' ? null : (parseSort(sortParam, sortable) ?? defaultSort);
  const q = params.get('q') ?? '';
  const filterKey = Object.keys(spec)
    .map((key) => `${key}=${params.get(key) ?? ''}`)
    .join('&');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when a filter's URL value changes
  const filters = useMemo(() => readParams(params, spec), [filterKey]);
  const defaultSortText = formatSort(defaultSort);

  // Every change builds on the latest URL this table rendered — read through a ref, not the closure, so a
  // handler kept from an earlier render (a memoised control, or one not yet re-rendered on a busy device)
  // does not write over a change made since — and, while the URL has not re-rendered yet (two quick
  // filter picks), on the change before it.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const pending = useRef<{ from: string; to: URLSearchParams } | null>(null);
  const update = useCallback(
    (mutate: (next: URLSearchParams) => void, replace = false) => {
      const current = latest.current;
      const base = pending.current && pending.current.from === current.toString() ? pending.current.to : current;
      const next = new URLSearchParams(base);
      // A cursor belongs to one page of one view: any change drops it (setPage sets its own).
      for (const key of CURSOR_KEYS) next.delete(key);
      mutate(next);
      pending.current = { from: current.toString(), to: next };
      setParams(next, { replace, preventScrollReset: true });
    },
    [setParams],
  );

  return {
    page,
    cursor,
    size,
    sort,
    q,
    filters,
    apiSort: sort ? `${sort.id},${sort.desc ? 'desc' : 'asc'}` : undefined,
    setPage: (next, at) =>
      update((p) => {
        if (next <= 0 && !at) p.delete('page');
        else p.set('page', String(Math.max(0, next) + 1));
        if (at && 'after' in at) p.set('after', at.after);
        if (at && 'before' in at) p.set('before', at.before);
      }),
    setSize: (next) =>
      update((p) => {
        p.delete('page');
        if (next === defaultSize) p.delete('size');
        else p.set('size', String(next));
      }),
    setSort: (next) =>
      update((p) => {
        p.delete('page');
        const text = formatSort(next);
        if (text === defaultSortText) p.delete('sort');
        else p.set('sort', text ?? 'none');
      }),
    setQuery: (next) =>
      update((p) => {
        p.delete('page');
        if (next.trim()) p.set('q', next);
        else p.delete('q');
      }, true),
    setFilters: (patch) =>
      update((p) => {
        const next = patchParams(p, spec, patch);
        for (const key of [...p.keys()]) p.delete(key);
        for (const [key, value] of next) p.append(key, value);
      }),
    clearFilters: () =>
      update((p) => {
        for (const key of Object.keys(spec)) p.delete(key);
        p.delete('q');
        p.delete('page');
      }),
  };
}
