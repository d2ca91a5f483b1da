import type { Image } from '@mirror/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Turntable } from './turntable';

const images: Image[] = [
  { url: '/media/a.webp', variant: 'front', alt: 'Givre front', width: 800, height: 1000, srcset: [] },
  { url: '/media/b.webp', variant: 'detail', alt: 'Givre detail', width: 800, height: 1000, srcset: [] },
];

describe('Turntable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('without WebGL shows the studio images and says why, and fetches no model', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<Turntable productId="p1" name="Givre Band" metal="PLATINUM" images={images} />);
    expect(await screen.findByText('Your browser cannot show this piece in 3D: here are its studio images.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Views of Givre Band' })).toBeTruthy();
    expect(screen.queryByTestId('turntable-canvas')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
