/**
 * The editor's map, drawn offline: an equirectangular projection (longitude → x, latitude → y)
 * of Natural Earth's countries (world-atlas), cropped to the inhabited latitudes. Pure functions,
 * so the map and the typed coordinates go through the same arithmetic both ways.
 */
export const MAP_WIDTH = 1000;
export const LAT_TOP = 84;
export const LAT_BOTTOM = -58;
export const MAP_HEIGHT = (MAP_WIDTH * (LAT_TOP - LAT_BOTTOM)) / 360;

export interface Point {
  x: number;
  y: number;
}

export interface LonLat {
  longitude: number;
  latitude: number;
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type Ring = readonly (readonly [number, number])[];
export type Polygon = readonly Ring[];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Longitude brought into [-180, 180). */
export function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** Map units of a point; latitudes beyond the crop sit on its edge. Longitudes are not wrapped (rings crossing ±180 stay continuous). */
export function project(longitude: number, latitude: number): Point {
  return {
    x: ((longitude + 180) / 360) * MAP_WIDTH,
    y: ((LAT_TOP - clamp(latitude, LAT_BOTTOM, LAT_TOP)) / (LAT_TOP - LAT_BOTTOM)) * MAP_HEIGHT,
  };
}

/** The coordinates under a map point (the inverse of `project`), rounded to `decimals` (4 ≈ 11 m). */
export function unproject({ x, y }: Point, decimals = 4): LonLat {
  const factor = 10 ** decimals;
  const round = (value: number) => Math.round(value * factor) / factor || 0;
  const longitude = wrapLongitude((clamp(x, 0, MAP_WIDTH) / MAP_WIDTH) * 360 - 180);
  const latitude = LAT_TOP - (clamp(y, 0, MAP_HEIGHT) / MAP_HEIGHT) * (LAT_TOP - LAT_BOTTOM);
  return { longitude: round(longitude), latitude: round(latitude) };
}

/** A point given in the SVG's viewBox, from its place inside the element's on-screen box (the SVG keeps the view's aspect ratio). */
export function viewPointAt(
  view: ViewBox,
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Point {
  return {
    x: view.x + ((clientX - box.left) / box.width) * view.width,
    y: view.y + ((clientY - box.top) / box.height) * view.height,
  };
}

/** The view that frames the bounds with a margin, at the map's aspect ratio, never narrower than `minWidth`, inside the world. */
export function viewOfBounds(bounds: Bounds, { margin = 0.15, minWidth = 12 } = {}): ViewBox {
  const aspect = MAP_WIDTH / MAP_HEIGHT;
  const a = project(bounds.west, bounds.north);
  const b = project(bounds.east, bounds.south);
  const spanX = Math.abs(b.x - a.x);
  const spanY = Math.abs(b.y - a.y);
  let width = Math.max(spanX * (1 + 2 * margin), spanY * (1 + 2 * margin) * aspect, minWidth);
  width = Math.min(width, MAP_WIDTH);
  const height = Math.min(width / aspect, MAP_HEIGHT);
  const cx = (a.x + b.x) / 2;
  const cy = (a.y + b.y) / 2;
  return {
    x: clamp(cx - width / 2, 0, MAP_WIDTH - width),
    y: clamp(cy - height / 2, 0, MAP_HEIGHT - height),
    width,
    height,
  };
}

/** About `spanDegrees` of longitude centred on a point: the city view. */
export function viewAround(point: LonLat, spanDegrees = 6): ViewBox {
  const width = (spanDegrees / 360) * MAP_WIDTH;
  const height = width / (MAP_WIDTH / MAP_HEIGHT);
  const centre = project(point.longitude, point.latitude);
  return {
    x: clamp(centre.x - width / 2, 0, MAP_WIDTH - width),
    y: clamp(centre.y - height / 2, 0, MAP_HEIGHT - height),
    width,
    height,
  };
}

export const WORLD_VIEW: ViewBox = { x: 0, y: 0, width: MAP_WIDTH, height: MAP_HEIGHT };

/**
 * Rings that cross the antimeridian are unwrapped (continued past ±180) so they do not jump across
 * the map. Returns the longitudes as drawn.
 */
export function unwrapRing(ring: Ring): [number, number][] {
  const out: [number, number][] = [];
  let shift = 0;
  let previous: number | null = null;
  for (const [rawLon, lat] of ring) {
    if (previous !== null && Math.abs(rawLon + shift - previous) > 180) shift += rawLon + shift > previous ? -360 : 360;
    const lon = rawLon + shift;
    previous = lon;
    out.push([lon, lat]);
  }
  return out;
}

/** An SVG path of polygons; points closer than `tolerance` map units are dropped. */
export function polygonsToPath(polygons: readonly Polygon[], tolerance = 0.25): string {
  const parts: string[] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      if (ring.every(([, lat]) => lat < LAT_BOTTOM)) continue;
      let last: Point | null = null;
      const points: string[] = [];
      for (const [lon, lat] of unwrapRing(ring)) {
        const p = project(lon, lat);
        if (last && Math.hypot(p.x - last.x, p.y - last.y) < tolerance) continue;
        points.push(`${p.x.toFixed(2)},${p.y.toFixed(2)}`);
        last = p;
      }
      if (points.length >= 3) parts.push(`M${points.join('L')}Z`);
    }
  }
  return parts.join('');
}

/** Ray casting on raw longitude/latitude (fine away from the poles and the antimeridian). */
export function ringContains(ring: Ring, { longitude, latitude }: LonLat): boolean {
  let isInside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) isInside = !isInside;
  }
  return isInside;
}

/** Inside the outer ring and outside its holes. */
export function polygonsContain(polygons: readonly Polygon[], point: LonLat): boolean {
  return polygons.some((polygon) => {
    const [outer, ...holes] = polygon;
    return !!outer && ringContains(outer, point) && !holes.some((hole) => ringContains(hole, point));
  });
}

/**
 * The bounds of the country's largest polygon (its mainland: France without its overseas
 * departments, the United States without Alaska), in unwrapped longitudes.
 */
export function mainlandBounds(polygons: readonly Polygon[]): Bounds | null {
  let best: { area: number; bounds: Bounds } | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer || outer.length < 3) continue;
    const ring = unwrapRing(outer);
    const lons = ring.map(([lon]) => lon);
    const lats = ring.map(([, lat]) => lat);
    const bounds = { west: Math.min(...lons), east: Math.max(...lons), south: Math.min(...lats), north: Math.max(...lats) };
    const area = (bounds.east - bounds.west) * (bounds.north - bounds.south);
    if (!best || area > best.area) best = { area, bounds };
  }
  return best?.bounds ?? null;
}

/** Bounds grown to take in a point (a boutique on an island still shows with its country). */
export function extendBounds(bounds: Bounds, { longitude, latitude }: LonLat): Bounds {
  return {
    west: Math.min(bounds.west, longitude),
    east: Math.max(bounds.east, longitude),
    south: Math.min(bounds.south, latitude),
    north: Math.max(bounds.north, latitude),
  };
}

/** Typed coordinates, if both are numbers in range. */
export function validCoordinates(latitude: unknown, longitude: unknown): LonLat | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return null;
  return { latitude, longitude };
}
