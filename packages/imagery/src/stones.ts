/**
 * Faceted stones as real (tiny) 3D meshes: a brilliant or step-cut crown/girdle/pavilion built on
 * the outline of the cut, projected by the scene camera, back-face culled and flat shaded.
 * Cabochons and pearls are smoothstep, so they are drawn with gradients instead.
 */
import { gemTone, hex, mix, studioEnv, type GemLook, type Rgb } from './palette.js';
import {
  type Camera,
  type Scene,
  type Vec3,
  add,
  clamp,
  cross,
  dot,
  svgNumber,
  svgNumberFine,
  hashToUnit,
  mul,
  norm,
  sub,
} from './scene.js';

export type Cut = 'round' | 'oval' | 'cushion' | 'pear' | 'marquise' | 'princess' | 'step' | 'cabochon';

export function normaliseCut(cut: string): Cut {
  const c = cut.toLowerCase();
  if (/cabochon|sugarloaf|bead/.test(c)) return 'cabochon';
  if (/emerald|step|asscher|baguette/.test(c)) return 'step';
  if (/princess|radiant|square/.test(c)) return 'princess';
  if (/marquise|navette/.test(c)) return 'marquise';
  if (/pear|drop|tear/.test(c)) return 'pear';
  if (/cushion|old mine/.test(c)) return 'cushion';
  if (/oval/.test(c)) return 'oval';
  return 'round';
}

type P2 = readonly [number, number];

/** Outline of a cut in unit space (x right, y "north"), max half-extent 1. */
function outline(cut: Cut, n = 96): P2[] {
  const pts: P2[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    switch (cut) {
      case 'oval':
        pts.push([0.7 * c, s]);
        break;
      case 'cushion': {
        const p = 3.2;
        const k = Math.pow(Math.pow(Math.abs(c), p) + Math.pow(Math.abs(s), p), -1 / p);
        pts.push([0.9 * c * k, s * k]);
        break;
      }
      case 'princess': {
        const k = 1 / Math.max(Math.abs(c), Math.abs(s));
        pts.push([0.9 * c * k, 0.9 * s * k]);
        break;
      }
      case 'pear': {
        // tear drop, point to +y (north)
        const u = t;
        const x = 0.74 * Math.sin(u) * Math.pow(Math.sin(u / 2), 1.1);
        const y = -Math.cos(u) * 1.0 + 0.12;
        pts.push([x, -y]);
        break;
      }
      case 'marquise': {
        // lens (intersection of two circles), points at ±y
        const y = Math.cos(t);
        const w = Math.sqrt(Math.max(0, 1.5625 - y * y)) - 0.75;
        pts.push([Math.sign(s) * w * 1.05, y]);
        break;
      }
      default:
        pts.push([c, s]);
    }
  }
  return pts;
}

/** Radius of a (star-shaped) outline along direction `a`, by ray/polygon intersection. */
function radiusAt(poly: P2[], a: number): number {
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  let best = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    const q = poly[(i + 1) % poly.length];
    if (!p || !q) continue;
    const ex = q[0] - p[0];
    const ey = q[1] - p[1];
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-9) continue;
    const t = (p[0] * ey - p[1] * ex) / den;
    const u = (p[0] * dy - p[1] * dx) / den;
    if (t > 0 && u >= -1e-6 && u <= 1 + 1e-6) best = Math.max(best, t);
  }
  return best || 1;
}

interface Facet {
  verts: Vec3[];
  kind: 'table' | 'crown' | 'girdle' | 'pav';
  id: number;
}

const meshCache = new Map<string, Facet[]>();

function polar(poly: P2[], a: number, f: number, z: number): Vec3 {
  const r = radiusAt(poly, a) * f;
  return [Math.cos(a) * r, Math.sin(a) * r, z];
}

