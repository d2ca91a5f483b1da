/**
 * The boutique map's world: spherical Web Mercator (conformal, so a country keeps its shape at
 * every zoom — France looks like France when zoomed to Paris), in "world units": the full circle of
 * longitude is WORLD_WIDTH units wide, y grows southwards. The world is cropped to the latitudes
 * where people live; the atlas (atlas/world-atlas-plugin.ts) is projected at build time with d3-geo's
 * geoMercator at the very same scale and translation, so a boutique placed with `project` sits on
 * the coast the atlas draws (projection.test.ts holds the two together).
 */
export const WORLD_WIDTH = 1000;
export const LAT_TOP = 78;
export const LAT_BOTTOM = -56;
/** d3-geo's `geoMercator().scale(MERCATOR_SCALE).translate([WORLD_WIDTH / 2, WORLD_WIDTH / 2])`. */
export const MERCATOR_SCALE = WORLD_WIDTH / (2 * Math.PI);

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const mercatorY = (latitude: number) => WORLD_WIDTH / 2 - MERCATOR_SCALE * Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));

/** The cropped world, in world units. */
export const WORLD: Rect = { x0: 0, y0: mercatorY(LAT_TOP), x1: WORLD_WIDTH, y1: mercatorY(LAT_BOTTOM) };

export function project(longitude: number, latitude: number): Point {
  const lon = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const lat = Math.max(-85, Math.min(85, latitude));
  return { x: ((lon + 180) / 360) * WORLD_WIDTH, y: mercatorY(lat) };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}
