import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { param } from '../../lib/url-state';
import { DataTable } from './data-table';
import { useTableUrlState } from './use-table-url-state';
import { createColumnHelper } from '@tanstack/react-table';

interface Piece {
  id: string;
  name: string;
  price: number;
  stock: number;
}

const PIECES: Piece[] = [
  { id: 'a', name: 'Étoile ring', price: 1200, stock: 3 },
  { id: 'b', name: 'Lune earrings', price: 800, stock: 0 },
  { id: 'c', name: 'Soleil necklace', price: 4500, stock: 12 },
];

const column = createColumnHelper<Piece>();
const COLUMNS = [
  column.accessor('name', { id: 'name', header: 'Name' }),
  column.accessor('price', { id: 'price', header: 'Price', meta: { align: 'end' } }),
  column.accessor('stock', { id: 'stock', header: 'Stock', meta: { align: 'end', isHiddenByDefault: true } }),
  column.display({ id: 'note', header: 'Note', enableSorting: false, cell: () => '—' }),
];

function Harness({ onOpen, onBulk, totalExact }: { onOpen: (p: Piece) => void; onBulk: (ids: string[]) => void; totalExact?: boolean }) {
  const state = useTableUrlState(
    { metal: param.optionalString() },
    { sortable: ['name', 'price', 'stock'], defaultSort: { id: 'name', desc: false } },
  );
  const location = useLocation();
  return (
    <>
      <p data-testid="url">{location.search}</p>
      <DataTable<Piece>
        id="pieces"
        caption="Pieces"
        columns={COLUMNS}
        query={{
          data: { content: PIECES, totalElements: 45, ...(totalExact === undefined ? {} : { totalExact }) },
          isPending: false,
          isFetching: false,
          isPlaceholderData: false,
          error: null,
          refetch: () => undefined,
        }}
        state={state}
        getRowId={(p) => p.id}
        rowLabel={(p) => p.name}
        onOpen={onOpen}
        bulkActions={(rows) => (
          <button type="button" onClick={() => onBulk(rows.map((r) => r.id))}>
            Feature
          </button>
        )}
        empty="No pieces"
        noun="pieces"
      />
    </>
  );
}

function renderTable(url = '/', totalExact?: boolean) {
  const onOpen = vi.fn();
  const onBulk = vi.fn();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<Harness onOpen={onOpen} onBulk={onBulk} totalExact={totalExact} />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onOpen, onBulk, url: () => screen.getByTestId('url').textContent };
}

