/**
 * Faceted stones in millimetres, true to their cut: a round brilliant with a 57 % table, a 34.5°
 * crown and a 40.8° pavilion (61 % deep); fancy brilliants (oval, pear, marquise, cushion,
 * princess) on their own outline and length/width ratio; step cuts (emerald, asscher, baguette)
 * in rows of parallel facets; cabochons and pearls smooth. Local frame: girdle centre at the
 * origin, table towards +Y, the stone's length along +Z (a pear's point, a marquise's tips).
 */
import { LatheGeometry, SphereGeometry, Vector2 } from 'three';
import { stoneFamily } from '../palette.js';
import type { Cut } from '../stones.js';
import { facetMesh, fromGeometry, type MeshData, type V3 } from './mesh';

export type { Cut };

/** Round brilliant proportions (Tolkowsky-like, as most well-cut stones are graded). */
export const BRILLIANT = {
  table: 0.57,
  crownAngleDeg: 34.5,
  pavilionAngleDeg: 40.8,
  girdle: 0.03,
  /** of the girdle radius: how far the star facets and lower halves reach */
  star: 0.5,
  lowerHalf: 0.77,
} as const;

interface Shape {
  /** length / width */
  ratio: number;
  /** total depth / width */
  depth: number;
  /** the trade's weight factor: carat = L × W × depth(mm) × k for a diamond */
  k: number;
}

const SHAPES: Record<Cut, Shape> = {
  round: { ratio: 1, depth: 0.61, k: 0.0061 },
  oval: { ratio: 1.35, depth: 0.6, k: 0.0062 },
  pear: { ratio: 1.6, depth: 0.6, k: 0.006 },
  marquise: { ratio: 2, depth: 0.6, k: 0.0058 },
  cushion: { ratio: 1.1, depth: 0.66, k: 0.0081 },
  princess: { ratio: 1, depth: 0.72, k: 0.0083 },
  step: { ratio: 1.45, depth: 0.65, k: 0.009 },
  cabochon: { ratio: 1.25, depth: 0.5, k: 0.0065 },
};

/** Specific gravity: a carat of sapphire is smaller than a carat of diamond, a carat of emerald larger. */
const DENSITY: Record<string, number> = {
  diamond: 3.52,
  sapphire: 4.0,
  ruby: 4.0,
  emerald: 2.72,
  aquamarine: 2.7,
  morganite: 2.8,
  tanzanite: 3.35,
  spinel: 3.6,
  tsavorite: 3.61,
  amethyst: 2.65,
  topaz: 3.53,
  citrine: 2.65,
  garnet: 3.9,
  tourmaline: 3.06,
  peridot: 3.34,
  opal: 2.1,
  onyx: 2.65,
  turquoise: 2.7,
  pearl: 2.7,
  'mother-of-pearl': 2.7,
  'lapis lazuli': 2.8,
  malachite: 3.9,
  chalcedony: 2.6,
};

export function densityOf(stoneType: string): number {
  return DENSITY[stoneFamily(stoneType)] ?? 3.0;
}

export interface StoneDims {
  cut: Cut;
  /** along the stone's north (+Z) */
  length: number;
  /** across (X) */
  width: number;
  crown: number;
  girdle: number;
  pavilion: number;
  /** step cuts: the corner chamfer, as a fraction of the width */
  corner: number;
}

export const depthOf = (d: StoneDims) => d.crown + d.girdle + d.pavilion;

/** Step cuts differ by ratio: asscher square, emerald 1.45, baguette long. */
export function stepRatioOf(cutText: string): number {
  if (/asscher|square emerald/i.test(cutText)) return 1;
  if (/baguette/i.test(cutText)) return 2.6;
  return SHAPES.step.ratio;
}

/**
 * A stone's dimensions from its weight: the diamond formula corrected by the stone's density.
 * 1 ct round brilliant diamond → 6.45 mm.
 */
