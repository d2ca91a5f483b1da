/**
 * Necklaces as worn: a closed curve around a neck (62 × 55 mm ellipse at the nape), the front
 * falling lower as the chain gets longer, so a 45 cm chain drops about where a pendant sits.
 * Chains are cable links (0.8 mm wire by default), one shared mesh placed link by link, alternating a quarter turn.
 */
import { PieceScene, add, axisAngle, basis, cross, len, norm, sub, type V3 } from './mesh';
import { linkMesh, torusMesh } from './metal';
import { DIAMOND_ACCENT, dimsOf, melee, placeStone, type StoneSpec } from './settings';
import type { ModelSpec } from './spec';
import type { StoneDims } from './cuts';

const NECK_A = 62;
const NECK_B = 55;

export interface NeckCurve {
  at: (t: number) => V3;
  /** total length (mm) */
  length: number;
  drop: number;
}

/** θ = 0 is the front, lowest point; the curve is closed. */
function curveWithDrop(drop: number): (theta: number) => V3 {
  return (theta) => {
    const f = (1 + Math.cos(theta)) / 2;
    return [NECK_A * Math.sin(theta), -drop * f * f, NECK_B * Math.cos(theta)];
  };
}

function lengthOf(p: (theta: number) => V3, n = 720): number {
  let l = 0;
  let prev = p(0);
  for (let i = 1; i <= n; i++) {
    const q = p((i / n) * Math.PI * 2);
    l += len(sub(q, prev));
    prev = q;
  }
  return l;
}

/** The neck curve whose length is `length` mm (bisection on the front's drop). */
export function neckCurve(length: number): NeckCurve {
  let lo = 0;
  let hi = length;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (lengthOf(curveWithDrop(mid)) < length) lo = mid;
    else hi = mid;
  }
  const p = curveWithDrop(lo);
  // arc-length table so that links are evenly spaced
  const n = 2000;
  const table: number[] = [0];
  let prev = p(0);
  for (let i = 1; i <= n; i++) {
    const q = p((i / n) * Math.PI * 2);
    table.push(table[i - 1]! + len(sub(q, prev)));
    prev = q;
  }
  const total = table[n]!;
  const at = (s: number): V3 => {
    // s in [0, 1) of the length, from the front going towards +X
    const target = (((s % 1) + 1) % 1) * total;
    let a = 0;
    let b = n;
    while (b - a > 1) {
      const m = (a + b) >> 1;
      if (table[m]! <= target) a = m;
      else b = m;
    }
    const t = (target - table[a]!) / (table[b]! - table[a]! || 1);
    return p(((a + t) / n) * Math.PI * 2);
  };
  return { at, length: total, drop: lo };
}

/** Cable chain along the curve between two fractions of its length (default: all the way round). */
export function chain(
  scene: PieceScene,
  curve: NeckCurve,
  o: { wire?: number; linkLength?: number; from?: number; to?: number } = {},
): void {
  // a fine cable chain, as the photographs (a whole necklace in a 640 px frame) and the 360° view can show it
  const wire = o.wire ?? 0.8;
  const linkLength = o.linkLength ?? 3.4;
  const key = scene.mesh(`link:${linkLength}:${wire}`, () => linkMesh(linkLength, wire));
  const from = o.from ?? 0;
  const to = o.to ?? 1;
  // links interlock: each advances by its inside length
  const pitch = linkLength + wire * 0.2;
  const count = Math.max(2, Math.floor(((to - from) * curve.length) / pitch));
  for (let i = 0; i < count; i++) {
    const s = from + ((i + 0.5) / count) * (to - from);
    const p = curve.at(s);
    const tangent = norm(sub(curve.at(s + 0.0005), curve.at(s - 0.0005)));
    const outward = norm([p[0], 0, p[2]]);
    const side = norm(cross(tangent, outward));
    scene.add('link', key, 'metal', p, basis(tangent, i % 2 === 0 ? outward : side));
  }
}

