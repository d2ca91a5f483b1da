import type { AtlasLevel } from '../atlas/atlas-types';
import { WORLD, WORLD_WIDTH, intersects, type Point, type Rect } from '../projection';

/**
 * What the map shows: the world point at the centre of the frame (world units) and the zoom `k`
 * (1 = the world's width fills the frame's width).
 */
export interface View {
  cx: number;
  cy: number;
  k: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 48;
/** The zoom of a city: about 20° of longitude across, its country drawn whole around it. */
export const CITY_ZOOM = 18;

/** Pixels per world unit. */
export const scaleOf = (view: View, size: Size) => (view.k * size.width) / WORLD_WIDTH;

/** The part of the world in the frame, in world units. */
export function visibleRect(view: View, size: Size): Rect {
  const s = scaleOf(view, size);
  const hw = size.width / 2 / s;
  const hh = size.height / 2 / s;
  return { x0: view.cx - hw, y0: view.cy - hh, x1: view.cx + hw, y1: view.cy + hh };
}

export function toScreen(p: Point, view: View, size: Size): Point {
  const s = scaleOf(view, size);
  return { x: (p.x - view.cx) * s + size.width / 2, y: (p.y - view.cy) * s + size.height / 2 };
}

export function toWorld(p: Point, view: View, size: Size): Point {
  const s = scaleOf(view, size);
  return { x: (p.x - size.width / 2) / s + view.cx, y: (p.y - size.height / 2) / s + view.cy };
}

/** The zoom within its bounds, and the frame kept on the world (centred on it where it is wider). */
export function clampView(view: View, size: Size): View {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k));
  const s = (k * size.width) / WORLD_WIDTH;
  const hw = size.width / 2 / s;
  const hh = size.height / 2 / s;
  const fit = (c: number, half: number, lo: number, hi: number) =>
    hi - lo <= 2 * half ? (lo + hi) / 2 : Math.min(hi - half, Math.max(lo + half, c));
  return { k, cx: fit(view.cx, hw, WORLD.x0, WORLD.x1), cy: fit(view.cy, hh, WORLD.y0, WORLD.y1) };
}

/** Zoom by `factor` keeping the world point under `anchor` (pixels in the frame) where it is. */
export function zoomAt(view: View, size: Size, factor: number, anchor: Point): View {
  const a = toWorld(anchor, view, size);
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k * factor));
  const s = (k * size.width) / WORLD_WIDTH;
  return clampView({ k, cx: a.x - (anchor.x - size.width / 2) / s, cy: a.y - (anchor.y - size.height / 2) / s }, size);
}

export function panBy(view: View, size: Size, dx: number, dy: number): View {
  const s = scaleOf(view, size);
  return clampView({ ...view, cx: view.cx - dx / s, cy: view.cy - dy / s }, size);
}

/** The view that frames every point, `padding` pixels in from the edges, zoomed in `maxZoom` at most. */
export function fitView(points: readonly Point[], size: Size, { padding = 48, maxZoom = CITY_ZOOM } = {}): View {
  if (points.length === 0) return clampView({ k: MIN_ZOOM, cx: WORLD_WIDTH / 2, cy: (WORLD.y0 + WORLD.y1) / 2 }, size);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const innerW = Math.max(1, size.width - 2 * padding);
  const innerH = Math.max(1, size.height - 2 * padding);
  // Pixels per unit that fit both spans, as a zoom.
  const s = Math.min(x1 > x0 ? innerW / (x1 - x0) : Infinity, y1 > y0 ? innerH / (y1 - y0) : Infinity);
  const k = Math.min(maxZoom, (s * WORLD_WIDTH) / size.width);
  return clampView({ k, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2 }, size);
}

/** Between two views: the zoom geometric (a steady feel), the centre linear. */
export function interpolateView(a: View, b: View, t: number): View {
  return { k: a.k * (b.k / a.k) ** t, cx: a.cx + (b.cx - a.cx) * t, cy: a.cy + (b.cy - a.cy) * t };
}

/** The finest level drawn at zoom `k` (levels coarsest first). */
export function levelIndexFor(levels: readonly Pick<AtlasLevel, 'minZoom'>[], k: number): number {
  let index = 0;
  levels.forEach((level, i) => {
    if (level.minZoom <= k) index = i;
  });
  return index;
}

/** The tiles of a level that the frame shows. */
export function tilesIn<T extends { rect: readonly [number, number, number, number] }>(tiles: readonly T[], rect: Rect): T[] {
  return tiles.filter(({ rect: [x0, y0, x1, y1] }) => intersects({ x0, y0, x1, y1 }, rect));
}