export function stoneDims(cut: Cut, carat: number, stoneType = 'diamond', cutText = ''): StoneDims {
  const shape = SHAPES[cut];
  const ratio = cut === 'step' ? stepRatioOf(cutText) : shape.ratio;
  const k = cut === 'step' ? shape.k * (0.92 + 0.08 * ratio) : shape.k;
  const diamondEquivalent = Math.max(0.005, carat) * (DENSITY.diamond! / densityOf(stoneType));
  const width = Math.cbrt(diamondEquivalent / (ratio * shape.depth * k));
  return dimsFor(cut, width, ratio);
}

/** Dimensions of a stone of a given width (melee, pavé: set by size, not weight). */
export function dimsFor(cut: Cut, width: number, ratio = SHAPES[cut].ratio): StoneDims {
  const shape = SHAPES[cut];
  const depth = shape.depth * width;
  if (cut === 'cabochon') return { cut, length: width * ratio, width, crown: depth, girdle: 0, pavilion: 0, corner: 0 };
  if (cut === 'step') {
    const crown = 0.12 * width;
    const girdle = 0.03 * width;
    return {
      cut,
      length: width * ratio,
      width,
      crown,
      girdle,
      pavilion: depth - crown - girdle,
      corner: ratio > 2 ? 0 : ratio < 1.1 ? 0.22 : 0.15,
    };
  }
  const r = width / 2;
  const crown = (1 - BRILLIANT.table) * r * Math.tan((BRILLIANT.crownAngleDeg * Math.PI) / 180);
  const girdle = BRILLIANT.girdle * width;
  return { cut, length: width * ratio, width, crown, girdle, pavilion: depth - crown - girdle, corner: 0 };
}

/** Carat weight of a round diamond of diameter d (mm): the inverse of `stoneDims`. */
export function caratOfRound(diameter: number): number {
  return diameter * diameter * diameter * SHAPES.round.depth * SHAPES.round.k;
}

// ---------------------------------------------------------------- outlines

type P2 = [number, number];

/** The girdle outline in the XZ plane, centred on its bounding box, `n` points counter-clockwise from +X. */
function outlinePolygon(d: StoneDims, n = 192): P2[] {
  const raw: P2[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    switch (d.cut) {
      case 'cushion': {
        const p = 3.4;
        const k = Math.pow(Math.pow(Math.abs(c), p) + Math.pow(Math.abs(s), p), -1 / p);
        raw.push([c * k, s * k]);
        break;
      }
      case 'princess': {
        const p = 14;
        const k = Math.pow(Math.pow(Math.abs(c), p) + Math.pow(Math.abs(s), p), -1 / p);
        raw.push([c * k, s * k]);
        break;
      }
      case 'pear': {
        // a round end (south) drawn out to a point (north), convex all round
        const x = Math.sin(t) * Math.pow(Math.abs(Math.sin(t / 2)), 0.75);
        raw.push([x, Math.cos(t)]);
        break;
      }
      case 'marquise': {
        // two circular arcs meeting in points at ±Z
        const z = Math.cos(t);
        const w = Math.sqrt(Math.max(0, 1.5625 - z * z)) - 0.75;
        raw.push([Math.sign(s) * w, z]);
        break;
      }
      case 'step': {
        raw.push([c, s]);
        break;
      }
      default:
        raw.push([c, s]);
    }
  }
  if (d.cut === 'step') return octagon(d.width / 2, d.length / 2, d.corner * d.width);
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  for (const [x, z] of raw) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
  }
  const sx = d.width / (maxX - minX);
  const sz = d.length / (maxZ - minZ);
  const cx = (maxX + minX) / 2;
  const cz = (maxZ + minZ) / 2;
  return raw.map(([x, z]) => [(x - cx) * sx, (z - cz) * sz]);
}

/** Rectangle with cut corners: half-width hx, half-length hz, corner chamfer c. */
function octagon(hx: number, hz: number, c: number): P2[] {
  return [
    [hx, -hz + c],
    [hx, hz - c],
    [hx - c, hz],
    [-hx + c, hz],
    [-hx, hz - c],
    [-hx, -hz + c],
    [-hx + c, -hz],
    [hx - c, -hz],
  ];
}

