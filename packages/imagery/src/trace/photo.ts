/**
 * A studio photograph of a piece's 3D model (decision 0107), ray traced on the CPU: the model's
 * triangles in one BVH, polished metal as a conductor mirroring the studio (and the piece itself),
 * transparent stones refracting through their facets with total internal reflection, absorption
 * in their body colour and dispersion where light leaves them (fire), pearls and opaque stones
 * as soft lustrous surfaces, a contact shadow on the paper, anti-aliasing where the picture
 * changes. Deterministic: the same input gives the same pixels (seeded sample positions, no
 * clock, no threads inside one picture).
 */
import { Matrix4, Quaternion, Vector3 } from 'three';
import { gemLook } from '../palette.js';
import {
  ACCENT_MATERIAL,
  METAL_MATERIALS,
  dimsOf,
  sceneOf,
  stoneMaterial,
  type Form,
  type MaterialRole,
  type ModelSpec,
  type Quat,
} from '../models/index.js';
import { Bvh, type Hit } from './bvh.js';
import { Studio, toSrgb8, type Rgb3 } from './light.js';
import { Shadow } from './shadow.js';

export type View = 'front' | 'detail';

export interface PhotoInput {
  spec: ModelSpec;
  view: View;
  width: number;
  height: number;
  /** varies nothing but the sample positions */
  seed: string;
  /** a turntable: the piece turned by this angle (radians) under the studio's lights (the new-cut film) */
  turn?: number;
}

// ------------------------------------------------------------------ materials

const METAL = 0;
const GLASS = 1;
const PEARL = 2;
const OPAQUE = 3;

interface Mat {
  kind: number;
  /** metal: F0; pearl/opaque: body colour; glass: surface tint */
  colour: Rgb3;
  blur: number;
  ior: number;
  /** glass: IOR spread between red and blue (dispersion) */
  spread: number;
  /** glass: absorption per mm */
  sigma: Rgb3;
  /** pearl: overtone */
  overtone: Rgb3;
}

function materialsOf(spec: ModelSpec, stoneSize: number): Record<MaterialRole, Mat> {
  // a stored row's metal the house does not know is photographed in yellow gold
  const metal = Object.hasOwn(METAL_MATERIALS, spec.metal) ? METAL_MATERIALS[spec.metal] : METAL_MATERIALS.YELLOW_GOLD;
  const metalMat: Mat = {
    kind: METAL,
    colour: metal.baseColor,
    blur: metal.roughness * 0.22,
    ior: 1,
    spread: 0,
    sigma: [0, 0, 0],
    overtone: [0, 0, 0],
  };
  const glass = (m: typeof ACCENT_MATERIAL): Mat => {
    const dist = m.attenuationDistance * 1000;
    const sigma: Rgb3 = dist > 0 ? ([0, 1, 2].map((c) => -Math.log(Math.max(1e-3, m.attenuationColor[c]!)) / dist) as Rgb3) : [0, 0, 0];
    return { kind: GLASS, colour: [1, 1, 1], blur: 0, ior: m.ior, spread: m.dispersion * 0.09, sigma, overtone: [0, 0, 0] };
  };
  const pearlOf = (base: Rgb3, overtone: Rgb3): Mat => ({
    kind: PEARL,
    colour: base,
    blur: 0.1,
    ior: 1.53,
    spread: 0,
    sigma: [0, 0, 0],
    overtone,
  });
  let stone: Mat = glass(ACCENT_MATERIAL);
  let pearl = pearlOf([0.88, 0.84, 0.78], [0.95, 0.78, 0.82]);
  if (spec.stone) {
    const m = stoneMaterial(spec.stone, stoneSize);
    const look = gemLook(spec.stone.type, spec.stone.colour);
    if (look.kind === 'pearl') {
      pearl = pearlOf(m.baseColor, look.overtone.map((c) => (c / 255) ** 2.2) as Rgb3);
      stone = pearl;
    } else if (m.transmission === 0)
      stone = { kind: OPAQUE, colour: m.baseColor, blur: 0.04, ior: m.ior, spread: 0, sigma: [0, 0, 0], overtone: [0, 0, 0] };
    else stone = glass(m);
  }
  return { metal: metalMat, stone, accent: glass(ACCENT_MATERIAL), pearl };
}

// ------------------------------------------------------------------ composition

