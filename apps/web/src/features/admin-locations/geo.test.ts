import { describe, expect, it } from 'vitest';
import {
  LAT_BOTTOM,
  LAT_TOP,
  MAP_HEIGHT,
  MAP_WIDTH,
  WORLD_VIEW,
  mainlandBounds,
  polygonsContain,
  polygonsToPath,
  project,
  unproject,
  validCoordinates,
  viewAround,
  viewOfBounds,
  viewPointAt,
  type Polygon,
} from './geo';

describe('coordinates ↔ map', () => {
  it('projects the corners and the centre of the cropped world', () => {
    expect(project(-180, LAT_TOP)).toEqual({ x: 0, y: 0 });
    expect(project(180, LAT_BOTTOM)).toEqual({ x: MAP_WIDTH, y: MAP_HEIGHT });
    expect(project(0, 0).x).toBe(MAP_WIDTH / 2);
    // Beyond the crop a point sits on its edge.
    expect(project(0, 89).y).toBe(0);
  });

  it('round-trips typed coordinates through the map to 4 decimals', () => {
    for (const [longitude, latitude] of [
      [2.3292, 48.8675],
      [-73.9747, 40.7624],
      [139.7649, 35.6717],
      [-58.3816, -34.6037],
      [179.9999, 0],
    ] as const) {
      expect(unproject(project(longitude, latitude))).toEqual({ longitude, latitude });
    }
  });

  it('turns a click inside the element into the coordinates under it, at any zoom', () => {
    const box = { left: 100, top: 50, width: 800, height: (800 * MAP_HEIGHT) / MAP_WIDTH };
    // The world view: the centre of the element is 0° E and the middle latitude of the crop.
    const centre = unproject(viewPointAt(WORLD_VIEW, box, 100 + 400, 50 + box.height / 2));
    expect(centre).toEqual({ longitude: 0, latitude: (LAT_TOP + LAT_BOTTOM) / 2 });
    // Zoomed on Paris, a click in the middle gives Paris back, and a pixel is a few hundred metres.
    const paris = { longitude: 2.3522, latitude: 48.8566 };
    const view = viewAround(paris, 5);
    const hit = unproject(viewPointAt(view, box, 100 + 400, 50 + box.height / 2), 3);
    expect(hit.longitude).toBeCloseTo(paris.longitude, 2);
    expect(hit.latitude).toBeCloseTo(paris.latitude, 2);
    const nextPixel = unproject(viewPointAt(view, box, 100 + 401, 50 + box.height / 2), 5);
    expect(nextPixel.longitude - hit.longitude).toBeLessThan(0.01);
  });

  it('clamps clicks to the world and wraps longitudes', () => {
    expect(unproject({ x: -20, y: -20 })).toEqual({ longitude: -180, latitude: LAT_TOP });
    expect(unproject({ x: MAP_WIDTH, y: MAP_HEIGHT }).longitude).toBe(-180);
  });

  it('accepts only complete, in-range coordinates', () => {
    expect(validCoordinates(48.8, 2.3)).toEqual({ latitude: 48.8, longitude: 2.3 });
    expect(validCoordinates(Number.NaN, 2.3)).toBeNull();
    expect(validCoordinates(91, 2.3)).toBeNull();
    expect(validCoordinates(10, -181)).toBeNull();
    expect(validCoordinates('48', 2)).toBeNull();
  });
});

describe('framing', () => {
  it('keeps the map’s aspect ratio and stays inside the world', () => {
    const france = viewOfBounds({ west: -5, east: 8, south: 42, north: 51 });
    expect(france.width / france.height).toBeCloseTo(MAP_WIDTH / MAP_HEIGHT, 6);
    expect(france.x).toBeGreaterThanOrEqual(0);
    const c = project(1.5, 46.5);
    expect(c.x).toBeGreaterThan(france.x);
    expect(c.x).toBeLessThan(france.x + france.width);
    const corner = viewAround({ longitude: -179, latitude: 83.5 }, 10);
    expect(corner.x).toBe(0);
    expect(corner.y).toBe(0);
  });

  it('finds the country under a point, holes excluded, and its mainland', () => {
    const square = (w: number, s: number, e: number, n: number) =>
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ] as [number, number][];
    const country: Polygon[] = [[square(0, 40, 10, 50), square(4, 44, 6, 46)], [square(50, -21, 51, -20)]];
    expect(polygonsContain(country, { longitude: 2, latitude: 48 })).toBe(true);
    expect(polygonsContain(country, { longitude: 5, latitude: 45 })).toBe(false);
    expect(polygonsContain(country, { longitude: 50.5, latitude: -20.5 })).toBe(true);
    expect(polygonsContain(country, { longitude: 20, latitude: 45 })).toBe(false);
    expect(mainlandBounds(country)).toEqual({ west: 0, east: 10, south: 40, north: 50 });
  });

  it('draws a ring crossing the antimeridian without a band across the map', () => {
    const ring: [number, number][] = [
      [178, 60],
      [-178, 60],
      [-178, 65],
      [178, 65],
      [178, 60],
    ];
    const xs = polygonsToPath([[ring]])
      .replace(/[MZ]/g, '')
      .split('L')
      .map((p) => Number(p.split(',')[0]));
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(20);
  });
});
