/**
 * The scene a piece is built into before it becomes glTF: named nodes placing shared meshes
 * (one brilliant mesh serves every melee stone of a halo), in millimetres, Y up.
 */
import { Matrix4, Quaternion, Vector3, type BufferGeometry } from 'three';

export type V3 = [number, number, number];
export type Quat = [number, number, number, number];

export interface MeshData {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
}

/** What a node is made of: the piece's metal, its main stone(s), the small diamonds around them, pearls. */
export type MaterialRole = 'metal' | 'stone' | 'accent' | 'pearl';

export interface PartNode {
  name: string;
  mesh: string;
  material: MaterialRole;
  translation: V3;
  rotation: Quat;
  scale?: V3;
}

export class PieceScene {
  readonly meshes = new Map<string, MeshData>();
  readonly nodes: PartNode[] = [];
  /** the piece's display pose (a bracelet tilted towards the camera), applied at the root */
  pose: Quat = [0, 0, 0, 1];
  private counters = new Map<string, number>();

  /** Registers a mesh once under `key`; later calls with the same key reuse it. */
  mesh(key: string, make: () => MeshData): string {
    if (!this.meshes.has(key)) this.meshes.set(key, make());
    return key;
  }

  /** Adds a node named `${kind}-${n}` (n counts per kind), or exactly `kind` when `numbered` is false. */
  add(
    kind: string,
    mesh: string,
    material: MaterialRole,
    at: V3 = [0, 0, 0],
    rotation: Quat = [0, 0, 0, 1],
    opts: { numbered?: boolean; scale?: V3 } = {},
  ): PartNode {
    let name = kind;
    if (opts.numbered !== false) {
      const n = this.counters.get(kind) ?? 0;
      this.counters.set(kind, n + 1);
      name = `${kind}-${n}`;
    }
    const node: PartNode = { name, mesh, material, translation: at, rotation, ...(opts.scale ? { scale: opts.scale } : {}) };
    this.nodes.push(node);
    return node;
  }
}

// ---------------------------------------------------------------- vectors