function brilliantMesh(cut: Cut, simple: boolean): Facet[] {
  const poly = outline(cut);
  const facets: Facet[] = [];
  let id = 0;
  const N = simple ? 8 : 8;
  const g = 0.03; // half girdle thickness
  const hc = 0.3; // crown height
  const hp = 0.86; // pavilion depth
  const ft = 0.56;
  const fs = 0.8;
  const zs = g + (hc * (1 - fs)) / (1 - ft);
  const step = (Math.PI * 2) / N;
  const rot = cut === 'princess' ? Math.PI / 4 : Math.PI / 2; // a main facet at the north point
  const phi = (i: number) => rot + i * step;
  const T = (i: number) => polar(poly, phi(i), ft, g + hc);
  const S = (i: number) => polar(poly, phi(i) + step / 2, fs, zs);
  const G = (k: number, z = g) => polar(poly, rot + (k * step) / 2, 1, z);
  // outline samples between two girdle angles (to follow curved girdles)
  const arc = (k: number, z: number, sub = simple ? 1 : 3): Vec3[] => {
    const out: Vec3[] = [];
    for (let j = 0; j <= sub; j++) out.push(polar(poly, rot + ((k + j / sub) * step) / 2, 1, z));
    return out;
  };
  const table: Vec3[] = [];
  for (let i = 0; i < N; i++) table.push(T(i));
  facets.push({ verts: table, kind: 'table', id: id++ });
  for (let i = 0; i < N; i++) {
    facets.push({ verts: [T(i), T(i + 1), S(i)], kind: 'crown', id: id++ });
    facets.push({ verts: [T(i), S(i - 1), G(2 * i), S(i)], kind: 'crown', id: id++ });
    if (simple) {
      facets.push({ verts: [S(i), ...arc(2 * i, g, 2).slice(0, 2), ...arc(2 * i + 1, g, 1)], kind: 'crown', id: id++ });
    } else {
      facets.push({ verts: [S(i), ...arc(2 * i, g)], kind: 'crown', id: id++ });
      facets.push({ verts: [S(i), ...arc(2 * i + 1, g)], kind: 'crown', id: id++ });
    }
  }
  // girdle band
  const gs = simple ? 16 : 48;
  for (let k = 0; k < gs; k++) {
    const a0 = rot + (k / gs) * Math.PI * 2;
    const a1 = rot + ((k + 1) / gs) * Math.PI * 2;
    facets.push({
      verts: [polar(poly, a0, 1, g), polar(poly, a1, 1, g), polar(poly, a1, 1, -g), polar(poly, a0, 1, -g)],
      kind: 'girdle',
      id: id++,
    });
  }
  // pavilion: lower girdle facets + mains to the culet
  const C: Vec3 = [0, 0, -g - hp];
  for (let k = 0; k < 2 * N; k++) {
    const L0 = polar(poly, rot + (k * step) / 2, 0.45, -g - hp * 0.55);
    const L1 = polar(poly, rot + ((k + 1) * step) / 2, 0.45, -g - hp * 0.55);
    const a = arc(k, -g, simple ? 1 : 2);
    facets.push({ verts: [...a, L1, L0], kind: 'pav', id: id++ });
    facets.push({ verts: [L0, L1, C], kind: 'pav', id: id++ });
  }
  return facets;
}

function stepMesh(): Facet[] {
  const w = 0.72;
  const h = 1;
  const c = 0.2;
  const oct = (f: number, z: number): Vec3[] => {
    const W = w * f;
    const H = h * f;
    const C = c * f;
    return [
      [-W + C, -H, z],
      [W - C, -H, z],
      [W, -H + C, z],
      [W, H - C, z],
      [W - C, H, z],
      [-W + C, H, z],
      [-W, H - C, z],
      [-W, -H + C, z],
    ];
  };
  const facets: Facet[] = [];
  let id = 0;
  const g = 0.03;
  const ring = (a: Vec3[], b: Vec3[], kind: Facet['kind']) => {
    for (let i = 0; i < 8; i++) {
      const j = (i + 1) % 8;
      const a0 = a[i];
      const a1 = a[j];
      const b0 = b[i];
      const b1 = b[j];
      if (a0 && a1 && b0 && b1) facets.push({ verts: [a0, a1, b1, b0], kind, id: id++ });
    }
  };
  const crown: [number, number][] = [
    [1, g],
    [0.87, g + 0.09],
    [0.75, g + 0.17],
    [0.64, g + 0.23],
  ];
  for (let i = 0; i + 1 < crown.length; i++) {
    const a = crown[i];
    const b = crown[i + 1];
    if (a && b) ring(oct(a[0], a[1]), oct(b[0], b[1]), 'crown');
  }
  const last = crown[crown.length - 1] ?? [0.64, 0.26];
  facets.push({ verts: oct(last[0], last[1]), kind: 'table', id: id++ });
  ring(oct(1, -g), oct(1, g), 'girdle');
  const pav: [number, number][] = [
    [1, -g],
    [0.8, -g - 0.22],
    [0.6, -g - 0.42],
    [0.36, -g - 0.6],
  ];
  for (let i = 0; i + 1 < pav.length; i++) {
    const a = pav[i];
    const b = pav[i + 1];
    if (a && b) ring(oct(a[0], a[1]), oct(b[0], b[1]), 'pav');
  }
  facets.push({ verts: oct(0.36, -g - 0.6), kind: 'pav', id: id++ });
  return facets;
}

