/** Metal meshes: bands/torii swept around an axis, and tubes along a polyline. */
import { metalShade, type Metal } from './palette.js';
import { type Camera, type Scene, type Vec3, add, cross, dot, mul, norm, sub } from './scene.js';

export interface SweepOpts {
  center: Vec3;
  axis: Vec3;
  radius: number;
  /** closed loop of [radial, axial] offsets */
  profile: readonly (readonly [number, number])[];
  segments: number;
  /** choose a layer for a quad from its world centre (default: constant) */
  layer: number | ((c: Vec3) => number);
  depthBias?: number;
  /** restrict the sweep to angles [t0, t1] (radians, 0 = top) */
  range?: readonly [number, number];
}

export function perpBasis(axis: Vec3): { u: Vec3; w: Vec3 } {
  const a = norm(axis);
  const ref: Vec3 = Math.abs(a[2]) < 0.9 ? [0, 0, 1] : [0, -1, 0];
  // u: the direction closest to `ref` (world up) inside the plane — angle 0 is "top"
  const u = norm(sub(ref, mul(a, dot(ref, a))));
  const w = cross(a, u);
  return { u, w };
}

export function sweep(scene: Scene, cam: Camera, metal: Metal, o: SweepOpts): void {
  const a = norm(o.axis);
  const { u, w } = perpBasis(a);
  const prof = o.profile;
  // profile centroid → outward normals
  let pc0 = 0;
  let pc1 = 0;
  for (const p of prof) {
    pc0 += p[0] / prof.length;
    pc1 += p[1] / prof.length;
  }
  const [t0, t1] = o.range ?? [0, Math.PI * 2];
  const segs = o.segments;
  const pos = (t: number, p: readonly [number, number]): Vec3 => {
    const e = add(mul(u, Math.cos(t)), mul(w, Math.sin(t)));
    return add(o.center, add(mul(e, o.radius + p[0]), mul(a, p[1])));
  };
  for (let i = 0; i < segs; i++) {
    const ta = t0 + ((t1 - t0) * i) / segs;
    const tb = t0 + ((t1 - t0) * (i + 1)) / segs;
    const tm = (ta + tb) / 2;
    const e = add(mul(u, Math.cos(tm)), mul(w, Math.sin(tm)));
    for (let j = 0; j < prof.length; j++) {
      const p = prof[j];
      const q = prof[(j + 1) % prof.length];
      if (!p || !q) continue;
      const dr = q[0] - p[0];
      const da = q[1] - p[1];
      let nr = da;
      let na = -dr;
      const mr = (p[0] + q[0]) / 2 - pc0;
      const ma = (p[1] + q[1]) / 2 - pc1;
      if (nr * mr + na * ma < 0) {
        nr = -nr;
        na = -na;
      }
      const n = norm(add(mul(e, nr), mul(a, na)));
      const nc = cam.toCamSpace(n);
      if (nc[2] <= 0) continue;
      const quad = [pos(ta, p), pos(tb, p), pos(tb, q), pos(ta, q)];
      const pr = quad.map((x) => cam.project(x));
      const depth = pr.reduce((s, x) => s + x[2], 0) / 4 + (o.depthBias ?? 0);
      const centre = mul(add(add(quad[0] ?? [0, 0, 0], quad[1] ?? [0, 0, 0]), add(quad[2] ?? [0, 0, 0], quad[3] ?? [0, 0, 0])), 0.25);
      const layer = typeof o.layer === 'number' ? o.layer : o.layer(centre);
      scene.poly(
        layer,
        depth,
        pr.map((x) => [x[0], x[1]] as const),
        metalShade(metal, nc),
        0.6,
      );
    }
  }
}

/** Profile of a band: domed outside, flat inside, with soft edges. */
export function bandProfile(halfWidth: number, thickness: number, dome: number, steps = 6): [number, number][] {
  const out: [number, number][] = [];
  const t = thickness / 2;
  const bev = Math.min(halfWidth, t) * 0.35;
  for (let i = 0; i <= steps; i++) {
    const s = -1 + (2 * i) / steps;
    const hw = halfWidth - bev * 0.3;
    out.push([t + dome * (1 - s * s), s * hw]);
  }
  out.push([t - bev, halfWidth]);
  out.push([-t + bev * 0.6, halfWidth]);
  out.push([-t, halfWidth - bev * 0.6]);
  out.push([-t, -halfWidth + bev * 0.6]);
  out.push([-t + bev * 0.6, -halfWidth]);
  out.push([t - bev, -halfWidth]);
  return out;
}