export const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const mul = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const len = (a: V3): number => Math.hypot(a[0], a[1], a[2]);
export const norm = (a: V3): V3 => {
  const l = len(a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
export const lerp3 = (a: V3, b: V3, t: number): V3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** Rotation taking the local +Y (a stone's table, a post's axis) to `up`, and local +Z towards `north`. */
export function orient(up: V3, north: V3 = [0, 0, 1]): Quat {
  const y = norm(up);
  let z = sub(north, mul(y, dot(north, y)));
  if (len(z) < 1e-6) z = Math.abs(y[0]) < 0.9 ? sub([1, 0, 0], mul(y, y[0])) : sub([0, 0, 1], mul(y, y[2]));
  z = norm(z);
  const x = cross(y, z);
  const m = new Matrix4().makeBasis(new Vector3(...x), new Vector3(...y), new Vector3(...z));
  const q = new Quaternion().setFromRotationMatrix(m);
  return [q.x, q.y, q.z, q.w];
}

export const IDENTITY: Quat = [0, 0, 0, 1];

/** Rotation taking the local X axis to `x` and local Y to (the part of) `y` orthogonal to it. */
export function basis(x: V3, y: V3): Quat {
  const xx = norm(x);
  const yy = norm(sub(y, mul(xx, dot(y, xx))));
  const zz = cross(xx, yy);
  const m = new Matrix4().makeBasis(new Vector3(...xx), new Vector3(...yy), new Vector3(...zz));
  const q = new Quaternion().setFromRotationMatrix(m);
  return [q.x, q.y, q.z, q.w];
}

export function axisAngle(axis: V3, angle: number): Quat {
  const q = new Quaternion().setFromAxisAngle(new Vector3(...norm(axis)), angle);
  return [q.x, q.y, q.z, q.w];
}

export function rotateVec(q: Quat, v: V3): V3 {
  const r = new Vector3(...v).applyQuaternion(new Quaternion(...q));
  return [r.x, r.y, r.z];
}

// ---------------------------------------------------------------- meshes

/** A three.js geometry as mesh data (positions and normals only: the pieces carry no textures). */
export function fromGeometry(g: BufferGeometry): MeshData {
  if (!g.hasAttribute('normal')) g.computeVertexNormals();
  const pos = g.getAttribute('position');
  const nrm = g.getAttribute('normal');
  const positions = new Float32Array(pos.count * 3);
  const normals = new Float32Array(pos.count * 3);
  for (let i = 0; i < pos.count; i++) {
    positions[i * 3] = pos.getX(i);
    positions[i * 3 + 1] = pos.getY(i);
    positions[i * 3 + 2] = pos.getZ(i);
    const n = norm([nrm.getX(i), nrm.getY(i), nrm.getZ(i)]);
    normals[i * 3] = n[0];
    normals[i * 3 + 1] = n[1];
    normals[i * 3 + 2] = n[2];
  }
  const indices = g.index ? Uint32Array.from(g.index.array as ArrayLike<number>) : Uint32Array.from({ length: pos.count }, (_, i) => i);
  g.dispose();
  return { positions, normals, indices };
}

/** Flat-shaded polygons (each facet keeps its own vertices and normal): what makes a stone read as cut. */
export function facetMesh(polygons: V3[][]): MeshData {
  const pos: number[] = [];
  const nrm: number[] = [];
  const idx: number[] = [];
  for (const poly of polygons) {
    if (poly.length < 3) continue;
    const n = newell(poly);
    const base = pos.length / 3;
    for (const p of poly) {
      pos.push(p[0], p[1], p[2]);
      nrm.push(n[0], n[1], n[2]);
    }
    for (let i = 1; i + 1 < poly.length; i++) idx.push(base, base + i, base + i + 1);
  }
  return { positions: new Float32Array(pos), normals: new Float32Array(nrm), indices: new Uint32Array(idx) };
}

/** Normal of a (nearly planar) polygon, counter-clockwise seen from outside. */
export function newell(vs: V3[]): V3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (let i = 0; i < vs.length; i++) {
    const a = vs[i]!;
    const b = vs[(i + 1) % vs.length]!;
    x += (a[1] - b[1]) * (a[2] + b[2]);
    y += (a[2] - b[2]) * (a[0] + b[0]);
    z += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return norm([x, y, z]);
}

/** Several meshes in one (same material, fixed relative placement). */
export function mergeMeshes(parts: MeshData[]): MeshData {
  let nv = 0;
  let ni = 0;
  for (const p of parts) {
    nv += p.positions.length;
    ni += p.indices.length;
  }
  const positions = new Float32Array(nv);
  const normals = new Float32Array(nv);
  const indices = new Uint32Array(ni);
  let ov = 0;
  let oi = 0;
  for (const p of parts) {
    positions.set(p.positions, ov);
    normals.set(p.normals, ov);
    for (let i = 0; i < p.indices.length; i++) indices[oi + i] = p.indices[i]! + ov / 3;
    ov += p.positions.length;
    oi += p.indices.length;
  }
  return { positions, normals, indices };
}

/** A mesh moved into place (for merging parts into one mesh). */
export function transformMesh(m: MeshData, at: V3, q: Quat = IDENTITY, s: V3 = [1, 1, 1]): MeshData {
  const matrix = new Matrix4().compose(new Vector3(...at), new Quaternion(...q), new Vector3(...s));
  const normalMatrix = new Matrix4().copy(matrix).invert().transpose();
  const positions = new Float32Array(m.positions.length);
  const normals = new Float32Array(m.normals.length);
  const v = new Vector3();
  for (let i = 0; i < m.positions.length; i += 3) {
    v.set(m.positions[i]!, m.positions[i + 1]!, m.positions[i + 2]).applyMatrix4(matrix);
    positions[i] = v.x;
    positions[i + 1] = v.y;
    positions[i + 2] = v.z;
    v.set(m.normals[i]!, m.normals[i + 1]!, m.normals[i + 2]).transformDirection(normalMatrix);
    normals[i] = v.x;
    normals[i + 1] = v.y;
    normals[i + 2] = v.z;
  }
  return { positions, normals, indices: m.indices };
}
