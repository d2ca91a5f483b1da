/**
 * Metal parts in millimetres: ring shanks (round inside, any profile), tapered wires (prongs,
 * chandelier arms, tiara scrolls), walls swept around a stone's outline (collets, bezels, halo
 * frames), beads and chain links. Smooth normals; every surface faces outwards.
 */
import { CatmullRomCurve3, SphereGeometry, TorusGeometry, Vector3 } from 'three';
import { fromGeometry, norm, type MeshData, type V3 } from './mesh';

/**
 * A grid surface p(u, v), u and v in [0, 1]. Normals come from the finite differences
 * ∂p/∂u × ∂p/∂v, so parameterise with u, v such that this points outwards.
 */
export function surface(
  p: (u: number, v: number) => V3,
  nu: number,
  nv: number,
  opts: { closedU?: boolean; closedV?: boolean } = {},
): MeshData {
  const cols = nu + 1;
  const rows = nv + 1;
  const positions = new Float32Array(cols * rows * 3);
  const normals = new Float32Array(cols * rows * 3);
  const grid = new Array<V3>(cols * rows);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const at = p(opts.closedU && i === nu ? 0 : i / nu, opts.closedV && j === nv ? 0 : j / nv);
      grid[j * cols + i] = at;
      positions.set(at, (j * cols + i) * 3);
    }
  }
  // normals from the grid's own neighbours (central differences, wrapping on closed directions)
  const at = (i: number, j: number): V3 => {
    if (opts.closedU) i = ((i % nu) + nu) % nu;
    if (opts.closedV) j = ((j % nv) + nv) % nv;
    return grid[Math.max(0, Math.min(rows - 1, j)) * cols + Math.max(0, Math.min(cols - 1, i))]!;
  };
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      let du = sub3(at(i + 1, j), at(i - 1, j));
      let dv = sub3(at(i, j + 1), at(i, j - 1));
      // at a pole (the tip of a cap, the centre of a face) one direction collapses: look one row in
      if (Math.hypot(...du) < 1e-9) du = sub3(at(i + 1, j + (j < rows / 2 ? 1 : -1)), at(i - 1, j + (j < rows / 2 ? 1 : -1)));
      if (Math.hypot(...dv) < 1e-9) dv = sub3(at(i + (i < cols / 2 ? 1 : -1), j + 1), at(i + (i < cols / 2 ? 1 : -1), j - 1));
      normals.set(norm(cross3(du, dv)), (j * cols + i) * 3);
    }
  }
  const indices = new Uint32Array(nu * nv * 6);
  let o = 0;
  for (let j = 0; j < nv; j++) {
    for (let i = 0; i < nu; i++) {
      const a = j * cols + i;
      const b = a + 1;
      const c = a + cols;
      const d = c + 1;
      indices.set([a, b, d, a, d, c], o);
      o += 6;
    }
  }
  return { positions, normals, indices };
}

const sub3 = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross3 = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Rounded-rectangle section (superellipse): `e` 2 is an ellipse, higher is squarer. */
function superellipse(v: number, e: number): [number, number] {
  const t = v * Math.PI * 2;
  const c = Math.cos(t);
  const s = Math.sin(t);
  return [Math.sign(c) * Math.pow(Math.abs(c), 2 / e), Math.sign(s) * Math.pow(Math.abs(s), 2 / e)];
}

export interface ShankOptions {
  /** finger opening (mm) */
  innerDiameter: number;
  /** band width (along the finger, X) at angle φ from the top (0) to the bottom (π) */
  width: (phi: number) => number;
  /** metal thickness (radial) at φ */
  thickness: (phi: number) => number;
  /** section squareness: 2 round wire, 2.6 court band, 4 flat */
  squareness?: number;
  segments?: number;
  /** an open shank (a cuff): the angles it runs between, ends tapering shut */
  span?: [number, number];
}

/**
 * A ring shank around the X axis (the finger), its top at +Y. The inside stays a true circle of
 * the ring size (comfort fit rounds its edges only); width and thickness may swell towards the top.
 */