function mesh(cut: Cut, simple: boolean): Facet[] {
  const key = `${cut}:${simple}`;
  let m = meshCache.get(key);
  if (!m) {
    m = cut === 'step' ? stepMesh() : brilliantMesh(cut, simple);
    meshCache.set(key, m);
  }
  return m;
}

function newell(vs: Vec3[]): Vec3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (let i = 0; i < vs.length; i++) {
    const a = vs[i];
    const b = vs[(i + 1) % vs.length];
    if (!a || !b) continue;
    x += (a[1] - b[1]) * (a[2] + b[2]);
    y += (a[2] - b[2]) * (a[0] + b[0]);
    z += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return norm([x, y, z]);
}

export interface StonePose {
  /** world position of the girdle centre */
  at: Vec3;
  /** unit radius in world units (the outline's max half-extent) */
  size: number;
  /** stone "up" (out of the table) */
  up: Vec3;
  /** direction of the stone's north (long axis); will be orthogonalised against up */
  north: Vec3;
}

export interface StoneOpts {
  layer: number;
  /** added to all facet depths, to place the stone relative to other meshes in the same layer */
  depthBias?: number;
  simple?: boolean;
  seed?: number;
  /** draw the pavilion (side views); face-up stones in a setting skip it */
  pavilion?: boolean;
}

/** Screen-space ellipse-ish outline of the stone girdle (for settings/prongs). */
export function girdlePoint(cut: Cut, pose: StonePose, a: number): Vec3 {
  const poly = outline(cut === 'cabochon' ? 'oval' : cut, 48);
  const r = radiusAt(poly, a);
  const { U, Vn } = frame(pose);
  return add(pose.at, add(mul(U, Math.cos(a) * r * pose.size), mul(Vn, Math.sin(a) * r * pose.size)));
}

function frame(p: StonePose): { U: Vec3; Vn: Vec3; N: Vec3 } {
  const N = norm(p.up);
  const Vn = norm(sub(p.north, mul(N, dot(p.north, N))));
  const U = cross(Vn, N);
  return { U, Vn, N };
}

