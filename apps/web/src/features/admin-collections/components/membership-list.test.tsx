import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CollectionItem } from '@mirror/contract';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { applyOrder, withoutPiece } from '../membership-order';
import { items } from '../test/fixtures';
import { MembershipList } from './membership-list';

/** The list with its state held like the page holds it (the new order shows at once). */
function Harness({ initial, onReorder = vi.fn() }: { initial: CollectionItem[]; onReorder?: (ids: string[]) => void }) {
  const [list, setList] = useState(initial);
  const [said, setSaid] = useState('');
  return (
    <MemoryRouter>
      <MembershipList
        items={list}
        onReorder={(ids) => {
          onReorder(ids);
          setList((current) => applyOrder(current, ids));
        }}
        onRemove={(item) => setList((current) => withoutPiece(current, item.product.id))}
        onToggleHero={(item) =>
          setList((current) => current.map((i) => ({ ...i, isHero: i.product.id === item.product.id ? !i.isHero : false })))
        }
        announce={setSaid}
      />
      <p data-testid="said">{said}</p>
    </MemoryRouter>
  );
}

const names = () =>
  within(screen.getByRole('list', { name: 'Pieces in their order' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('MembershipList', () => {
  it('moves a piece with Move up / Move down, keeps focus on the button, and says where it went', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    const initial = items(3);
    render(<Harness initial={initial} onReorder={onReorder} />);

    const up = screen.getByRole('button', { name: 'Move up: Piece 3' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Piece 1', 'Piece 3', 'Piece 2']);
    expect(onReorder).toHaveBeenLastCalledWith([initial[0]!.product.id, initial[2]!.product.id, initial[1]!.product.id]);
    expect(screen.getByTestId('said').textContent).toBe('Piece 3 moved to position 2 of 3.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: Piece 3' }));

    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Piece 3', 'Piece 1', 'Piece 2']);
    // At the top, Move up is off: focus lands on Move down of the same piece.
    expect(screen.getByRole('button', { name: 'Move up: Piece 3' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: Piece 3' }));

    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Piece 1', 'Piece 3', 'Piece 2']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: Piece 3' }));
  });

  it('offers no move beyond the ends', () => {
    render(<Harness initial={items(2)} />);
    expect(screen.getByRole('button', { name: 'Move up: Piece 1' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move down: Piece 2' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move down: Piece 1' })).toHaveProperty('disabled', false);
  });

  it('marks the one hero and moves the mark when another piece becomes the hero', async () => {
    const user = userEvent.setup();
    render(<Harness initial={items(3, 0)} />);
    const rows = () => screen.getAllByTestId('collection-member');
    expect(within(rows()[0]!).getByTestId('hero-mark').textContent).toBe('Hero');
    expect(screen.getByRole('button', { name: 'Unset hero: Piece 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make hero: Piece 3' }));
    expect(screen.getAllByTestId('hero-mark')).toHaveLength(1);
    expect(within(rows()[2]!).getByTestId('hero-mark')).toBeTruthy();
  });

  it('after a removal, puts focus on the next piece rather than losing it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={items(3)} />);
    await user.click(screen.getByRole('button', { name: 'Remove: Piece 2' }));
    expect(names()).toEqual(['Piece 1', 'Piece 3']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove: Piece 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove: Piece 3' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove: Piece 1' }));
  });

  it('gives each drag handle a name with the piece and its place, and the keyboard instructions', () => {
    render(<Harness initial={items(2)} />);
    const handle = screen.getByRole('button', { name: 'Reorder Piece 2, position 2 of 2' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toMatch(/press Space or Enter on the handle/);
  });
});