export function shankMesh(o: ShankOptions): MeshData {
  const ri = o.innerDiameter / 2;
  const e = o.squareness ?? 2.6;
  const span = o.span;
  return surface(
    (u, v) => {
      const phi = span ? span[0] + u * (span[1] - span[0]) : u * Math.PI * 2;
      // an open shank closes over its last few degrees into rounded ends
      const end = span ? Math.min(1, Math.sqrt(Math.max(0, Math.min(u, 1 - u) / 0.025))) : 1;
      const hw = (o.width(phi) / 2) * Math.max(0.02, end);
      const ht = (o.thickness(phi) / 2) * Math.max(0.02, end);
      // v runs the section backwards so that the normals face out; every point lies at or outside the finger circle
      const [a, b] = superellipse(-v, e);
      const rr = ri + ht * (1 + b);
      return [a * hw, Math.cos(phi) * rr, Math.sin(phi) * rr];
    },
    o.segments ?? 144,
    24,
    { closedU: !span, closedV: true },
  );
}

/**
 * A wire along a smooth curve through `points`, radius varying from `r0` to `r1` (a prong,
 * a scroll), capped with hemispherical ends.
 */
export function wireMesh(points: V3[], r0: number, r1 = r0, opts: { segments?: number; radial?: number; closed?: boolean } = {}): MeshData {
  const curve = new CatmullRomCurve3(
    points.map((p) => new Vector3(...p)),
    opts.closed ?? false,
    'centripetal',
  );
  const nSeg = opts.segments ?? Math.max(8, Math.min(160, Math.round(curve.getLength() / Math.max(0.15, r0 * 0.6))));
  const frames = curve.computeFrenetFrames(nSeg, opts.closed ?? false);
  const samples = Array.from({ length: nSeg + 1 }, (_, k) => curve.getPointAt(k / nSeg));
  const radial = opts.radial ?? 12;
  const capLen = opts.closed ? 0 : 0.12;
  return surface(
    (u, v) => {
      // u runs along the wire; the two ends fold back into round caps
      let s = (u - capLen) / (1 - 2 * capLen);
      let squeeze = 1;
      let push = 0;
      if (!opts.closed && s < 0) {
        const t = Math.max(-1, s / (capLen / (1 - 2 * capLen)));
        squeeze = Math.sqrt(Math.max(0, 1 - t * t));
        push = t;
        s = 0;
      } else if (!opts.closed && s > 1) {
        const t = Math.min(1, (s - 1) / (capLen / (1 - 2 * capLen)));
        squeeze = Math.sqrt(Math.max(0, 1 - t * t));
        push = t;
        s = 1;
      }
      const idx = Math.min(nSeg, Math.round(s * nSeg));
      const p = samples[idx]!;
      const tangent = frames.tangents[idx]!;
      const n = frames.normals[idx]!;
      const b = frames.binormals[idx]!;
      const r = r0 + (r1 - r0) * s;
      const a = -v * Math.PI * 2;
      const off = new Vector3()
        .addScaledVector(n, Math.cos(a) * r * squeeze)
        .addScaledVector(b, Math.sin(a) * r * squeeze)
        .addScaledVector(tangent, push * r);
      return [p.x + off.x, p.y + off.y, p.z + off.z];
    },
    nSeg + (opts.closed ? 0 : 8),
    radial,
    { closedU: opts.closed ?? false, closedV: true },
  );
}

/**
 * A wall swept around a closed outline in the XZ plane (a collet, a bezel cup, a halo frame):
 * `loop` in either direction, the section a rounded rectangle `thickness` wide
 * (outwards from the loop) and `height` tall, from y = `bottom`. `flare` widens the top.
 */
