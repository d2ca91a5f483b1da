import type { Image } from '@mirror/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const scene = vi.hoisted(() => ({
  create: vi.fn(),
  load: vi.fn(() => Promise.resolve()),
}));

vi.mock('./scene', () => ({
  createTurntableScene: (canvas: HTMLCanvasElement, options: { autoRotate: boolean; onFirstFrame?: () => void }) => {
    scene.create(options);
    return {
      load: (...args: unknown[]) => scene.load(...(args as [])).then(() => options.onFirstFrame?.()),
      rotate: vi.fn(),
      setAutoRotate: vi.fn(),
      dispose: vi.fn(),
    };
  },
}));

const images: Image[] = [
  { url: '/media/a.webp', variant: 'front', alt: 'Givre front', width: 800, height: 1000, srcset: [] },
  { url: '/media/b.webp', variant: 'detail', alt: 'Givre detail', width: 800, height: 1000, srcset: [] },
];

/** WebGL drawn on a GPU, or in software (a context only with the major performance caveat accepted). */
function graphics(kind: 'hardware' | 'software') {
  const gl = { RENDERER: 0x1f01, getExtension: () => null, getParameter: () => 'WebKit WebGL' };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((_type: string, attributes?: WebGLContextAttributes) =>
    kind === 'software' && attributes?.failIfMajorPerformanceCaveat ? null : gl) as never);
}

/** The page has loaded and been idle once (lib/after-load: its fallback is a 200 ms timer). */
async function afterIdle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
}

/** The component with fresh modules: what the browser can do is read once per page (module state). */
async function freshTurntable() {
  vi.resetModules();
  return (await import('./turntable')).Turntable;
}

describe('Turntable', () => {
  beforeEach(() => {
    scene.create.mockClear();
    scene.load.mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('without WebGL shows the studio images and says why, and fetches no model', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const Turntable = await freshTurntable();
    render(<Turntable productId="p1" name="Givre Band" metal="PLATINUM" images={images} />);
    expect(await screen.findByText('Your browser cannot show this piece in 3D: here are its studio images.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Views of Givre Band' })).toBeTruthy();
    expect(screen.queryByTestId('turntable-canvas')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('on a GPU starts once the page is idle, turning by itself', async () => {
    graphics('hardware');
    const Turntable = await freshTurntable();
    render(<Turntable productId="p1" name="Givre Band" metal="PLATINUM" images={images} />);
    const stage = screen.getByTestId('turntable-stage');
    await afterIdle();
    await waitFor(() => expect(scene.create).toHaveBeenCalledWith(expect.objectContaining({ autoRotate: true })));
    await waitFor(() => expect(stage.dataset.state).toBe('ready'));
    expect(scene.load).toHaveBeenCalledWith('/api/products/p1/model.glb', expect.any(Function), expect.any(AbortSignal));
    expect(stage.dataset.autoRotate).toBe('true');
    expect(stage.dataset.graphics).toBe('hardware');
    expect(screen.queryByTestId('turntable-hint')).toBeNull();
  });

  it('drawn in software waits, on its still, to be asked; a touch starts it, not turning by itself', async () => {
    graphics('software');
    const Turntable = await freshTurntable();
    render(<Turntable productId="p1" name="Givre Band" metal="PLATINUM" images={images} />);
    const stage = screen.getByTestId('turntable-stage');
    await afterIdle();
    expect(stage.dataset.state).toBe('waiting');
    expect(stage.dataset.graphics).toBe('software');
    expect(screen.getByTestId('turntable-hint').textContent).toBe('Drag to turn in 3D');
    expect(screen.queryByTestId('turntable-progress')).toBeNull();
    expect(scene.create).not.toHaveBeenCalled();

    fireEvent.pointerDown(stage);
    await waitFor(() => expect(scene.create).toHaveBeenCalledWith(expect.objectContaining({ autoRotate: false })));
    await waitFor(() => expect(stage.dataset.state).toBe('ready'));
    expect(stage.dataset.autoRotate).toBe('false');
    expect(screen.queryByTestId('turntable-hint')).toBeNull();
  });

  it('drawn in software, picking a metal asks for the scene in that metal', async () => {
    graphics('software');
    const Turntable = await freshTurntable();
    render(<Turntable productId="p1" name="Givre Band" metal="PLATINUM" images={images} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Rose gold' }));
    await waitFor(() =>
      expect(scene.load).toHaveBeenCalledWith('/api/products/p1/model.glb?metal=ROSE_GOLD', expect.any(Function), expect.any(AbortSignal)),
    );
    expect(scene.create).toHaveBeenCalledTimes(1);
  });
});
