import { geoMercator } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { MERCATOR_SCALE, WORLD, WORLD_WIDTH, project } from './projection';

describe('project', () => {
  it('is the projection the atlas is built with (d3-geo geoMercator at the map scale)', () => {
    const d3 = geoMercator()
      .scale(MERCATOR_SCALE)
      .translate([WORLD_WIDTH / 2, WORLD_WIDTH / 2]);
    for (const [lon, lat] of [
      [2.3294, 48.8674],
      [-73.9739, 40.7629],
      [139.765, 35.6717],
      [-58.4, -34.6],
    ] as const) {
      const [x, y] = d3([lon, lat])!;
      expect(project(lon, lat).x).toBeCloseTo(x, 6);
      expect(project(lon, lat).y).toBeCloseTo(y, 6);
    }
  });

  it('puts Paris east of New York, north of Dubai, inside the cropped world', () => {
    const paris = project(2.35, 48.86);
    expect(paris.x).toBeGreaterThan(project(-74, 40.7).x);
    expect(paris.y).toBeLessThan(project(55.27, 25.2).y);
    expect(paris.y).toBeGreaterThan(WORLD.y0);
    expect(paris.y).toBeLessThan(WORLD.y1);
  });

  it('keeps shapes: a degree of latitude at 49°N is as long on the map as a degree of longitude there', () => {
    const a = project(2, 48.5);
    const b = project(2, 49.5);
    const c = project(3, 49);
    const d = project(2, 49);
    // Mercator is conformal: 1° north ≈ 1° east × 1/cos(lat)... measured in the same units, equal lengths on the ground.
    const northPerKm = Math.abs(b.y - a.y) / 111.2;
    const eastPerKm = Math.abs(c.x - d.x) / (111.32 * Math.cos((49 * Math.PI) / 180));
    expect(northPerKm / eastPerKm).toBeCloseTo(1, 2);
  });

  it('wraps longitudes', () => {
    expect(project(190, 0).x).toBeCloseTo(project(-170, 0).x);
  });
});