interface Shot {
  /** the piece rests on the paper (floor) or hangs in front of it (wall) */
  support: 'floor' | 'wall';
  /** camera direction: yaw from +Z towards +X, pitch above the horizon (degrees) */
  yaw: number;
  pitch: number;
  /** the detail view's pitch */
  detailPitch: number;
  /** lay the piece down before it is placed (a bracelet's display tilt undone) */
  undoPose: boolean;
  /** how much of the frame the piece fills */
  fill: number;
  /** a necklace is framed on its loop: the frame is this fraction of its width, the chain leaves it at the top */
  crop?: number;
}

const RING: Shot = { support: 'floor', yaw: 52, pitch: 20, detailPitch: 34, undoPose: false, fill: 0.74 };
const HANGING: Shot = { support: 'wall', yaw: 0, pitch: 6, detailPitch: 10, undoPose: false, fill: 0.8 };
// a necklace as on a neck form: seen a little from above, the loop as wide as the frame, the chain rising out
// of its top corners, the pendant (the lowest point) in the lower part of the frame
const NECKLACE: Shot = { ...HANGING, pitch: 25, fill: 0.92, crop: 0.92 };
const SHOTS: Record<Form, Shot> = {
  solitaire: RING,
  halo: RING,
  trilogy: RING,
  ring: RING,
  band: { ...RING, pitch: 24 },
  signet: RING,
  cocktail: RING,
  studs: { ...HANGING, fill: 0.62 },
  drops: HANGING,
  hoops: HANGING,
  chandeliers: HANGING,
  pendant: NECKLACE,
  chain: NECKLACE,
  riviere: NECKLACE,
  sautoir: NECKLACE,
  bib: NECKLACE,
  parure: NECKLACE,
  // a flat brooch facing the lens would mirror it: seen from a little above, it mirrors the paper
  brooch: { ...HANGING, yaw: 12, pitch: 22, detailPitch: 24, fill: 0.7 },
  tiara: { support: 'floor', yaw: 14, pitch: 12, detailPitch: 16, undoPose: false, fill: 0.86 },
  tennis: { support: 'floor', yaw: 0, pitch: 38, detailPitch: 40, undoPose: true, fill: 0.84 },
  'chain-bracelet': { support: 'floor', yaw: 0, pitch: 38, detailPitch: 40, undoPose: true, fill: 0.84 },
  bangle: { support: 'floor', yaw: 10, pitch: 30, detailPitch: 36, undoPose: false, fill: 0.8 },
  cuff: { support: 'floor', yaw: 10, pitch: 30, detailPitch: 36, undoPose: false, fill: 0.8 },
};

// ------------------------------------------------------------------ the scene as triangles

interface Flat {
  positions: Float32Array;
  normals: Float32Array;
  mats: Uint8Array;
  /** bounding box of the main stone (the detail view's subject), if any */
  stoneBox: [number, number, number, number, number, number] | null;
  /** its triangles: [first, end) */
  subjectTris: [number, number];
}

const ROLE_ID: Record<MaterialRole, number> = { metal: 0, stone: 1, accent: 2, pearl: 3 };
const ROLES: MaterialRole[] = ['metal', 'stone', 'accent', 'pearl'];