describe('DataTable', () => {
  it('is a real table with column headers, the sort state and the range', () => {
    renderTable('/?page=2');
    const table = screen.getByRole('table', { name: 'Pieces' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['', 'Name↑', 'Price↕', 'Note']);
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('21–40 of 45 pieces')).toBeTruthy();
  });

  it('says "more than" when the total is where the API stopped counting (a search past its window)', () => {
    renderTable('/?page=2', false);
    expect(screen.getByText('21–40 of more than 45 pieces')).toBeTruthy();
  });

  it('writes sort and paging to the URL', async () => {
    const user = userEvent.setup();
    const { url } = renderTable();
    await user.click(screen.getByRole('button', { name: /Price/ }));
    expect(url()).toBe('?sort=price');
    await user.click(screen.getByRole('button', { name: /Price/ }));
    expect(url()).toBe('?sort=-price');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(url()).toContain('page=2');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(url()).toBe('?sort=-price&size=50');
  });

  it('moves with the arrows, opens with Enter and selects with Space', async () => {
    const user = userEvent.setup();
    const { onOpen, onBulk } = renderTable();
    const rows = screen.getAllByRole('row').slice(1);
    rows[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(PIECES[1]);
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown} ');
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Feature' }));
    expect(onBulk).toHaveBeenCalledWith(['b', 'c']);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Lune earrings' }).checked).toBe(true);
  });

  it('remembers the visible columns per table and person', async () => {
    const user = userEvent.setup();
    renderTable();
    expect(screen.queryByRole('columnheader', { name: /Stock/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Stock' }));
    expect(screen.getByRole('columnheader', { name: /Stock/ })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('mirror.columns.pieces.anonymous') ?? '{}')).toMatchObject({ stock: true });
  });
});

describe('useTableUrlState', () => {
  function renderFilters() {
    return renderHook(
      () => ({
        state: useTableUrlState({ year: param.optionalString(), season: param.optionalString() }, { sortable: [] }),
        search: useLocation().search,
      }),
      { wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/?q=aube']}>{children}</MemoryRouter> },
    );
  }

  it('keeps both of two changes made before the URL re-renders (two quick filter picks)', () => {
    const { result } = renderFilters();
    act(() => {
      result.current.state.setFilters({ year: '2031' });
      result.current.state.setFilters({ season: 'WINTER' });
    });
    expect(result.current.search).toBe('?q=aube&year=2031&season=WINTER');
    act(() => result.current.state.setFilters({ year: undefined }));
    expect(result.current.search).toBe('?q=aube&season=WINTER');
  });

  it('keeps an earlier change when a later one comes from a handler of an earlier render', () => {
    const { result } = renderFilters();
    // A control that kept the first render's handler (memoised, or not yet re-rendered on a busy device).
    const stale = result.current.state.setFilters;
    act(() => result.current.state.setFilters({ year: '2031' }));
    expect(result.current.search).toBe('?q=aube&year=2031');
    act(() => stale({ season: 'WINTER' }));
    expect(result.current.search).toBe('?q=aube&year=2031&season=WINTER');
  });
});

describe('DataTable paging past the offset window', () => {
  // 1,000 pieces, 20 a page; the API pages by number through the first 60 (pages 1–3), by cursor beyond.
  function DeepHarness({ seen }: { seen: (page: number, cursor: unknown) => void }) {
    const state = useTableUrlState(
      { metal: param.optionalString() },
      { sortable: ['name', 'price'], defaultSort: { id: 'name', desc: false } },
    );
    const location = useLocation();
    seen(state.page, state.cursor);
    // The page's cursors as the API gives them: named after the page, so each step shows which one it used.
    const data = {
      content: PIECES,
      totalElements: 1000,
      nextCursor: `next-of-${state.page + 1}`,
      prevCursor: state.page === 0 ? null : `prev-of-${state.page + 1}`,
    };
    return (
      <>
        <p data-testid="url">{location.search}</p>
        <DataTable<Piece>
          id="deep"
          caption="Pieces"
          columns={COLUMNS}
          query={{ data, isPending: false, isFetching: false, isPlaceholderData: false, error: null, refetch: () => undefined }}
          state={state}
          getRowId={(p) => p.id}
          empty="No pieces"
          noun="pieces"
          offsetWindow={60}
        />
      </>
    );
  }

  function renderDeep(url: string) {
    const seen = vi.fn();
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/" element={<DeepHarness seen={seen} />} />
        </Routes>
      </MemoryRouter>,
    );
    return { seen, url: () => screen.getByTestId('url').textContent };
  }

  it('steps by number within the window and by the page cursors past it, both ways, with the cursor in the URL', async () => {
    const user = userEvent.setup();
    const { url, seen } = renderDeep('/?page=2');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(url()).toBe('?page=3');
    // Page 4 starts at the 61st piece: past the window, Next goes after page 3's last piece.
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(url()).toBe('?page=4&after=next-of-3');
    expect(screen.getByText('61–80 of 1,000 pieces')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(url()).toBe('?page=5&after=next-of-4');
    expect(seen).toHaveBeenLastCalledWith(4, { after: 'next-of-4' });
    // Back: page 4 is still past the window (before page 5's first piece), page 3 is by number again.
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(url()).toBe('?page=4&before=prev-of-5');
    expect(seen).toHaveBeenLastCalledWith(3, { before: 'prev-of-5' });
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(url()).toBe('?page=3');
    expect(seen).toHaveBeenLastCalledWith(2, null);
  });

  it('reads a deep page from a link, and drops the cursor when the view changes', async () => {
    const user = userEvent.setup();
    const { url, seen } = renderDeep('/?page=40&after=abc');
    expect(seen).toHaveBeenLastCalledWith(39, { after: 'abc' });
    expect(screen.getByText('781–800 of 1,000 pieces')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Price/ }));
    expect(url()).toBe('?sort=price');
    expect(seen).toHaveBeenLastCalledWith(0, null);
  });
});