export function circleProfile(r: number, steps = 10, squash = 1): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    out.push([Math.cos(t) * r * squash, Math.sin(t) * r]);
  }
  return out;
}

/** A round wire along a polyline (prongs, links). */
export function tube(
  scene: Scene,
  cam: Camera,
  metal: Metal,
  pts: readonly Vec3[],
  radius: number | readonly number[],
  layer: number | ((c: Vec3) => number),
  sides = 8,
  depthBias = 0,
): void {
  const rAt = (i: number) => (typeof radius === 'number' ? radius : (radius[i] ?? radius[radius.length - 1] ?? 1));
  for (let i = 0; i + 1 < pts.length; i++) {
    const p = pts[i];
    const q = pts[i + 1];
    if (!p || !q) continue;
    const d = norm(sub(q, p));
    const { u, w } = perpBasis(d);
    for (let k = 0; k < sides; k++) {
      const a0 = (k / sides) * Math.PI * 2;
      const a1 = ((k + 1) / sides) * Math.PI * 2;
      const am = (a0 + a1) / 2;
      const e0 = add(mul(u, Math.cos(a0)), mul(w, Math.sin(a0)));
      const e1 = add(mul(u, Math.cos(a1)), mul(w, Math.sin(a1)));
      const n = add(mul(u, Math.cos(am)), mul(w, Math.sin(am)));
      const nc = cam.toCamSpace(n);
      if (nc[2] <= 0) continue;
      const quad = [add(p, mul(e0, rAt(i))), add(p, mul(e1, rAt(i))), add(q, mul(e1, rAt(i + 1))), add(q, mul(e0, rAt(i + 1)))];
      const pr = quad.map((x) => cam.project(x));
      const depth = pr.reduce((s, x) => s + x[2], 0) / 4 + depthBias;
      const c = mul(add(p, q), 0.5);
      const l = typeof layer === 'number' ? layer : layer(c);
      scene.poly(
        l,
        depth,
        pr.map((x) => [x[0], x[1]] as const),
        metalShade(metal, nc),
        0.5,
      );
    }
  }
  // rounded tip
  const last = pts[pts.length - 1];
  if (last) {
    const s = cam.project(last);
    const r = rAt(pts.length - 1) * cam.scale;
    const l = typeof layer === 'number' ? layer : layer(last);
    scene.add(
      l,
      s[2] + depthBias + 0.01,
      `<circle cx="${s[0].toFixed(1)}" cy="${s[1].toFixed(1)}" r="${r.toFixed(2)}" fill="${metalShade(metal, [-0.35, 0.45, 0.82])}"/>`,
    );
  }
}

/** A small metal bead (prong tips, granulation) — shaded sphere in 2D. */
export function bead(scene: Scene, cam: Camera, metal: Metal, at: Vec3, r: number, layer: number, depthBias = 0): void {
  const s = cam.project(at);
  const R = r * cam.scale;
  const dark = metalShade(metal, [0.55, -0.55, 0.62]);
  const mid = metalShade(metal, [0.1, 0.1, 0.99]);
  const hi = metalShade(metal, [-0.4, 0.5, 0.77]);
  const x = s[0];
  const y = s[1];
  scene.add(
    layer,
    s[2] + depthBias,
    `<circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="${R.toFixed(2)}" fill="${dark}"/>` +
      `<circle cx="${(x - R * 0.12).toFixed(2)}" cy="${(y - R * 0.12).toFixed(2)}" r="${(R * 0.78).toFixed(2)}" fill="${mid}"/>` +
      `<circle cx="${(x - R * 0.3).toFixed(2)}" cy="${(y - R * 0.3).toFixed(2)}" r="${(R * 0.36).toFixed(2)}" fill="${hi}"/>`,
  );
}