function flatten(spec: ModelSpec, shot: Shot): Flat {
  const scene = sceneOf(spec);
  let tris = 0;
  for (const node of scene.nodes) tris += scene.meshes.get(node.mesh)!.indices.length / 3;
  const positions = new Float32Array(tris * 9);
  const normals = new Float32Array(tris * 9);
  const mats = new Uint8Array(tris);
  const pose: Quat = shot.undoPose ? [0, 0, 0, 1] : scene.pose;
  const root = new Matrix4().makeRotationFromQuaternion(new Quaternion(...pose));
  const m = new Matrix4();
  const nm = new Matrix4();
  const v = new Vector3();
  let t = 0;
  let stoneBox: Flat['stoneBox'] = null;
  const subjectTris: [number, number] = [0, 0];
  // the detail view's subject: the first main stone (a solitaire's, one stud's, one of a line's)
  const subject = scene.nodes.find((n) => n.material === 'stone' || (n.material === 'pearl' && spec.stone?.isPearl));
  // earrings are photographed as a pair, close together
  const pairGap = EARRINGS.has(spec.form) ? pairShift(scene) : 0;
  for (const node of scene.nodes) {
    const mesh = scene.meshes.get(node.mesh)!;
    m.compose(new Vector3(...node.translation), new Quaternion(...node.rotation), new Vector3(...(node.scale ?? [1, 1, 1])));
    m.premultiply(root);
    if (pairGap) m.premultiply(new Matrix4().makeTranslation(node.translation[0] < 0 ? pairGap : -pairGap, 0, 0));
    nm.copy(m).invert().transpose();
    const e = m.elements;
    const n = nm.elements;
    const id = ROLE_ID[node.material];
    if (node === subject) subjectTris[0] = t;
    const { positions: p, normals: q, indices } = mesh;
    for (let i = 0; i < indices.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const j = indices[i + k]! * 3;
        const x = p[j]!;
        const y = p[j + 1]!;
        const z = p[j + 2]!;
        const o = t * 9 + k * 3;
        positions[o] = e[0] * x + e[4] * y + e[8] * z + e[12];
        positions[o + 1] = e[1] * x + e[5] * y + e[9] * z + e[13];
        positions[o + 2] = e[2] * x + e[6] * y + e[10] * z + e[14];
        v.set(
          n[0] * q[j]! + n[4] * q[j + 1]! + n[8] * q[j + 2]!,
          n[1] * q[j]! + n[5] * q[j + 1]! + n[9] * q[j + 2]!,
          n[2] * q[j]! + n[6] * q[j + 1]! + n[10] * q[j + 2]!,
        ).normalize();
        normals[o] = v.x;
        normals[o + 1] = v.y;
        normals[o + 2] = v.z;
        if (node === subject) {
          stoneBox ??= [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
          for (let a = 0; a < 3; a++) {
            stoneBox[a] = Math.min(stoneBox[a]!, positions[o + a]!);
            stoneBox[a + 3] = Math.max(stoneBox[a + 3]!, positions[o + a]!);
          }
        }
      }
      mats[t] = id;
      t++;
    }
    if (node === subject) subjectTris[1] = t;
  }
  return { positions, normals, mats, stoneBox, subjectTris };
}

const EARRINGS = new Set<Form>(['studs', 'drops', 'hoops', 'chandeliers']);

/** How far to bring each earring of a pair towards the other (they are modelled an ear apart). */
function pairShift(scene: ReturnType<typeof sceneOf>): number {
  let inner = Infinity;
  let width = 0;
  for (const node of scene.nodes) {
    const mesh = scene.meshes.get(node.mesh)!;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < mesh.positions.length; i += 3) {
      lo = Math.min(lo, mesh.positions[i]!);
      hi = Math.max(hi, mesh.positions[i]!);
    }
    const x = Math.abs(node.translation[0]);
    inner = Math.min(inner, x - (hi - lo) / 2);
    width = Math.max(width, hi - lo);
  }
  return Math.max(0, inner - width * 0.35);
}

// ------------------------------------------------------------------ the photograph

/** A small, well-mixed seeded generator (mulberry32). */
function rngOf(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_DEPTH = 3;
const INNER_BOUNCES = 4;
const EPS = 1e-3;
/** bounces between metal surfaces (a shank mirroring the head) */
const METAL_DEPTH = 1;
/** inner bounces followed in a small stone (melee): light leaves them quickly */
const ACCENT_BOUNCES = 2;

function fresnel(cosI: number, n1: number, n2: number): number {
  const eta = n1 / n2;
  const sin2t = eta * eta * (1 - cosI * cosI);
  if (sin2t >= 1) return 1;
  const cosT = Math.sqrt(1 - sin2t);
  const rs = (n1 * cosI - n2 * cosT) / (n1 * cosI + n2 * cosT);
  const rp = (n1 * cosT - n2 * cosI) / (n1 * cosT + n2 * cosI);
  return (rs * rs + rp * rp) / 2;
}

/** The piece placed in the studio, its BVH and its contact shadow: the same for every view of it and every turn. */
interface Placed {
  flat: Flat;
  bvh: Bvh;
  shadow: Shadow;
  min: number[];
  max: number[];
  size: number;
}

let lastPlaced: { key: string; placed: Placed } | null = null;

/**
 * Forgets the piece kept from the last photograph (the render threads call it when idle). A piece's views are
 * drawn one after the other (its front, then its detail; a film's frames), and placing it — building its scene,
 * flattening and shifting its triangles, the BVH, the shadow — was up to half of a photograph's time: it is kept
 * for the next photograph of the same model. Deterministic either way: the same triangles give the same tree.
 */
export function forgetPlacedPiece(): void {
  lastPlaced = null;
}

function placed(spec: ModelSpec, shot: Shot): Placed {
  const key = JSON.stringify([spec, shot.support, shot.undoPose]);
  if (lastPlaced?.key === key) return lastPlaced.placed;
  lastPlaced = null;
  const flat = flatten(spec, shot);
  // rest the piece on the paper (floor: y = 0) or hang it a little in front of it (wall: z = 0)
  let min = [Infinity, Infinity, Infinity];
  let max = [-Infinity, -Infinity, -Infinity];
  const P = flat.positions;
  for (let i = 0; i < P.length; i += 3)
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, P[i + a]!);
      max[a] = Math.max(max[a]!, P[i + a]!);
    }
  const size = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  const shift = [
    -(min[0]! + max[0]!) / 2,
    shot.support === 'floor' ? -min[1]! : -(min[1]! + max[1]!) / 2,
    shot.support === 'floor' ? -(min[2]! + max[2]!) / 2 : -min[2]! + size * 0.04,
  ];
  for (let i = 0; i < P.length; i += 3) for (let a = 0; a < 3; a++) P[i + a] = P[i + a]! + shift[a]!;
  min = min.map((x, a) => x + shift[a]!);
  max = max.map((x, a) => x + shift[a]!);
  if (flat.stoneBox) for (let a = 0; a < 6; a++) flat.stoneBox[a] = flat.stoneBox[a]! + shift[a % 3]!;
  const bvh = new Bvh(P);
  const result: Placed = { flat, bvh, shadow: new Shadow(bvh, shot.support, min, max, size), min, max, size };
  lastPlaced = { key, placed: result };
  return result;
}

