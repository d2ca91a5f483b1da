import type { Point } from '../projection';

export interface Marker extends Point {
  id: string;
}

export interface Cluster extends Point {
  /** The members' ids, sorted: the cluster's identity. */
  ids: string[];
}

/**
 * Markers closer than `radius` pixels on screen are drawn as one cluster. Greedy from west to east
 * (stable: the same markers at the same zoom always give the same clusters): a marker joins the
 * first cluster whose first marker lies within the radius, else starts its own. The cluster sits at
 * its members' mean.
 */
export function clusterMarkers(markers: readonly Marker[], radius: number): Cluster[] {
  const sorted = [...markers].sort((a, b) => a.x - b.x || a.y - b.y || a.id.localeCompare(b.id));
  const groups: { seed: Point; members: Marker[] }[] = [];
  for (const marker of sorted) {
    const group = groups.find(({ seed }) => Math.hypot(seed.x - marker.x, seed.y - marker.y) < radius);
    if (group) group.members.push(marker);
    else groups.push({ seed: marker, members: [marker] });
  }
  return groups.map(({ members }) => ({
    ids: members.map((m) => m.id).sort(),
    x: members.reduce((sum, m) => sum + m.x, 0) / members.length,
    y: members.reduce((sum, m) => sum + m.y, 0) / members.length,
  }));
}

/**
 * Where the members of a cluster that no zoom separates (two boutiques a street apart) stand once
 * the cluster is opened: around its centre, from the top, clockwise, `spacing` pixels apart at least.
 */
export function spreadAround(center: Point, count: number, { radius = 34, spacing = 34 } = {}): Point[] {
  const r = Math.max(radius, (count * spacing) / (2 * Math.PI));
  return Array.from({ length: count }, (_, i) => {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / count;
    return { x: center.x + r * Math.cos(angle), y: center.y + r * Math.sin(angle) };
  });
}

/** "Paris", "London and Paris", "Antwerp, London and Paris" — distinct, in the order given. */
export function listCities(cities: readonly string[]): string {
  const distinct = [...new Set(cities)];
  if (distinct.length <= 1) return distinct[0] ?? '';
  return `${distinct.slice(0, -1).join(', ')} and ${distinct.at(-1)}`;
}

/** A cluster's accessible name: "3 boutiques in Paris". */
export function clusterName(cities: readonly string[]): string {
  return `${cities.length} boutiques in ${listCities(cities)}`;
}

/** A cluster's visible label: its city, or two cities, or the first two and how many more. */
export function clusterLabel(cities: readonly string[]): string {
  const distinct = [...new Set(cities)];
  if (distinct.length <= 2) return distinct.join(' · ');
  return `${distinct.slice(0, 2).join(' · ')} · +${distinct.length - 2}`;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Labels placed in priority order: each takes the first of its candidate boxes that lies within
 * `bounds` (the frame) and overlaps nothing placed before it (nor any `obstacles`), or is left out. Returns the index of the chosen candidate
 * per label, or -1.
 */
export function placeLabels(candidates: readonly (readonly Box[])[], obstacles: readonly Box[] = [], bounds?: Box): number[] {
  const placed: Box[] = [...obstacles];
  const inside = (box: Box) => !bounds || (box.x0 >= bounds.x0 && box.y0 >= bounds.y0 && box.x1 <= bounds.x1 && box.y1 <= bounds.y1);
  return candidates.map((boxes) => {
    const index = boxes.findIndex((box) => inside(box) && !placed.some((other) => overlaps(box, other)));
    if (index >= 0) placed.push(boxes[index]!);
    return index;
  });
}