/** A pendant hanging from the front of the chain: bail, then the stone facing forwards. */
function pendant(scene: PieceScene, curve: NeckCurve, stone: StoneSpec, d: StoneDims): void {
  const front = curve.at(0);
  const bailKey = scene.mesh('bail', () => torusMesh(1.6, 0.45, 10, 32));
  const bailAt = add(front, [0, -1.8, 0.3]);
  scene.add('bail', bailKey, 'metal', bailAt, axisAngle([0, 0, 1], Math.PI / 2));
  const at = add(bailAt, [0, -1.8 - d.length / 2 - 0.6, 1.2]);
  placeStone(scene, stone, d, {
    at,
    up: [0, 0.1, 1],
    north: [0, 1, 0],
    setting: stone.isPearl ? 'none' : 'prongs',
    prongs: d.cut === 'round' ? 6 : 4,
    named: true,
  });
}

/** Stones in collets along the front of the curve, graduated towards the centre. */
function riviere(scene: PieceScene, curve: NeckCurve, stone: StoneSpec, carat: number, span = 0.62): void {
  // sizes from 1 (sides) to 1.8 (centre); the piece's weight shared in proportion to size³
  const n = 31;
  const sizes = Array.from({ length: n }, (_, i) => 1 + 0.8 * Math.pow(Math.cos(((i - (n - 1) / 2) / n) * Math.PI), 2));
  const volume = sizes.reduce((s, k) => s + k ** 3, 0);
  const dims = sizes.map((k) => {
    const d = dimsOf(stone, (carat * k ** 3) / volume);
    // very light pieces still read as a line of stones
    return d.width < 2 ? dimsOf(stone, (0.03 * k ** 3) / 1) : d;
  });
  const totalLength = dims.reduce((s, d) => s + d.length + 0.5, 0);
  const frac = Math.min(span, totalLength / curve.length);
  let s = -frac / 2;
  for (let i = 0; i < n; i++) {
    const d = dims[i]!;
    const step = (d.length + 0.5) / curve.length;
    const mid = s + step / 2;
    const p = curve.at(mid);
    const tangent = norm(sub(curve.at(mid + 0.0005), curve.at(mid - 0.0005)));
    const outward = norm([p[0], 0.35, p[2]]);
    placeStone(scene, stone, d, { at: p, up: outward, north: tangent, setting: stone.isPearl ? 'none' : 'collet' });
    s += step;
  }
  chain(scene, curve, { from: frac / 2, to: 1 - frac / 2 });
}

export function buildNecklace(scene: PieceScene, spec: ModelSpec): void {
  const stone = spec.stone;
  switch (spec.form) {
    case 'riviere': {
      const curve = neckCurve(400);
      if (!stone) {
        chain(scene, curve, { wire: 1, linkLength: 4.2 });
        return;
      }
      riviere(scene, curve, stone, stone.carat);
      return;
    }
    case 'sautoir': {
      const curve = neckCurve(800);
      if (!stone) {
        chain(scene, curve);
        return;
      }
      // stations along the chain, and the stone at the bottom, its bail on the chain
      chain(scene, curve);
      const station = stone.isPearl ? dimsOf(stone, 0.9) : melee(3);
      for (let k = 1; k < 10; k++) {
        const s = k / 10;
        const p = curve.at(s);
        placeStone(scene, stone.isPearl ? stone : DIAMOND_ACCENT, station, {
          at: p,
          up: norm([p[0], 0, p[2]]),
          north: norm(sub(curve.at(s + 0.001), curve.at(s - 0.001))),
          setting: stone.isPearl ? 'none' : 'collet',
          kind: 'accent',
        });
      }
      pendant(scene, curve, stone, dimsOf(stone, stone.carat));
      return;
    }
    case 'chain': {
      const curve = neckCurve(450);
      chain(scene, curve, { wire: 0.9, linkLength: 3.8, from: stone ? 0.01 : 0, to: stone ? 0.99 : 1 });
      if (!stone) return;
      // a single station at the front, threaded on the chain
      const d = dimsOf(stone, stone.carat);
      placeStone(scene, stone, d, {
        at: add(curve.at(0), [0, 0, 1]),
        up: [0, 0.2, 1],
        north: [1, 0, 0],
        setting: stone.isPearl ? 'none' : 'collet',
      });
      return;
    }
    default: {
      const curve = neckCurve(450);
      chain(scene, curve);
      if (!stone) return;
      pendant(scene, curve, stone, dimsOf(stone, stone.carat));
      return;
    }
  }
}