/** Renders the photograph: `width × height` 8-bit RGB, row by row. */
export function photograph(input: PhotoInput): Uint8Array {
  const { spec, view, width: W, height: H } = input;
  const shot = SHOTS[spec.form];
  const { flat, bvh, shadow, min, max, size } = placed(spec, shot);
  const P = flat.positions;
  const order = bvh.order;
  const N = flat.normals;
  const mats = flat.mats;
  const stoneSize = spec.stone ? dimsOf(spec.stone, spec.stone.carat).width : 1;
  const matOf = materialsOf(spec, stoneSize);
  const matById = ROLES.map((r) => matOf[r]);

  // ---- camera
  const detail = view === 'detail';
  const yaw = (shot.yaw * Math.PI) / 180 + (input.turn ?? 0);
  const pitch = ((detail ? shot.detailPitch : shot.pitch) * Math.PI) / 180;
  const back: Rgb3 = [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)];
  const fwd: Rgb3 = [-back[0], -back[1], -back[2]];
  const rl = Math.hypot(fwd[2], fwd[0]);
  const right: Rgb3 = [-fwd[2] / rl, 0, fwd[0] / rl];
  const up: Rgb3 = [right[1] * fwd[2] - right[2] * fwd[1], right[2] * fwd[0] - right[0] * fwd[2], right[0] * fwd[1] - right[1] * fwd[0]];
  const fov = (16 * Math.PI) / 180;
  const tanH = Math.tan(fov / 2);
  const aspect = W / H;
  // frame: the extents of the piece (or of its main stone) across the picture
  let lo = [Infinity, Infinity, Infinity];
  let hi = [-Infinity, -Infinity, -Infinity];
  const box = detail && flat.stoneBox ? flat.stoneBox : null;
  const corners: number[][] = [];
  if (box) {
    for (let i = flat.subjectTris[0] * 9; i < flat.subjectTris[1] * 9; i += 3) corners.push([P[i]!, P[i + 1]!, P[i + 2]!]);
  } else {
    for (let i = 0; i < P.length; i += 27) corners.push([P[i]!, P[i + 1]!, P[i + 2]!]);
  }
  for (const c of corners) {
    const pr = [
      c[0]! * right[0] + c[1]! * right[1] + c[2]! * right[2],
      c[0]! * up[0] + c[1]! * up[1] + c[2]! * up[2],
      c[0]! * fwd[0] + c[1]! * fwd[1] + c[2]! * fwd[2],
    ];
    lo = lo.map((x, a) => Math.min(x, pr[a]!));
    hi = hi.map((x, a) => Math.max(x, pr[a]!));
  }
  let halfH = Math.max((hi[1]! - lo[1]!) / 2, (hi[0]! - lo[0]!) / 2 / aspect);
  if (detail) halfH = box ? halfH / 0.6 : halfH * 0.5;
  else halfH /= shot.fill;
  const depth = hi[2]! - lo[2]!;
  let cr = (lo[0]! + hi[0]!) / 2;
  let cu = (lo[1]! + hi[1]!) / 2;
  if (detail && !box) {
    // no main stone: the top of the piece, close
    cu = hi[1]! - halfH * 0.9;
    cr = (lo[0]! + hi[0]!) / 2;
  }
  const cf = (lo[2]! + hi[2]!) / 2;
  let dist = halfH / tanH + depth / 2;
  const target: Rgb3 = [
    right[0] * cr + up[0] * cu + fwd[0] * cf,
    right[1] * cr + up[1] * cu + fwd[1] * cf,
    right[2] * cr + up[2] * cu + fwd[2] * cf,
  ];
  const eye: Rgb3 = [0, 0, 0];
  const place = () => {
    for (let a = 0; a < 3; a++) eye[a] = target[a]! - fwd[a]! * dist;
  };
  place();
  if (!detail) {
    // the framing above is orthographic; a deep piece (a necklace's loop, a bracelet seen from above)
    // is nearer the lens in front: fit and centre what the lens really sees, in a few steps
    for (let step = 0; step < 3; step++) {
      let x0 = Infinity;
      let x1 = -Infinity;
      let y0 = Infinity;
      let y1 = -Infinity;
      for (const c of corners) {
        const dx = c[0]! - eye[0];
        const dy = c[1]! - eye[1];
        const dz = c[2]! - eye[2];
        const z = dx * fwd[0] + dy * fwd[1] + dz * fwd[2];
        const xs = (dx * right[0] + dy * right[1] + dz * right[2]) / z;
        const ys = (dx * up[0] + dy * up[1] + dz * up[2]) / z;
        x0 = Math.min(x0, xs);
        x1 = Math.max(x1, xs);
        y0 = Math.min(y0, ys);
        y1 = Math.max(y1, ys);
      }
      if (shot.crop) {
        // a necklace: the frame as wide as `crop` of the necklace (what rises beyond its top is left out),
        // the lowest point (the pendant) a tenth of the frame above its bottom edge
        const zoom = (((x1 - x0) / 2) * shot.crop) / (aspect * tanH);
        const shiftUp = y0 + 0.8 * tanH * zoom;
        for (let a = 0; a < 3; a++) target[a] = target[a]! + (right[a]! * ((x0 + x1) / 2) + up[a]! * shiftUp) * dist;
        dist *= zoom;
      } else {
        // the piece sits a little below the middle, as on a catalogue page
        const mx = (x0 + x1) / 2;
        const my = (y0 + y1) / 2 + 0.04 * tanH;
        for (let a = 0; a < 3; a++) target[a] = target[a]! + (right[a]! * mx + up[a]! * my) * dist;
        dist *= Math.max((y1 - y0) / 2, (x1 - x0) / 2 / aspect) / (tanH * shot.fill);
      }
      place();
    }
  }

  // ---- the paper and the shadow on it
  const studio = new Studio(yaw - (input.turn ?? 0), pitch);
  const centre = [(min[0]! + max[0]!) / 2, (min[1]! + max[1]!) / 2, (min[2]! + max[2]!) / 2];

  /** The paper seen along a ray that misses the piece. */
  const paper = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, out: Rgb3): void => {
    let t: number;
    if (shot.support === 'floor') t = dy < -1e-6 ? -oy / dy : Infinity;
    else t = dz < -1e-6 ? -oz / dz : Infinity;
    const near: Rgb3 = [0.93, 0.91, 0.875];
    const far: Rgb3 = [0.8, 0.78, 0.745];
    if (!Number.isFinite(t)) {
      out[0] = far[0];
      out[1] = far[1];
      out[2] = far[2];
      return;
    }
    const px = ox + dx * t;
    const py = oy + dy * t;
    const pz = oz + dz * t;
    const r =
      shot.support === 'floor'
        ? Math.hypot(px - centre[0]!, (pz - centre[2]!) * 0.8)
        : Math.hypot(px - centre[0]!, py - centre[1]! - size * 0.15);
    const k = Math.min(1, (r / (size * 3.2)) ** 2);
    const s = shadow.at(px, py, pz);
    out[0] = (near[0] + (far[0] - near[0]) * k) * s;
    out[1] = (near[1] + (far[1] - near[1]) * k) * s;
    out[2] = (near[2] + (far[2] - near[2]) * k) * s;
  };

  // ---- tracing (allocation-free: scratch per depth)
  const hits: Hit[] = Array.from({ length: MAX_DEPTH + 2 }, () => ({ t: 0, tri: 0, u: 0, v: 0 }));
  const tmp: Rgb3[] = Array.from({ length: (MAX_DEPTH + 2) * 4 }, () => [0, 0, 0]);
  const envOut: Rgb3 = [0, 0, 0];
  const ng: Rgb3 = [0, 0, 0];
  let firstMat = -1;

  /** The studio seen by a secondary ray: the lights, and the paper (with its shadow) below. */
  const surroundings = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, blur: number, out: Rgb3): void => {
    studio.env(dx, dy, dz, blur, out);
    if ((shot.support === 'floor' && dy < 0) || (shot.support === 'wall' && dz < 0)) {
      const t = shot.support === 'floor' ? -oy / dy : -oz / dz;
      const s = shadow.at(ox + dx * t, oy + dy * t, oz + dz * t);
      out[0] *= s;
      out[1] *= s;
      out[2] *= s;
    }
  };

  /** Shading normal at a hit (interpolated), facing against the ray; the geometric normal into `ng`. */
  const normalAt = (hit: Hit, dx: number, dy: number, dz: number, out: Rgb3): void => {
    const src = order[hit.tri]! * 9;
    const w = 1 - hit.u - hit.v;
    let nx = N[src]! * w + N[src + 3]! * hit.u + N[src + 6]! * hit.v;
    let ny = N[src + 1]! * w + N[src + 4]! * hit.u + N[src + 7]! * hit.v;
    let nz = N[src + 2]! * w + N[src + 5]! * hit.u + N[src + 8]! * hit.v;
    const o = hit.tri * 9;
    const T = bvh.tri;
    let gx = T[o + 4]! * T[o + 8]! - T[o + 5]! * T[o + 7]!;
    let gy = T[o + 5]! * T[o + 6]! - T[o + 3]! * T[o + 8]!;
    let gz = T[o + 3]! * T[o + 7]! - T[o + 4]! * T[o + 6]!;
    const gl = Math.hypot(gx, gy, gz) || 1;
    gx /= gl;
    gy /= gl;
    gz /= gl;
    // the geometric normal faces the shading normal's side
    if (gx * nx + gy * ny + gz * nz < 0) {
      gx = -gx;
      gy = -gy;
      gz = -gz;
    }
    const nl = Math.hypot(nx, ny, nz) || 1;
    nx /= nl;
    ny /= nl;
    nz /= nl;
    ng[0] = gx;
    ng[1] = gy;
    ng[2] = gz;
    out[0] = nx;
    out[1] = ny;
    out[2] = nz;
  };

  const radiance = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, depth: number, out: Rgb3): void => {
    const hit = hits[depth]!;
    if (!bvh.intersect(ox, oy, oz, dx, dy, dz, EPS, Infinity, hit)) {
      if (depth === 0) paper(ox, oy, oz, dx, dy, dz, out);
      else surroundings(ox, oy, oz, dx, dy, dz, 0, out);
      return;
    }
    const id = mats[order[hit.tri]!]!;
    if (depth === 0) firstMat = id;
    const mat = matById[id]!;
    const px = ox + dx * hit.t;
    const py = oy + dy * hit.t;
    const pz = oz + dz * hit.t;
    const n = tmp[depth * 4]!;
    normalAt(hit, dx, dy, dz, n);
    const outside = dx * ng[0] + dy * ng[1] + dz * ng[2] < 0;
    let nx = n[0];
    let ny = n[1];
    let nz = n[2];
    if (!outside) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
      ng[0] = -ng[0];
      ng[1] = -ng[1];
      ng[2] = -ng[2];
    }
    const gx = ng[0];
    const gy = ng[1];
    const gz = ng[2];
    let cosI = -(dx * nx + dy * ny + dz * nz);
    if (cosI < 0) {
      // a shading normal turned away from the viewer: use the facet's
      nx = gx;
      ny = gy;
      nz = gz;
      cosI = -(dx * nx + dy * ny + dz * nz);
    }
    // reflection
    let rx = dx + 2 * cosI * nx;
    let ry = dy + 2 * cosI * ny;
    let rz = dz + 2 * cosI * nz;
    const rg = rx * gx + ry * gy + rz * gz;
    if (rg < 0) {
      rx -= 2 * rg * gx;
      ry -= 2 * rg * gy;
      rz -= 2 * rg * gz;
    }
    const reflected = tmp[depth * 4 + 1]!;
    const sx = px + gx * EPS;
    const sy = py + gy * EPS;
    const sz = pz + gz * EPS;
    if (mat.kind === METAL) {
      if (depth < METAL_DEPTH) radiance(sx, sy, sz, rx, ry, rz, depth + 1, reflected);
      else surroundings(sx, sy, sz, rx, ry, rz, mat.blur, reflected);
      // Schlick with the metal's reflectance at normal incidence
      const f = Math.pow(1 - Math.min(1, cosI), 5);
      for (let c = 0; c < 3; c++) out[c] = (mat.colour[c]! + (1 - mat.colour[c]!) * f) * reflected[c]!;
      return;
    }
    if (mat.kind === PEARL || mat.kind === OPAQUE) {
      const f = 0.04 + 0.96 * Math.pow(1 - Math.min(1, cosI), 5);
      surroundings(sx, sy, sz, rx, ry, rz, mat.blur, reflected);
      // soft light wrapped round the body: the studio seen along the normal, very blurred
      studio.env(nx, ny, nz, 0.9, envOut);
      const ambient = 0.28 + 0.5 * Math.max(0, ny);
      const rim = mat.kind === PEARL ? Math.pow(1 - cosI, 2) : 0;
      for (let c = 0; c < 3; c++) {
        const body = mat.colour[c]! * (0.35 * envOut[c]! + ambient);
        const orient = mat.overtone[c]! * rim * 0.5;
        out[c] = (body * (1 - rim * 0.5) + orient) * (1 - f) + f * reflected[c]! * (mat.kind === PEARL ? 0.9 : 1);
      }
      return;
    }
    // ---- a transparent stone
    const ior = mat.ior;
    const fr = fresnel(cosI, 1, ior);
    // seen directly, a stone mirrors the piece around it; deeper, only the studio
    if (depth === 0 && id === ROLE_ID.stone) radiance(sx, sy, sz, rx, ry, rz, depth + 1, reflected);
    else surroundings(sx, sy, sz, rx, ry, rz, 0, reflected);
    // refract in
    const eta = 1 / ior;
    const k = 1 - eta * eta * (1 - cosI * cosI);
    let tx = eta * dx + (eta * cosI - Math.sqrt(k)) * nx;
    let ty = eta * dy + (eta * cosI - Math.sqrt(k)) * ny;
    let tz = eta * dz + (eta * cosI - Math.sqrt(k)) * nz;
    let qx = px - gx * EPS;
    let qy = py - gy * EPS;
    let qz = pz - gz * EPS;
    let thr0 = 1 - fr;
    let thr1 = thr0;
    let thr2 = thr0;
    let acc0 = 0;
    let acc1 = 0;
    let acc2 = 0;
    const inner = hits[MAX_DEPTH + 1]!;
    const exitLight = tmp[depth * 4 + 2]!;
    const m = tmp[depth * 4 + 3]!;
    const bounces = id === ROLE_ID.accent ? ACCENT_BOUNCES : INNER_BOUNCES;
    for (let b = 0; b < bounces; b++) {
      if (!bvh.intersect(qx, qy, qz, tx, ty, tz, EPS * 0.5, Infinity, inner)) break;
      const len = inner.t;
      thr0 *= Math.exp(-mat.sigma[0] * len);
      thr1 *= Math.exp(-mat.sigma[1] * len);
      thr2 *= Math.exp(-mat.sigma[2] * len);
      const hid = mats[order[inner.tri]!]!;
      const hx = qx + tx * len;
      const hy = qy + ty * len;
      const hz = qz + tz * len;
      if (matById[hid]!.kind !== GLASS) {
        // the setting seen through the stone: a prong, the metal under the pavilion
        const tint = matById[hid]!.colour;
        acc0 += thr0 * tint[0] * 0.35;
        acc1 += thr1 * tint[1] * 0.35;
        acc2 += thr2 * tint[2] * 0.35;
        thr0 = thr1 = thr2 = 0;
        break;
      }
      normalAt(inner, tx, ty, tz, m);
      // the outward facet normal (the ray leaves through it)
      let mx = ng[0];
      let my = ng[1];
      let mz = ng[2];
      let c = tx * mx + ty * my + tz * mz;
      if (c < 0) {
        mx = -mx;
        my = -my;
        mz = -mz;
        c = -c;
      }
      const fo = fresnel(c, ior, 1);
      if (fo < 1) {
        // light leaving: each colour bends by its own index (fire)
        const ex = hx + mx * EPS;
        const ey = hy + my * EPS;
        const ez = hz + mz * EPS;
        const meanK = 1 - ior * ior * (1 - c * c);
        const mdx = ior * tx + (Math.sqrt(meanK) - ior * c) * mx;
        const mdy = ior * ty + (Math.sqrt(meanK) - ior * c) * my;
        const mdz = ior * tz + (Math.sqrt(meanK) - ior * c) * mz;
        if (depth === 0 && b === 0 && id === ROLE_ID.stone && bvh.intersect(ex, ey, ez, mdx, mdy, mdz, EPS, Infinity, hits[MAX_DEPTH]!)) {
          radiance(ex, ey, ez, mdx, mdy, mdz, MAX_DEPTH, exitLight);
        } else {
          for (let ch = 0; ch < 3; ch++) {
            const n2 = ior + (ch - 1) * mat.spread;
            const kk = 1 - n2 * n2 * (1 - c * c);
            if (kk <= 0) {
              exitLight[ch] = 0;
              continue;
            }
            const s = Math.sqrt(kk) - n2 * c;
            surroundings(ex, ey, ez, n2 * tx + s * mx, n2 * ty + s * my, n2 * tz + s * mz, 0, envOut);
            exitLight[ch] = envOut[ch]!;
          }
        }
        acc0 += thr0 * (1 - fo) * exitLight[0];
        acc1 += thr1 * (1 - fo) * exitLight[1];
        acc2 += thr2 * (1 - fo) * exitLight[2];
      }
      thr0 *= fo;
      thr1 *= fo;
      thr2 *= fo;
      // reflect back inside
      tx -= 2 * c * mx;
      ty -= 2 * c * my;
      tz -= 2 * c * mz;
      qx = hx - mx * EPS;
      qy = hy - my * EPS;
      qz = hz - mz * EPS;
    }
    // what is left after the last bounce: the room's average
    const rest = 0.12;
    out[0] = fr * reflected[0] + acc0 + thr0 * rest;
    out[1] = fr * reflected[1] + acc1 + thr1 * rest;
    out[2] = fr * reflected[2] + acc2 + thr2 * rest;
  };

  // ---- pixels: one ray through each pixel's centre, more where the picture changes
  const rng = rngOf(`${input.seed}|${view}|${spec.form}`);
  const lin = new Float32Array(W * H * 3);
  const ids = new Int8Array(W * H);
  const pixelScale = (2 * tanH) / H;
  const col: Rgb3 = [0, 0, 0];
  const sample = (sx: number, sy: number): void => {
    const u = (sx - W / 2) * pixelScale;
    const v = (H / 2 - sy) * pixelScale;
    let dx = fwd[0] + right[0] * u + up[0] * v;
    let dy = fwd[1] + right[1] * u + up[1] * v;
    let dz = fwd[2] + right[2] * u + up[2] * v;
    const l = Math.hypot(dx, dy, dz);
    dx /= l;
    dy /= l;
    dz /= l;
    firstMat = -1;
    radiance(eye[0], eye[1], eye[2], dx, dy, dz, 0, col);
  };
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      sample(x + 0.5, y + 0.5);
      const i = y * W + x;
      lin[i * 3] = col[0];
      lin[i * 3 + 1] = col[1];
      lin[i * 3 + 2] = col[2];
      ids[i] = firstMat;
    }
  // refine: where a pixel differs from a neighbour (an edge, a facet, a highlight)
  const out = new Uint8Array(W * H * 3);
  const lum = (i: number) => {
    const r = lin[i * 3]!;
    const g = lin[i * 3 + 1]!;
    const b = lin[i * 3 + 2]!;
    const L = 0.3 * r + 0.59 * g + 0.11 * b;
    return L / (1 + L);
  };
  const GRID = 2;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let refine = false;
      const li = lum(i);
      for (let k = 0; k < 4 && !refine; k++) {
        const nx = x + (k === 0 ? -1 : k === 1 ? 1 : 0);
        const ny = y + (k === 2 ? -1 : k === 3 ? 1 : 0);
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
        const j = ny * W + nx;
        if (ids[j] !== ids[i] || Math.abs(lum(j) - li) > 0.05) refine = true;
      }
      let r = lin[i * 3]!;
      let g = lin[i * 3 + 1]!;
      let b = lin[i * 3 + 2]!;
      if (refine) {
        // stratified: one jittered sample in each cell of a 2 × 2 grid, with the centre one
        let count = 1;
        for (let sy = 0; sy < GRID; sy++)
          for (let sx = 0; sx < GRID; sx++) {
            sample(x + (sx + rng()) / GRID, y + (sy + rng()) / GRID);
            r += col[0];
            g += col[1];
            b += col[2];
            count++;
          }
        r /= count;
        g /= count;
        b /= count;
      }
      out[i * 3] = toSrgb8(r);
      out[i * 3 + 1] = toSrgb8(g);
      out[i * 3 + 2] = toSrgb8(b);
    }
  return out;
}