export function wallMesh(input: V3[], o: { thickness: number; height: number; bottom: number; flare?: number; taper?: number }): MeshData {
  // the sweep needs the loop clockwise seen from +Y (negative signed area in XZ) for outward normals
  let area = 0;
  for (let i = 0; i < input.length; i++) {
    const p = input[i]!;
    const q = input[(i + 1) % input.length]!;
    area += p[0] * q[2] - q[0] * p[2];
  }
  const loop = area > 0 ? [...input].reverse() : input;
  const n = loop.length;
  const normals2 = loop.map((p, i) => {
    const a = loop[(i - 1 + n) % n]!;
    const b = loop[(i + 1) % n]!;
    return norm([b[2] - a[2], 0, -(b[0] - a[0])]);
  });
  const centroid = loop.reduce<V3>((s, p) => [s[0] + p[0] / n, 0, s[2] + p[2] / n], [0, 0, 0]);
  const sign = (loop[0]![0] - centroid[0]) * normals2[0]![0] + (loop[0]![2] - centroid[2]) * normals2[0]![2] >= 0 ? 1 : -1;
  return surface(
    (u, v) => {
      const f = u * n;
      const i = Math.floor(f) % n;
      const j = (i + 1) % n;
      const t = f - Math.floor(f);
      const p = loop[i]!;
      const q = loop[j]!;
      const ni = normals2[i]!;
      const nj = normals2[j]!;
      const nx = (ni[0] + (nj[0] - ni[0]) * t) * sign;
      const nz = (ni[2] + (nj[2] - ni[2]) * t) * sign;
      const [a, b] = superellipse(v, 3);
      const h = (b + 1) / 2; // 0 bottom, 1 top
      const out = ((a + 1) / 2) * o.thickness * (1 - (o.taper ?? 0) * h) + (o.flare ?? 0) * h;
      return [p[0] + (q[0] - p[0]) * t + nx * out, o.bottom + h * o.height, p[2] + (q[2] - p[2]) * t + nz * out];
    },
    n,
    16,
    { closedU: true, closedV: true },
  );
}

export function beadMesh(radius: number, detail = 12): MeshData {
  const g = new SphereGeometry(radius, detail, Math.max(6, Math.round(detail * 0.7)));
  g.deleteAttribute('uv');
  return fromGeometry(g);
}

/** A torus around the Y axis (gallery rails, hoops, jump rings). */
export function torusMesh(radius: number, tube: number, radial = 12, tubular = 64): MeshData {
  const g = new TorusGeometry(radius, tube, radial, tubular);
  g.deleteAttribute('uv');
  g.rotateX(Math.PI / 2);
  return fromGeometry(g);
}

/** An oval cable link (long axis X, lying in the XY plane): wire w, inner length l. */
export function linkMesh(length: number, wire: number): MeshData {
  const hl = length / 2;
  const hw = length / 3.2;
  const loop: V3[] = [];
  const n = 20;
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    loop.push([Math.cos(t) * (hl + wire / 2), Math.sin(t) * (hw + wire / 2), 0]);
  }
  return wireMesh(loop, wire / 2, wire / 2, { closed: true, radial: 8, segments: 20 });
}

/**
 * A rounded slab (a signet's face, a brooch's plate): superellipse outline `w` × `l` in the XZ
 * plane, `h` thick from y = 0 to y = h, its edge rounded and its top slightly domed.
 */
export function slabMesh(w: number, l: number, h: number, o: { squareness?: number; dome?: number } = {}): MeshData {
  const e = o.squareness ?? 3;
  const dome = o.dome ?? 0;
  const edge = Math.min(h * 0.45, Math.min(w, l) * 0.1);
  const p = (u: number, v: number): V3 => {
    const t = u * Math.PI * 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const ox = (Math.sign(c) * Math.pow(Math.abs(c), 2 / e) * w) / 2;
    const oz = (Math.sign(s) * Math.pow(Math.abs(s), 2 / e) * l) / 2;
    const inset = (k: number): [number, number] => {
      const rx = Math.max(1e-3, w / 2 - edge);
      const rz = Math.max(1e-3, l / 2 - edge);
      return [(ox * rx * k) / (w / 2), (oz * rz * k) / (l / 2)];
    };
    if (v < 0.4) {
      const k = v / 0.4;
      const [x, z] = inset(k);
      return [x, h + dome * (1 - k * k), z];
    }
    if (v > 0.6) {
      const k = (1 - v) / 0.4;
      const [x, z] = inset(k);
      return [x, 0, z];
    }
    // the rounded rim: a half circle from the top edge to the bottom edge
    const a = ((v - 0.4) / 0.2) * Math.PI;
    const [x, z] = inset(1);
    const dx = ox - x;
    const dz = oz - z;
    const dl = Math.hypot(dx, dz) || 1;
    const out = Math.sin(a) * edge;
    const yy = h / 2 + Math.cos(a) * (h / 2);
    return [x + (dx / dl) * out, yy, z + (dz / dl) * out];
  };
  const mesh = surface(p, 96, 30, { closedU: true });
  // orientation depends on the parameterisation: make the top face up
  const probe = Math.round(0.1 * 30) * 97 + 20;
  if (mesh.normals[probe * 3 + 1]! < 0) return surface((u, v) => p(1 - u, v), 96, 30, { closedU: true });
  return mesh;
}
