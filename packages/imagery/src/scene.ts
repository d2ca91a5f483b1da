/**
 * A tiny "3D-lite" scene: flat-shaded polygons projected with an orthographic camera and drawn
 * back to front (painter's algorithm), plus free-form 2D SVG fragments, all placed in layers.
 * Everything is deterministic: no Math.random, no dates.
 */

/** A point or direction in the scene's world space. */
export type Vec3 = readonly [number, number, number];

export const v = (x: number, y: number, z: number): Vec3 => [x, y, z];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const mul = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const norm = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

export const clamp = (x: number, lo = 0, hi = 1): number => (x < lo ? lo : x > hi ? hi : x);
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
/** Hermite ease between two edges (GLSL's smoothstep). */
export const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = clamp((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

/** Deterministic PRNG (mulberry32) seeded from a string (FNV-1a). */
export function makeRng(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stable hash of a few numbers to [0,1) — used for per-facet "internal reflection" noise. */
export function hashToUnit(...n: number[]): number {
  let h = 2166136261;
  for (const x of n) {
    h ^= Math.round(x * 1000) | 0;
    h = Math.imul(h, 16777619);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

/** A coordinate as the SVG prints it: one decimal, never `-0` (the markup stays short and stable). */
export const svgNumber = (n: number): string => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};
/** The same at two decimals, for the small strokes and facets one decimal would visibly snap. */
export const svgNumberFine = (n: number): string => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Orthographic camera looking down at `elevation` radians; world z is up, y towards the viewer. */
export class Camera {
  readonly s: number;
  readonly c: number;
  /** Direction from the scene towards the camera. */
  readonly toCam: Vec3;
  readonly up: Vec3;
  constructor(
    readonly elevation: number,
    readonly ox: number,
    readonly oy: number,
    readonly scale = 1,
  ) {
    this.s = Math.sin(elevation);
    this.c = Math.cos(elevation);
    this.toCam = [0, this.c, this.s];
    this.up = [0, -this.s, this.c];
  }
  /** Screen X, screen Y and depth (bigger = nearer the camera). */
  project(p: Vec3): [number, number, number] {
    return [this.ox + this.scale * p[0], this.oy + this.scale * (p[1] * this.s - p[2] * this.c), p[1] * this.c + p[2] * this.s];
  }
  /** World vector → camera space (x right, y up, z towards the camera). */
  toCamSpace(n: Vec3): Vec3 {
    return [n[0], dot(n, this.up), dot(n, this.toCam)];
  }
}

export interface Item {
  layer: number;
  depth: number;
  svg: string;
}

export class Scene {
  readonly items: Item[] = [];
  readonly defs: string[] = [];
  private ids = 0;
  uid(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }
  add(layer: number, depth: number, svg: string): void {
    this.items.push({ layer, depth, svg });
  }
  /** A flat polygon in screen space. */
  poly(layer: number, depth: number, pts: readonly (readonly [number, number])[], fill: string, seam = 0.5): void {
    const p = pts.map(([x, y]) => `${svgNumber(x)},${svgNumber(y)}`).join(' ');
    const stroke = seam > 0 ? ` stroke="${fill}" stroke-width="${seam}" stroke-linejoin="round"` : '';
    this.add(layer, depth, `<polygon points="${p}" fill="${fill}"${stroke}/>`);
  }
  /** Same, with 2-decimal precision (small stones). */
  polyFine(layer: number, depth: number, pts: readonly (readonly [number, number])[], fill: string, seam = 0.25): void {
    const p = pts.map(([x, y]) => `${svgNumberFine(x)},${svgNumberFine(y)}`).join(' ');
    const stroke = seam > 0 ? ` stroke="${fill}" stroke-width="${seam}" stroke-linejoin="round"` : '';
    this.add(layer, depth, `<polygon points="${p}" fill="${fill}"${stroke}/>`);
  }
  body(): string {
    const sorted = this.items.map((it, i) => ({ it, i })).sort((a, b) => a.it.layer - b.it.layer || a.it.depth - b.it.depth || a.i - b.i);
    return sorted.map((s) => s.it.svg).join('');
  }
}
