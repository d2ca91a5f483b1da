/**
 * The geometry of an oval brilliant from its specification (features/catalog/new-cut.ts), for the
 * drawings of the new-cut page: the facet outlines face up (crown) and face down (pavilion), the profile
 * across the width, and the proportions the figures print — one source, so what is drawn is what is
 * written.
 *
 * An oval brilliant is the round brilliant's facet plan stretched along the length: 33 crown facets
 * (table, 8 stars, 8 bezels, 16 upper girdle facets) and 24 on the pavilion (8 mains, 16 lower girdle
 * facets), no culet. Units: the stone's width is 1; x runs along the length, y across the width, z up
 * from the bottom of the girdle. Heights follow a cone through each facet ring (exact at the bezels and
 * the pavilion mains, where the angles are measured).
 */
import type { CutSpec } from './new-cut';

export type Point = readonly [number, number];

export type FacetKind = 'table' | 'star' | 'bezel' | 'upper-girdle' | 'pavilion-main' | 'lower-girdle';

/** A facet vertex: its angle around the stone (0 = the end of the length) and its distance out (girdle = 1). */
export interface Polar {
  angle: number;
  r: number;
}

export interface Facet {
  kind: FacetKind;
  vertices: Polar[];
}

export interface Proportions {
  /** In % of the width. */
  table: number;
  crownHeight: number;
  girdle: number;
  pavilionDepth: number;
  totalDepth: number;
  /** Length in % of the width. */
  length: number;
}

const STEP = Math.PI / 4;
const HALF = Math.PI / 8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The eight main directions: bezels and pavilion mains point there (the ends of the length and the width, and between). */
const mains = Array.from({ length: 8 }, (_, k) => k * STEP);

/** Where a point of the plan lies, face up: on the ellipse of semi-axes length/2 and 1/2. */
export function planPoint(spec: CutSpec, { angle, r }: Polar): Point {
  return [(r * Math.cos(angle) * spec.lengthToWidth) / 2, (r * Math.sin(angle)) / 2];
}

/** Table corners sit on the mains; the stars reach `starLength` of the way from a table edge's middle to the girdle. */
function crownRadii(spec: CutSpec): { table: number; star: number } {
  const table = spec.tablePercent / 100;
  const edgeMiddle = table * Math.cos(HALF);
  return { table, star: edgeMiddle + spec.starLength * (1 - edgeMiddle) };
}

export function crownFacets(spec: CutSpec): Facet[] {
  const { table, star } = crownRadii(spec);
  const facets: Facet[] = [{ kind: 'table', vertices: mains.map((angle) => ({ angle, r: table })) }];
  for (const a of mains) {
    facets.push({
      kind: 'star',
      vertices: [
        { angle: a, r: table },
        { angle: a + STEP, r: table },
        { angle: a + HALF, r: star },
      ],
    });
    facets.push({
      kind: 'bezel',
      vertices: [
        { angle: a, r: table },
        { angle: a - HALF, r: star },
        { angle: a, r: 1 },
        { angle: a + HALF, r: star },
      ],
    });
    facets.push({
      kind: 'upper-girdle',
      vertices: [
        { angle: a + HALF, r: star },
        { angle: a, r: 1 },
        { angle: a + HALF, r: 1 },
      ],
    });
    facets.push({
      kind: 'upper-girdle',
      vertices: [
        { angle: a + HALF, r: star },
        { angle: a + HALF, r: 1 },
        { angle: a + STEP, r: 1 },
      ],
    });
  }
  return facets;
}

export function pavilionFacets(spec: CutSpec): Facet[] {
  const lower = 1 - spec.lowerHalfLength;
  const facets: Facet[] = [];
  for (const a of mains) {
    facets.push({
      kind: 'pavilion-main',
      vertices: [
        { angle: 0, r: 0 },
        { angle: a - HALF, r: lower },
        { angle: a, r: 1 },
        { angle: a + HALF, r: lower },
      ],
    });
    facets.push({
      kind: 'lower-girdle',
      vertices: [
        { angle: a + HALF, r: lower },
        { angle: a, r: 1 },
        { angle: a + HALF, r: 1 },
      ],
    });
    facets.push({
      kind: 'lower-girdle',
      vertices: [
        { angle: a + HALF, r: lower },
        { angle: a + HALF, r: 1 },
        { angle: a + STEP, r: 1 },
      ],
    });
  }
  return facets;
}

/** Heights in width units: crown above the girdle, pavilion below it, measured across the width. */
function heights(spec: CutSpec): { crown: number; girdle: number; pavilion: number } {
  const table = spec.tablePercent / 100;
  return {
    crown: ((1 - table) / 2) * Math.tan(rad(spec.crownAngle)),
    girdle: spec.girdlePercent / 100,
    pavilion: 0.5 * Math.tan(rad(spec.pavilionAngle)),
  };
}

export function proportions(spec: CutSpec): Proportions {
  const h = heights(spec);
  return {
    table: spec.tablePercent,
    crownHeight: round1(h.crown * 100),
    girdle: round1(h.girdle * 100),
    pavilionDepth: round1(h.pavilion * 100),
    totalDepth: round1((h.crown + h.girdle + h.pavilion) * 100),
    length: round1(spec.lengthToWidth * 100),
  };
}

export interface Profile {
  /** The silhouette across the width: girdle, crown up to the table, pavilion down to the point. */
  outline: Point[];
  /** Edges of the facets turned towards the viewer (who looks along the length), as [from, to]. */
  edges: [Point, Point][];
  /** Key levels, z: top of the table, top and bottom of the girdle, the culet. */
  levels: { table: number; girdleTop: number; girdleBottom: number; culet: number };
  tableHalfWidth: number;
}

/** The stone seen from the end of its length: horizontal = across the width (−½ … ½), vertical = z. */
export function profile(spec: CutSpec): Profile {
  const h = heights(spec);
  const table = spec.tablePercent / 100;
  const crownZ = (r: number) => h.girdle + (h.crown * (1 - r)) / (1 - table);
  const pavilionZ = (r: number) => -h.pavilion * (1 - r);
  const top = h.girdle + h.crown;
  const project = (p: Polar, z: number): Point => [(p.r * Math.sin(p.angle)) / 2, z];
  const edges: [Point, Point][] = [];
  const seen = new Set<string>();
  const facing = (f: Facet) => f.vertices.reduce((sum, v) => sum + v.r * Math.cos(v.angle), 0) > 1e-9;
  const add = (facets: Facet[], z: (r: number) => number) => {
    for (const facet of facets.filter(facing)) {
      const points = facet.vertices.map((v) => project(v, z(v.r)));
      points.forEach((from, i) => {
        const to = points[(i + 1) % points.length]!;
        const key = [from, to]
          .map((p) => p.map((n) => n.toFixed(4)).join(','))
          .sort()
          .join('|');
        if (!seen.has(key)) {
          seen.add(key);
          edges.push([from, to]);
        }
      });
    }
  };
  add(
    crownFacets(spec).filter((f) => f.kind !== 'table'),
    crownZ,
  );
  add(pavilionFacets(spec), pavilionZ);
  return {
    outline: [
      [-0.5, 0],
      [-0.5, h.girdle],
      [-table / 2, top],
      [table / 2, top],
      [0.5, h.girdle],
      [0.5, 0],
      [0, -h.pavilion],
    ],
    edges,
    levels: { table: top, girdleTop: h.girdle, girdleBottom: 0, culet: -h.pavilion },
    tableHalfWidth: table / 2,
  };
}

export const FACET_COUNT = { crown: 33, pavilion: 24 } as const;