/** Distance from the centre to the outline along angle `a` (from +X towards +Z). */
function rayHit(poly: P2[], a: number): number {
  const dx = Math.cos(a);
  const dz = Math.sin(a);
  let best = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    const ex = q[0] - p[0];
    const ez = q[1] - p[1];
    const den = dx * ez - dz * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = (p[0] * ez - p[1] * ex) / den;
    const u = (p[0] * dz - p[1] * dx) / den;
    if (t > 0 && u >= -1e-9 && u <= 1 + 1e-9) best = Math.max(best, t);
  }
  return best;
}

const outlineCache = new Map<string, P2[]>();
function outlineOf(d: StoneDims): P2[] {
  const key = `${d.cut}|${d.width}|${d.length}|${d.corner}`;
  let poly = outlineCache.get(key);
  if (!poly) {
    poly = outlinePolygon(d);
    if (outlineCache.size > 200) outlineCache.clear();
    outlineCache.set(key, poly);
  }
  return poly;
}

/** The girdle point (local frame, y = 0) at angle `a` — where prongs and collets hold the stone. */
export function girdlePoint(d: StoneDims, a: number): V3 {
  const r = rayHit(outlineOf(d), a);
  return [Math.cos(a) * r, 0, Math.sin(a) * r];
}

// ---------------------------------------------------------------- meshes

/** The stone's mesh in its local frame (see the file comment). */
export function stoneMesh(d: StoneDims): MeshData {
  if (d.cut === 'cabochon') return cabochonMesh(d);
  if (d.cut === 'step') return stepMesh(d);
  return brilliantMesh(d);
}

function brilliantMesh(d: StoneDims): MeshData {
  const poly = outlineOf(d);
  const sub = d.cut === 'round' ? 1 : 2;
  const G = 32 * sub; // girdle vertices: 8 mains × 4
  const step = (Math.PI * 2) / 8;
  const g2 = d.girdle / 2;
  const at = (a: number, k: number, y: number): V3 => {
    const r = rayHit(poly, a) * k;
    return [Math.cos(a) * r, y, Math.sin(a) * r];
  };
  // heights grow linearly with the distance from the girdle (k = 1) towards the table or the culet (k = 0)
  const crownY = (k: number) => g2 + ((1 - k) / (1 - BRILLIANT.table)) * d.crown;
  const pavY = (k: number) => -g2 - (1 - k) * d.pavilion;
  const ga = (j: number) => (j * Math.PI * 2) / G;
  const girdleTop = (j: number) => at(ga(j), 1, g2);
  const girdleBottom = (j: number) => at(ga(j), 1, -g2);
  const kt = BRILLIANT.table;
  const ks = kt * Math.cos(Math.PI / 8) + BRILLIANT.star * (1 - kt * Math.cos(Math.PI / 8));
  const T = (i: number) => at(i * step, kt, crownY(kt));
  const S = (i: number) => at((i + 0.5) * step, ks, crownY(ks));
  const kl = 1 - BRILLIANT.lowerHalf;
  const L = (i: number) => at((i + 0.5) * step, kl, pavY(kl));
  const culet: V3 = [0, pavY(0), 0];
  const faces: V3[][] = [];
  const q = G / 8; // girdle vertices per main
  faces.push(Array.from({ length: 8 }, (_, i) => T(i)));
  for (let i = 0; i < 8; i++) {
    faces.push([T(i + 1), T(i), S(i)]); // star
    faces.push([T(i), S(i - 1), girdleTop(q * i), S(i)].reverse()); // bezel (kite)
    const half = q / 2;
    faces.push([S(i), ...Array.from({ length: half + 1 }, (_, j) => girdleTop(q * i + j))].reverse()); // upper girdle halves
    faces.push([S(i), ...Array.from({ length: half + 1 }, (_, j) => girdleTop(q * i + half + j))].reverse());
    faces.push([culet, L(i - 1), girdleBottom(q * i), L(i)]); // pavilion main
    faces.push([L(i), ...Array.from({ length: half + 1 }, (_, j) => girdleBottom(q * i + j))]); // lower girdle halves
    faces.push([L(i), ...Array.from({ length: half + 1 }, (_, j) => girdleBottom(q * i + half + j))]);
  }
  for (let j = 0; j < G; j++) faces.push([girdleBottom(j), girdleBottom(j + 1), girdleTop(j + 1), girdleTop(j)].reverse());
  return facetMesh(faces.map(orientOutward));
}

