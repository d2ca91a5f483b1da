import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, fitViewBox, project, ringsToPath } from './projection';

describe('project', () => {
  it('maps the prime meridian at the equator to the middle of the width', () => {
    const p = project(0, 0);
    expect(p.x).toBeCloseTo(MAP_WIDTH / 2);
    expect(p.y).toBeCloseTo((84 / 142) * MAP_HEIGHT, 0);
  });

  it('puts Paris east of New York and north of Dubai', () => {
    const paris = project(2.35, 48.86);
    const newYork = project(-74, 40.7);
    const dubai = project(55.27, 25.2);
    expect(paris.x).toBeGreaterThan(newYork.x);
    expect(paris.y).toBeLessThan(dubai.y);
  });

  it('wraps longitudes and clamps latitudes to the cropped world', () => {
    expect(project(190, 0).x).toBeCloseTo(project(-170, 0).x);
    expect(project(0, 89).y).toBe(0);
    expect(project(0, -80).y).toBe(MAP_HEIGHT);
  });
});

describe('fitViewBox', () => {
  it('shows the whole world when there is nothing to frame', () => {
    expect(fitViewBox([])).toEqual({ x: 0, y: 0, width: MAP_WIDTH, height: MAP_HEIGHT });
  });

  it('frames every point with its margin, at the map aspect ratio, inside the world', () => {
    const points = [project(2.35, 48.86), project(9.19, 45.46), project(-0.12, 51.5)];
    const view = fitViewBox(points, { margin: 20, minWidth: 100 });
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(view.x + 20 - 1e-9);
      expect(p.x).toBeLessThanOrEqual(view.x + view.width - 20 + 1e-9);
      expect(p.y).toBeGreaterThanOrEqual(view.y);
      expect(p.y).toBeLessThanOrEqual(view.y + view.height);
    }
    expect(view.width / view.height).toBeCloseTo(MAP_WIDTH / MAP_HEIGHT);
    expect(view.x).toBeGreaterThanOrEqual(0);
    expect(view.y).toBeGreaterThanOrEqual(0);
  });

  it('never zooms in closer than the minimum width for a single boutique', () => {
    expect(fitViewBox([project(2.35, 48.86)], { margin: 5, minWidth: 200 }).width).toBe(200);
  });
});

describe('ringsToPath', () => {
  it('draws one closed subpath per ring', () => {
    const square: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    const d = ringsToPath([[square]]);
    expect(d.match(/M/g)).toHaveLength(1);
    expect(d.endsWith('Z')).toBe(true);
  });

  it('unwraps a ring crossing the antimeridian instead of painting a band across the map', () => {
    const ring: [number, number][] = [
      [170, 65],
      [179, 65],
      [-179, 66],
      [-170, 66],
      [170, 65],
    ];
    const xs = ringsToPath([[ring]])
      .replace(/[MZ]/g, '')
      .split('L')
      .map((pair) => Number(pair.split(',')[0]));
    // Consecutive points never jump more than a few map units.
    for (let i = 1; i < xs.length; i += 1) expect(Math.abs(xs[i]! - xs[i - 1]!)).toBeLessThan(100);
  });

  it('leaves out rings entirely below the crop (Antarctica)', () => {
    const ring: [number, number][] = [
      [0, -70],
      [10, -70],
      [10, -80],
      [0, -70],
    ];
    expect(ringsToPath([[ring]])).toBe('');
  });
});
