import { describe, expect, it } from 'vitest';
import { WORLD, WORLD_WIDTH, project } from '../projection';
import {
  CITY_ZOOM,
  MAX_ZOOM,
  clampView,
  fitView,
  interpolateView,
  levelIndexFor,
  panBy,
  tilesIn,
  toScreen,
  toWorld,
  visibleRect,
  zoomAt,
} from './view';

const size = { width: 800, height: 640 };
const paris = project(2.3294, 48.8674);
const milan = project(9.1953, 45.4686);
const london = project(-0.1443, 51.5118);

describe('screen and world', () => {
  it('are inverse of each other', () => {
    const view = { cx: 480, cy: 330, k: 7 };
    const p = toWorld(toScreen(paris, view, size), view, size);
    expect(p.x).toBeCloseTo(paris.x);
    expect(p.y).toBeCloseTo(paris.y);
  });

  it('zoom 1 fits the world width into the frame', () => {
    const rect = visibleRect(clampView({ cx: 500, cy: 400, k: 1 }, size), size);
    expect(rect.x1 - rect.x0).toBeCloseTo(WORLD_WIDTH);
  });
});

describe('fitView', () => {
  it('frames every point inside the padding', () => {
    const view = fitView([paris, milan, london], size, { padding: 50 });
    for (const p of [paris, milan, london]) {
      const s = toScreen(p, view, size);
      expect(s.x).toBeGreaterThanOrEqual(50 - 1e-6);
      expect(s.x).toBeLessThanOrEqual(size.width - 50 + 1e-6);
      expect(s.y).toBeGreaterThanOrEqual(50 - 1e-6);
      expect(s.y).toBeLessThanOrEqual(size.height - 50 + 1e-6);
    }
  });

  it('zooms no closer than the city zoom on one boutique (its country stays in view)', () => {
    const view = fitView([paris], size);
    expect(view.k).toBe(CITY_ZOOM);
    const rect = visibleRect(view, size);
    // France, Brest to Strasbourg.
    expect(rect.x0).toBeLessThan(project(-4.5, 48.4).x);
    expect(rect.x1).toBeGreaterThan(project(7.75, 48.58).x);
  });

  it('shows the whole world when there is nothing to frame', () => {
    expect(fitView([], size).k).toBe(1);
  });
});

describe('zoom and pan', () => {
  it('zooming keeps the point under the pointer in place', () => {
    const view = { cx: 500, cy: 350, k: 3 };
    const anchor = toScreen(paris, view, size);
    const next = zoomAt(view, size, 2, anchor);
    expect(next.k).toBe(6);
    const after = toScreen(paris, next, size);
    expect(after.x).toBeCloseTo(anchor.x);
    expect(after.y).toBeCloseTo(anchor.y);
  });

  it('keeps the zoom within bounds and the frame on the world', () => {
    expect(zoomAt({ cx: 500, cy: 350, k: 40 }, size, 10, { x: 400, y: 320 }).k).toBe(MAX_ZOOM);
    expect(zoomAt({ cx: 500, cy: 350, k: 1.5 }, size, 0.1, { x: 400, y: 320 }).k).toBe(1);
    const far = panBy({ cx: 500, cy: 350, k: 4 }, size, 100000, 100000);
    const rect = visibleRect(far, size);
    expect(rect.x0).toBeCloseTo(WORLD.x0);
    expect(rect.y0).toBeCloseTo(WORLD.y0);
  });

  it('interpolates the zoom geometrically and ends on the target', () => {
    const a = { cx: 100, cy: 300, k: 1 };
    const b = { cx: 500, cy: 400, k: 16 };
    expect(interpolateView(a, b, 0.5).k).toBeCloseTo(4);
    expect(interpolateView(a, b, 1)).toEqual(b);
  });
});

describe('levels and tiles', () => {
  const levels = [{ minZoom: 1 }, { minZoom: 3 }, { minZoom: 9 }];

  it('draws the finest level the zoom allows', () => {
    expect(levelIndexFor(levels, 1)).toBe(0);
    expect(levelIndexFor(levels, 2.9)).toBe(0);
    expect(levelIndexFor(levels, 3)).toBe(1);
    expect(levelIndexFor(levels, CITY_ZOOM)).toBe(2);
  });

  it('fetches only the tiles in the frame', () => {
    const tiles = [
      { rect: [0, 0, 50, 50] as const, url: 'a' },
      { rect: [450, 320, 506, 370] as const, url: 'b' },
      { rect: [506, 320, 560, 370] as const, url: 'c' },
    ];
    const view = fitView([paris], size);
    expect(tilesIn(tiles, visibleRect(view, size)).map((t) => t.url)).toEqual(['b', 'c']);
  });
});