function stepMesh(d: StoneDims): MeshData {
  const hx = d.width / 2;
  const hz = d.length / 2;
  const c = d.corner * d.width;
  const ring = (inset: number, y: number): V3[] =>
    octagon(hx - inset, hz - inset, Math.max(0, c - inset * 0.414)).map(([x, z]) => [x, y, z] as V3);
  const g2 = d.girdle / 2;
  const tableInset = hx * 0.34;
  const crown = [0, 0.45, 0.78, 1].map((t) => ring(tableInset * t, g2 + d.crown * Math.pow(t, 0.8)));
  const keel = Math.min(hx, hz) * 0.92;
  const pav = [0, 0.4, 0.72, 1].map((t) => ring(keel * t, -g2 - d.pavilion * Math.pow(t, 0.85)));
  const faces: V3[][] = [];
  const band = (a: V3[], b: V3[]) => {
    for (let i = 0; i < a.length; i++) {
      const j = (i + 1) % a.length;
      faces.push([a[i]!, a[j]!, b[j]!, b[i]!]);
    }
  };
  for (let r = 0; r + 1 < crown.length; r++) band(crown[r]!, crown[r + 1]!);
  faces.push(crown[crown.length - 1]!);
  band(ring(0, -g2), ring(0, g2));
  for (let r = 0; r + 1 < pav.length; r++) band(pav[r]!, pav[r + 1]!);
  faces.push(pav[pav.length - 1]!);
  return facetMesh(faces.filter(nonDegenerate).map(orientOutward));
}

function cabochonMesh(d: StoneDims): MeshData {
  const pts: Vector2[] = [];
  const n = 16;
  for (let i = 0; i <= n; i++) {
    const t = (i / n) * (Math.PI / 2);
    pts.push(new Vector2(Math.max(1e-4, Math.cos(t) * 0.5), Math.sin(t) * d.crown));
  }
  pts.unshift(new Vector2(1e-4, 0));
  const geometry = new LatheGeometry(pts, 48);
  geometry.deleteAttribute('uv');
  geometry.scale(d.width, 1, d.length);
  geometry.computeVertexNormals();
  return fromGeometry(geometry);
}

/** A pearl: a sphere (diameter in mm). */
export function pearlMesh(diameter: number): MeshData {
  const geometry = new SphereGeometry(diameter / 2, 40, 28);
  geometry.deleteAttribute('uv');
  return fromGeometry(geometry);
}

/** Pearl diameter from weight: 2.7 g/cm³ (1 ct = 200 mg): 1 ct → 5.2 mm. */
export function pearlDiameter(carat: number): number {
  const mm3 = (Math.max(0.05, carat) * 200) / 2.7;
  return 2 * Math.cbrt((mm3 * 3) / (4 * Math.PI));
}

function nonDegenerate(f: V3[]): boolean {
  const uniq = f.filter((p, i) => i === 0 || Math.hypot(p[0] - f[i - 1]![0], p[1] - f[i - 1]![1], p[2] - f[i - 1]![2]) > 1e-6);
  return uniq.length >= 3;
}

/** Every facet wound to face away from the stone's centre line (the closed solid is convex). */
function orientOutward(face: V3[]): V3[] {
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (const p of face) {
    cx += p[0];
    cy += p[1];
    cz += p[2];
  }
  cx /= face.length;
  cy /= face.length;
  cz /= face.length;
  // the normal should point away from a point on the axis at the girdle
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < face.length; i++) {
    const a = face[i]!;
    const b = face[(i + 1) % face.length]!;
    nx += (a[1] - b[1]) * (a[2] + b[2]);
    ny += (a[2] - b[2]) * (a[0] + b[0]);
    nz += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return nx * cx + ny * cy + nz * cz >= 0 ? face : [...face].reverse();
}
