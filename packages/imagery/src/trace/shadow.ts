/**
 * The soft shadow a piece casts on the paper it rests on (or hangs in front of). The piece is seen
 * from the paper: for each cell of a grid, how far above the paper its lowest surface is. Two terms
 * make the shadow: ambient occlusion from the surfaces close to the paper (the dark contact line
 * under a shank, a chain) and a broad, faint penumbra of the whole piece under the overhead light.
 */
import type { Bvh, Hit } from './bvh.js';

const CELLS = 200;

export class Shadow {
  private readonly grid: Float32Array;
  private readonly u0: number;
  private readonly v0: number;
  private readonly cell: number;
  private readonly n: number;
  /** index of the paper's normal axis (floor: y, wall: z) and of the two axes along it */
  private readonly na: number;
  private readonly ua: number;
  private readonly va: number;

  constructor(bvh: Bvh, support: 'floor' | 'wall', min: number[], max: number[], size: number) {
    this.na = support === 'floor' ? 1 : 2;
    this.ua = 0;
    this.va = support === 'floor' ? 2 : 1;
    const margin = size * 0.35;
    const uSpan = max[this.ua]! - min[this.ua]! + 2 * margin;
    const vSpan = max[this.va]! - min[this.va]! + 2 * margin;
    this.cell = Math.max(uSpan, vSpan) / CELLS;
    this.n = CELLS;
    this.u0 = (min[this.ua]! + max[this.ua]!) / 2 - (CELLS * this.cell) / 2;
    this.v0 = (min[this.va]! + max[this.va]!) / 2 - (CELLS * this.cell) / 2;
    const n = this.n;
    // height of the lowest surface above each cell (Infinity: nothing)
    const height = new Float32Array(n * n).fill(Infinity);
    const hit: Hit = { t: 0, tri: 0, u: 0, v: 0 };
    const o = [0, 0, 0];
    const d = [0, 0, 0];
    d[this.na] = 1;
    const base = min[this.na]! - 1e-3 * size;
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        o[this.ua] = this.u0 + (i + 0.5) * this.cell;
        o[this.va] = this.v0 + (j + 0.5) * this.cell;
        o[this.na] = base;
        if (bvh.intersect(o[0]!, o[1]!, o[2]!, d[0]!, d[1]!, d[2]!, 0, Infinity, hit))
          height[j * n + i] = Math.max(0, hit.t - (min[this.na]! - base));
      }
    // contact occlusion: each low cell darkens the paper around it as a small patch of ceiling
    // would (form factor h² / π(s² + h²)²), counted up to three times its height away
    const near = size * 0.12;
    const occ = new Float32Array(n * n);
    const area = this.cell * this.cell;
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const h = Math.max(height[j * n + i]!, this.cell * 0.5);
        if (!(h < near)) continue;
        const fade = 1 - h / near;
        const r = Math.min(40, Math.ceil((3 * h) / this.cell));
        const h2 = h * h;
        for (let y = Math.max(0, j - r); y <= Math.min(n - 1, j + r); y++)
          for (let x = Math.max(0, i - r); x <= Math.min(n - 1, i + r); x++) {
            const s2 = ((x - i) ** 2 + (y - j) ** 2) * area;
            const dd = s2 + h2;
            occ[y * n + x] = occ[y * n + x]! + (fade * area * h2) / (Math.PI * dd * dd);
          }
      }
    // penumbra: the piece's footprint blurred wide, a little behind (the key light is in front)
    let cover: Float32Array = new Float32Array(n * n);
    for (let k = 0; k < n * n; k++) cover[k] = Number.isFinite(height[k]!) ? 1 : 0;
    const radius = Math.max(1, Math.round((size * 0.05) / this.cell));
    for (let pass = 0; pass < 3; pass++) cover = boxBlur(cover, n, radius);
    const shiftCells = Math.round((size * 0.03) / this.cell);
    this.grid = new Float32Array(n * n);
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const sj = j + shiftCells;
        const c = sj >= 0 && sj < n ? cover[sj * n + i]! : 0;
        this.grid[j * n + i] = (1 - 0.72 * Math.min(1, occ[j * n + i]!)) * (1 - 0.3 * c);
      }
  }

  /** The light left on the paper at a point of it (1: unshadowed). */
  at(x: number, y: number, z: number): number {
    const p = [x, y, z];
    const fu = (p[this.ua]! - this.u0) / this.cell - 0.5;
    const fv = (p[this.va]! - this.v0) / this.cell - 0.5;
    const n = this.n;
    if (fu < 0 || fv < 0 || fu >= n - 1 || fv >= n - 1) return 1;
    const i = Math.floor(fu);
    const j = Math.floor(fv);
    const a = fu - i;
    const b = fv - j;
    const g = this.grid;
    const k = j * n + i;
    return (g[k]! * (1 - a) + g[k + 1]! * a) * (1 - b) + (g[k + n]! * (1 - a) + g[k + n + 1]! * a) * b;
  }
}

function boxBlur(src: Float32Array, n: number, r: number): Float32Array {
  // three passes of a box are close to a Gaussian
  const tmp = new Float32Array(n * n);
  const out = new Float32Array(n * n);
  const w = 2 * r + 1;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let i = -r; i <= r; i++) s += src[j * n + Math.min(n - 1, Math.max(0, i))]!;
    for (let i = 0; i < n; i++) {
      tmp[j * n + i] = s / w;
      s += src[j * n + Math.min(n - 1, i + r + 1)]! - src[j * n + Math.max(0, i - r)]!;
    }
  }
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = -r; j <= r; j++) s += tmp[Math.min(n - 1, Math.max(0, j)) * n + i]!;
    for (let j = 0; j < n; j++) {
      out[j * n + i] = s / w;
      s += tmp[Math.min(n - 1, j + r + 1) * n + i]! - tmp[Math.max(0, j - r) * n + i]!;
    }
  }
  return out;
}
