import type { Image } from '@mirror/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StudioStage } from './studio-stage';

function image(variant: string): Image {
  return { variant, alt: `Ring, ${variant}`, url: `/img/${variant}.webp`, width: 640, height: 800, srcset: [] };
}

const status = () => screen.getByTestId('stage-status').textContent;

describe('studio stage', () => {
  it('turns from view to view with the arrow keys, wrapping at both ends', () => {
    render(<StudioStage name="Ring" images={[image('front'), image('detail'), image('side')]} />);
    expect(status()).toBe('Front · 1 / 3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(status()).toBe('Detail · 2 / 3');
    expect(screen.getByRole('button', { name: 'Detail' }).getAttribute('aria-pressed')).toBe('true');
    // Only the view in front is exposed, under its own description.
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Ring, detail');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(status()).toBe('Side · 3 / 3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(status()).toBe('Front · 1 / 3');
  });

  it('leaves the arrow keys alone while a field has focus or a modifier is held', () => {
    render(
      <>
        <input aria-label="Note" />
        <StudioStage name="Ring" images={[image('front'), image('detail')]} />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('Note'), { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight', metaKey: true });
    expect(status()).toBe('Front · 1 / 2');
  });

  it('moves on a horizontal drag past the threshold, not on a nudge', () => {
    render(<StudioStage name="Ring" images={[image('front'), image('detail')]} />);
    const surface = screen.getByTestId('studio-stage').querySelector('[data-draggable]')!;
    fireEvent.pointerDown(surface, { clientX: 300, button: 0 });
    fireEvent.pointerUp(surface, { clientX: 290 });
    expect(status()).toBe('Front · 1 / 2');
    fireEvent.pointerDown(surface, { clientX: 300, button: 0 });
    fireEvent.pointerUp(surface, { clientX: 200 });
    expect(status()).toBe('Detail · 2 / 2');
    fireEvent.pointerDown(surface, { clientX: 200, button: 0 });
    fireEvent.pointerUp(surface, { clientX: 300 });
    expect(status()).toBe('Front · 1 / 2');
  });

  it('shows a single view without controls, and says so when there is none', () => {
    const { unmount } = render(<StudioStage name="Ring" images={[image('front')]} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(status()).toBe('Front');
    unmount();
    render(<StudioStage name="Ring" images={[]} />);
    expect(screen.getByTestId('studio-stage').textContent).toBe('The studio images of this piece are being prepared.');
  });
});