export function drawStone(scene: Scene, cam: Camera, look: GemLook, cut: Cut, pose: StonePose, o: StoneOpts): void {
  if (look.kind === 'pearl') {
    drawPearl(scene, cam, look, pose, o);
    return;
  }
  if (cut === 'cabochon' || look.opaque) {
    drawCabochon(scene, cam, look, cut === 'cabochon' ? 'oval' : cut, pose, o);
    return;
  }
  const { U, Vn, N } = frame(pose);
  const facets = mesh(cut, o.simple ?? false);
  const seed = o.seed ?? 0;
  const bias = o.depthBias ?? 0;
  const fine = pose.size * cam.scale < 40;
  const isDiamond = look.kind === 'diamond';
  for (const f of facets) {
    if (f.kind === 'pav' && o.pavilion === false) continue;
    const world = f.verts.map((p) => add(pose.at, add(mul(U, p[0] * pose.size), add(mul(Vn, p[1] * pose.size), mul(N, p[2] * pose.size)))));
    const ln = newell(f.verts);
    // orient outwards
    const cen = f.verts.reduce<Vec3>((acc, p) => add(acc, mul(p, 1 / f.verts.length)), [0, 0, 0]);
    const out = dot(ln, f.kind === 'girdle' ? [cen[0], cen[1], 0] : cen) < 0 ? mul(ln, -1) : ln;
    const wn = norm(add(mul(U, out[0]), add(mul(Vn, out[1]), mul(N, out[2]))));
    const nc = cam.toCamSpace(wn);
    if (nc[2] <= 0.01) continue;
    const r: Vec3 = [2 * nc[2] * nc[0], 2 * nc[2] * nc[1], 2 * nc[2] * nc[2] - 1];
    const env = studioEnv(r);
    const h = hashToUnit(f.id, seed, 7);
    const h2 = hashToUnit(f.id, seed, 13);
    let internal: number;
    if (isDiamond) internal = h < 0.26 ? 0.02 + 0.2 * h2 : h < 0.5 ? 0.45 + 0.25 * h2 : 0.86 + 0.24 * h2;
    else internal = h < 0.3 ? 0.12 + 0.2 * h2 : h < 0.74 ? 0.45 + 0.25 * h2 : 0.78 + 0.2 * h2;
    let x = 0.3 * env + 0.7 * internal - 0.08 * nc[0];
    if (f.kind === 'table') x = isDiamond ? 0.72 + 0.1 * h2 : 0.5 + 0.12 * h2;
    if (f.kind === 'girdle') x = isDiamond ? 0.55 + 0.25 * clamp(-nc[0] + 0.5) : 0.4 + 0.2 * clamp(-nc[0] + 0.5);
    if (f.kind === 'pav') x = x * 0.85;
    const col = gemTone(look, x);
    const pts = world.map((p) => cam.project(p));
    const depth = pts.reduce((a, p) => a + p[2], 0) / pts.length + bias;
    const sp = pts.map((p) => [p[0], p[1]] as const);
    if (fine) scene.polyFine(o.layer, depth, sp, hex(col), 0.3);
    else scene.poly(o.layer, depth, sp, hex(col), 0.5);
  }
  // pavilion "arrows" reflected in the table of brilliant cuts: soft dark wedges
  if (cut !== 'step' && !(o.simple ?? false)) {
    const tc = cam.project(add(pose.at, mul(N, pose.size * 0.33)));
    const wedge: string[] = [];
    for (let i = 0; i < 8; i++) {
      const a = (cut === 'princess' ? Math.PI / 4 : Math.PI / 2) + (i + 0.5) * (Math.PI / 4);
      const tip = girdlePoint(cut, pose, a);
      const tipUp = add(add(mul(sub(tip, pose.at), 0.5), pose.at), mul(N, pose.size * 0.33));
      const l = girdlePoint(cut, pose, a - 0.2);
      const rr = girdlePoint(cut, pose, a + 0.2);
      const lU = add(add(mul(sub(l, pose.at), 0.3), pose.at), mul(N, pose.size * 0.33));
      const rU = add(add(mul(sub(rr, pose.at), 0.3), pose.at), mul(N, pose.size * 0.33));
      const P = [tc, cam.project(lU), cam.project(tipUp), cam.project(rU)];
      wedge.push('M' + P.map((p) => `${svgNumberFine(p[0])} ${svgNumberFine(p[1])}`).join('L') + 'Z');
    }
    const tn = cam.toCamSpace(N);
    if (tn[2] > 0.2) {
      scene.add(
        o.layer,
        tc[2] + bias + pose.size * 0.5,
        `<path d="${wedge.join('')}" fill="${hex(gemTone(look, 0.1))}" opacity="${isDiamond ? 0.28 : 0.22}"/>`,
      );
    }
  }
}

function drawCabochon(scene: Scene, cam: Camera, look: GemLook, shape: Cut, pose: StonePose, o: StoneOpts): void {
  const { U, Vn, N } = frame(pose);
  const poly = outline(shape, 48);
  const dome = 0.55;
  const pts: [number, number][] = [];
  // silhouette = girdle outline union the dome's top outline (approximate with both, convex hull-ish)
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    if (!p) continue;
    const w = add(pose.at, add(mul(U, p[0] * pose.size), mul(Vn, p[1] * pose.size)));
    const s = cam.project(w);
    pts.push([s[0], s[1]]);
  }
  const top = cam.project(add(pose.at, mul(N, pose.size * dome)));
  const base = cam.project(pose.at);
  const lift = top[1] - base[1];
  // dome silhouette: move upper half of the outline up by the projected dome height
  const cy = base[1];
  const sil = pts.map(([x, y]) => [x, y < cy ? y + lift : y + lift * 0.25] as const);
  const id = scene.uid('cab');
  const b = look.base;
  const dark = mix(b, [0, 0, 0], 0.55);
  const lite = mix(b, [255, 255, 255], 0.35);
  scene.defs.push(
    `<radialGradient id="${id}" cx="0.42" cy="0.38" r="0.7"><stop offset="0" stop-color="${hex(lite)}"/><stop offset="0.45" stop-color="${hex(b)}"/><stop offset="1" stop-color="${hex(dark)}"/></radialGradient>`,
  );
  const d = 'M' + sil.map(([x, y]) => `${svgNumber(x)} ${svgNumber(y)}`).join('L') + 'Z';
  const xs = sil.map((p) => p[0]);
  const ys = sil.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const hgt = Math.max(...ys) - Math.min(...ys);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cyy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const depth = base[2] + (o.depthBias ?? 0);
  scene.add(
    o.layer,
    depth,
    `<path d="${d}" fill="url(#${id})"/>` +
      `<ellipse cx="${svgNumber(cx - w * 0.16)}" cy="${svgNumber(cyy - hgt * 0.2)}" rx="${svgNumber(w * 0.16)}" ry="${svgNumber(hgt * 0.09)}" fill="#fff" opacity="0.55" transform="rotate(-30 ${svgNumber(cx - w * 0.16)} ${svgNumber(cyy - hgt * 0.2)})"/>`,
  );
}

