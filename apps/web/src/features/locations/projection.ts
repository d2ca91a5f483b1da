/**
 * Equirectangular projection for the offline boutique map. The world is cropped to the latitudes
 * where people live (Antarctica and the high Arctic add nothing but height).
 */
export const MAP_WIDTH = 1000;
export const LAT_TOP = 84;
export const LAT_BOTTOM = -58;
export const MAP_HEIGHT = Math.round((MAP_WIDTH * (LAT_TOP - LAT_BOTTOM)) / 360);

export interface Point {
  x: number;
  y: number;
}

export function project(longitude: number, latitude: number): Point {
  const lat = Math.max(LAT_BOTTOM, Math.min(LAT_TOP, latitude));
  const lon = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return {
    x: ((lon + 180) / 360) * MAP_WIDTH,
    y: ((LAT_TOP - lat) / (LAT_TOP - LAT_BOTTOM)) * MAP_HEIGHT,
  };
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The view that frames every point with a margin, at the map's aspect ratio, never smaller than
 * `minWidth` (so a single boutique still shows its region) and never outside the world.
 */
export function fitViewBox(points: readonly Point[], { margin = 40, minWidth = 220, aspect = MAP_WIDTH / MAP_HEIGHT } = {}): ViewBox {
  if (points.length === 0) return { x: 0, y: 0, width: MAP_WIDTH, height: MAP_HEIGHT };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs) - margin;
  const maxX = Math.max(...xs) + margin;
  const minY = Math.min(...ys) - margin;
  const maxY = Math.max(...ys) + margin;
  let width = Math.max(maxX - minX, minWidth, (maxY - minY) * aspect);
  width = Math.min(width, MAP_WIDTH);
  const height = Math.min(width / aspect, MAP_HEIGHT);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const x = Math.max(0, Math.min(MAP_WIDTH - width, cx - width / 2));
  const y = Math.max(0, Math.min(MAP_HEIGHT - height, cy - height / 2));
  return { x, y, width, height };
}

/** An SVG path for polygons of [lon, lat] rings, dropping points closer than `tolerance` map units. */
export function ringsToPath(polygons: readonly (readonly (readonly [number, number])[])[][], tolerance = 0.6): string {
  const parts: string[] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      // Antarctica lies wholly below the crop.
      if (ring.every(([, lat]) => lat < LAT_BOTTOM)) continue;
      let last: Point | null = null;
      let prevLon: number | null = null;
      let shift = 0;
      const pts: string[] = [];
      for (const [rawLon, lat] of ring) {
        // Rings that cross the antimeridian are unwrapped (continued past ±180) instead of
        // jumping across the map, which would paint a band over the whole width.
        if (prevLon !== null && Math.abs(rawLon + shift - prevLon) > 180) shift += rawLon + shift > prevLon ? -360 : 360;
        const lon = rawLon + shift;
        prevLon = lon;
        const p = { x: ((lon + 180) / 360) * MAP_WIDTH, y: project(0, lat).y };
        if (last && Math.hypot(p.x - last.x, p.y - last.y) < tolerance) continue;
        pts.push(`${p.x.toFixed(1)},${p.y.toFixed(1)}`);
        last = p;
      }
      if (pts.length >= 3) parts.push(`M${pts.join('L')}Z`);
    }
  }
  return parts.join('');
}
