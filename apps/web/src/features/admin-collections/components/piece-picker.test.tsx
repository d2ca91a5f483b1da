import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http';
import { piece } from '../test/fixtures';
import { PiecePicker } from './piece-picker';

const FOUND = [
  piece(1, { name: 'Étoile Ring' }),
  piece(2, { name: 'Étoile Studs', status: 'DRAFT' }),
  piece(3, { name: 'Étoile Pendant' }),
];

function renderPicker(memberIds: string[] = []) {
  const { calls } = mockFetch((call) =>
    call.url.includes('/api/products/search')
      ? jsonResponse(200, { content: FOUND, page: 0, size: 8, totalElements: 3, totalPages: 1, nextCursor: null })
      : jsonResponse(404),
  );
  const onPick = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PiecePicker memberIds={new Set(memberIds)} onPick={onPick} />
    </QueryClientProvider>,
  );
  return { onPick, calls };
}

describe('PiecePicker', () => {
  it('searches the catalog as one types and adds the chosen piece with the keyboard', async () => {
    const user = userEvent.setup();
    const { onPick, calls } = renderPicker();
    const input = screen.getByRole('combobox', { name: 'Add a piece' });
    await user.type(input, 'etoile');
    const list = await screen.findByRole('listbox', { name: 'Pieces found' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Étoile Ring'), expect.stringContaining('Draft'), expect.stringContaining('Étoile Pendant')]);
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('q')).toBe('etoile');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = within(list).getByRole('option', { selected: true });
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    expect(active.textContent).toContain('Étoile Pendant');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(FOUND[2]);
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('shows pieces already in the collection but does not add them again', async () => {
    const user = userEvent.setup();
    const { onPick } = renderPicker([FOUND[0]!.id]);
    await user.type(screen.getByRole('combobox', { name: 'Add a piece' }), 'etoile');
    const member = await screen.findByRole('option', { name: /Étoile Ring/ });
    expect(member.getAttribute('aria-disabled')).toBe('true');
    expect(member.textContent).toContain('Already in the collection');
    await user.keyboard('{Enter}');
    await user.click(member);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('waits for two letters and closes on Escape', async () => {
    const user = userEvent.setup();
    const { calls } = renderPicker();
    const input = screen.getByRole('combobox', { name: 'Add a piece' });
    await user.type(input, 'e');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(calls).toHaveLength(0);
    await user.type(input, 't');
    await screen.findByRole('listbox', { name: 'Pieces found' });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