function drawPearl(scene: Scene, cam: Camera, look: GemLook, pose: StonePose, o: StoneOpts): void {
  const c = cam.project(add(pose.at, mul(norm(pose.up), pose.size * 0.9)));
  const r = pose.size * cam.scale;
  const id = pearlGradient(scene, look);
  const depth = c[2] + (o.depthBias ?? 0);
  scene.add(
    o.layer,
    depth,
    `<circle cx="${svgNumberFine(c[0])}" cy="${svgNumberFine(c[1])}" r="${svgNumberFine(r)}" fill="url(#${id}a)"/>` +
      `<circle cx="${svgNumberFine(c[0])}" cy="${svgNumberFine(c[1])}" r="${svgNumberFine(r)}" fill="url(#${id}b)"/>`,
  );
}

const pearlIds = new WeakMap<Scene, Map<string, string>>();
function pearlGradient(scene: Scene, look: GemLook): string {
  let m = pearlIds.get(scene);
  if (!m) {
    m = new Map();
    pearlIds.set(scene, m);
  }
  const key = hex(look.base) + hex(look.overtone);
  const have = m.get(key);
  if (have) return have;
  const id = scene.uid('prl');
  const b: Rgb = look.base;
  const dark = mix(b, [40, 36, 34], 0.45);
  const hi = mix(b, [255, 255, 255], 0.8);
  scene.defs.push(
    `<radialGradient id="${id}a" cx="0.4" cy="0.36" r="0.68" fx="0.36" fy="0.3"><stop offset="0" stop-color="${hex(hi)}"/><stop offset="0.3" stop-color="${hex(b)}"/><stop offset="0.72" stop-color="${hex(mix(b, look.overtone, 0.6))}"/><stop offset="1" stop-color="${hex(dark)}"/></radialGradient>` +
      `<radialGradient id="${id}b" cx="0.36" cy="0.3" r="0.2"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  m.set(key, id);
  return id;
}

/** A restrained four-point glint. */
export function sparkle(scene: Scene, layer: number, x: number, y: number, r: number, angle = 0): void {
  let id = glintIds.get(scene);
  if (!id) {
    id = scene.uid('gl');
    glintIds.set(scene, id);
    scene.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="0.25" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    );
  }
  const w = r * 0.055;
  const star = (R: number, W: number) =>
    `M${svgNumberFine(-R)} 0Q${svgNumberFine(-W)} ${svgNumberFine(-W)} 0 ${svgNumberFine(-R)}Q${svgNumberFine(W)} ${svgNumberFine(-W)} ${svgNumberFine(R)} 0Q${svgNumberFine(W)} ${svgNumberFine(W)} 0 ${svgNumberFine(R)}Q${svgNumberFine(-W)} ${svgNumberFine(W)} ${svgNumberFine(-R)} 0Z`;
  scene.add(
    layer,
    1e6,
    `<g transform="translate(${svgNumberFine(x)} ${svgNumberFine(y)}) rotate(${svgNumber(angle)})">` +
      `<circle r="${svgNumberFine(r * 0.42)}" fill="url(#${id})"/>` +
      `<path d="${star(r, w)}" fill="#fff" opacity="0.9"/>` +
      `<path d="${star(r * 0.45, w)}" fill="#fff" opacity="0.6" transform="rotate(45)"/>` +
      `</g>`,
  );
}
const glintIds = new WeakMap<Scene, string>();
