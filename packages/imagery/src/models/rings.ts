/**
 * Rings, sized EU 52 / US 6 (16.5 mm inside). The finger runs along X, the top of the ring is +Y;
 * elongated stones lie along the finger. The shank is round inside; its width and thickness may
 * swell towards the head.
 */
import { PieceScene, type V3 } from './mesh';
import { shankMesh, slabMesh } from './metal';
import { DIAMOND_ACCENT, dimsOf, melee, placeStone, prongRadius, type StoneSpec } from './settings';
import type { ModelSpec } from './spec';
import { dimsFor, girdlePoint, stoneDims, type StoneDims } from './cuts';

/** EU size = inner circumference in mm. */
export const RING_SIZE_EU = 52;
export const RING_INNER_DIAMETER = RING_SIZE_EU / Math.PI;
const RI = RING_INNER_DIAMETER / 2;

const ALONG_FINGER: V3 = [1, 0, 0];

interface ShankShape {
  bottomWidth: number;
  topWidth: number;
  bottomThickness: number;
  topThickness: number;
  squareness?: number;
}

/** Adds the shank; returns the outer radius at the top (where the head sits). */
function shank(scene: PieceScene, s: ShankShape): number {
  // 1 at the top, 0 from the sides down
  const swell = (phi: number) => Math.pow(Math.max(0, Math.cos(phi)), 3);
  const key = scene.mesh(`shank:${s.bottomWidth}:${s.topWidth}:${s.bottomThickness}:${s.topThickness}:${s.squareness ?? 2.6}`, () =>
    shankMesh({
      innerDiameter: RING_INNER_DIAMETER,
      width: (phi) => s.bottomWidth + (s.topWidth - s.bottomWidth) * swell(phi),
      thickness: (phi) => s.bottomThickness + (s.topThickness - s.bottomThickness) * swell(phi),
      squareness: s.squareness ?? 2.6,
    }),
  );
  scene.add('band', key, 'metal', [0, 0, 0], [0, 0, 0, 1], { numbered: false });
  return RI + s.topThickness;
}

/**
 * A centre stone on claw prongs above the shank: the culet clears the top of the shank by
 * `clearance` mm and the prongs reach down into it.
 */
function centreStone(
  scene: PieceScene,
  stone: StoneSpec,
  d: StoneDims,
  top: number,
  clearance: number,
  prongs: 4 | 6,
  shankWidth: number,
): number {
  const gy = top + clearance + d.girdle / 2 + d.pavilion;
  placeStone(scene, stone, d, {
    at: [0, gy, 0],
    north: ALONG_FINGER,
    setting: stone.isPearl ? 'none' : 'prongs',
    prongs,
    named: true,
    prongBase: (angle) => {
      const g = girdlePoint(d, angle);
      // local Z is the finger (world X): keep the feet within the shank's width
      const half = Math.max(0.3, shankWidth / 2 - prongRadius(d));
      return [g[0] * 0.4, -(gy - top) - 0.45, Math.max(-half, Math.min(half, g[2] * 0.3))];
    },
  });
  return gy;
}

/** A row of small diamonds along the top of the shank, between two angles from the top. */
function shoulderPave(scene: PieceScene, top: number, from: number, to: number, size: number, perSide: number): void {
  const d = melee(size);
  for (const side of [-1, 1]) {
    for (let i = 0; i < perSide; i++) {
      const phi = side * (from + ((to - from) * i) / Math.max(1, perSide - 1));
      const up: V3 = [0, Math.cos(phi), Math.sin(phi)];
      const r = top - d.crown * 0.35 - d.girdle / 2;
      placeStone(scene, DIAMOND_ACCENT, d, { at: [0, up[1] * r, up[2] * r], up, north: ALONG_FINGER, setting: 'pave', kind: 'accent' });
    }
  }
}

/** Small diamonds around a stone's girdle (a halo), sitting a little lower than the centre. */
export function halo(scene: PieceScene, d: StoneDims, at: V3, up: V3, north: V3, rows = 1): void {
  const size = Math.max(0.9, Math.min(1.8, 0.16 * Math.min(d.width, d.length)));
  let offset = prongRadius(d) * 0.6 + size * 0.55;
  for (let row = 0; row < rows; row++) {
    // walk the outline at a distance, one stone every (size × 1.06)
    const samples = 180;
    const pts: V3[] = [];
    for (let i = 0; i < samples; i++) {
      const a = (i / samples) * Math.PI * 2;
      const g = girdlePoint(d, a);
      const l = Math.hypot(g[0], g[2]) || 1;
      pts.push([g[0] + (g[0] / l) * offset, 0, g[2] + (g[2] / l) * offset]);
    }
    let perimeter = 0;
    for (let i = 0; i < samples; i++)
      perimeter += Math.hypot(pts[(i + 1) % samples]![0] - pts[i]![0], pts[(i + 1) % samples]![2] - pts[i]![2]);
    const n = Math.max(8, Math.floor(perimeter / (size * 1.06)));
    const m = melee(size);
    let walked = 0;
    let next = 0;
    let placed = 0;
    for (let i = 0; i < samples && placed < n; i++) {
      const p = pts[i]!;
      const q = pts[(i + 1) % samples]!;
      const seg = Math.hypot(q[0] - p[0], q[2] - p[2]);
      while (next <= walked + seg && placed < n) {
        const t = (next - walked) / (seg || 1);
        const local: V3 = [p[0] + (q[0] - p[0]) * t, -d.crown * 0.25 - m.crown * 0.4 - row * m.crown * 0.6, p[2] + (q[2] - p[2]) * t];
        placeStone(scene, DIAMOND_ACCENT, m, { at: toWorld(local, at, up, north), up, north, setting: 'pave', kind: 'accent' });
        placed++;
        next += perimeter / n;
      }
      walked += seg;
    }
    offset += size * 1.05;
  }
}

/** A point in a stone's frame (up = +Y, north = +Z) to world space, for up along +Y only and north along X or Z. */
function toWorld(local: V3, at: V3, up: V3, north: V3): V3 {
  const x: V3 = [up[1] * north[2] - up[2] * north[1], up[2] * north[0] - up[0] * north[2], up[0] * north[1] - up[1] * north[0]];
  return [
    at[0] + x[0] * local[0] + up[0] * local[1] + north[0] * local[2],
    at[1] + x[1] * local[0] + up[1] * local[1] + north[1] * local[2],
    at[2] + x[2] * local[0] + up[2] * local[1] + north[2] * local[2],
  ];
}

export function buildRing(scene: PieceScene, spec: ModelSpec): void {
  const stone = spec.stone;
  const d = stone ? dimsOf(stone, stone.carat) : null;
  switch (spec.form) {
    case 'halo': {
      if (!stone || !d) {
        plainBand(scene);
        return;
      }
      const top = shank(scene, { bottomWidth: 2, topWidth: 2.3, bottomThickness: 1.6, topThickness: 1.8 });
      const gy = centreStone(scene, stone, d, top, 0.5, 4, 2.3);
      halo(scene, d, [0, gy, 0], [0, 1, 0], ALONG_FINGER);
      shoulderPave(scene, top, 0.32, 1.05, 1.15, 7);
      return;
    }
    case 'trilogy': {
      if (!stone || !d) {
        plainBand(scene);
        return;
      }
      const top = shank(scene, { bottomWidth: 2, topWidth: 2.6, bottomThickness: 1.6, topThickness: 1.9 });
      const gy = centreStone(scene, stone, d, top, 0.6, d.cut === 'round' ? 6 : 4, 2.6);
      const side = dimsOf(stone, stone.carat * 0.45);
      // side stones lean outwards on the ring's curve, their girdles just clear of the centre's
      const r = top + 0.3 + side.girdle / 2 + side.pavilion;
      const gap = (d.width / 2 + side.width / 2 + prongRadius(d) * 2.6) / gy;
      for (const s of [-1, 1]) {
        const phi = s * gap;
        const up: V3 = [0, Math.cos(phi), Math.sin(phi)];
        placeStone(scene, stone, side, {
          at: [0, up[1] * r, up[2] * r],
          up,
          north: ALONG_FINGER,
          setting: stone.isPearl ? 'none' : 'prongs',
          prongs: 4,
        });
      }
      return;
    }
    case 'cocktail': {
      if (!stone || !d) {
        plainBand(scene);
        return;
      }
      const top = shank(scene, { bottomWidth: 2.4, topWidth: 5, bottomThickness: 1.7, topThickness: 2.4 });
      const gy = centreStone(scene, stone, d, top, 1.2, d.cut === 'round' ? 6 : 4, 5);
      halo(scene, d, [0, gy, 0], [0, 1, 0], ALONG_FINGER, 2);
      return;
    }
    case 'signet':
      signet(scene, stone, d);
      return;
    case 'band':
      if (stone) eternity(scene, stone);
      else plainBand(scene);
      return;
    case 'ring': {
      if (!stone || !d) {
        plainBand(scene);
        return;
      }
      const top = shank(scene, { bottomWidth: 2.2, topWidth: 3, bottomThickness: 1.7, topThickness: 2 });
      centreStone(scene, stone, d, top, 0.15, 4, 3);
      return;
    }
    default: {
      // solitaire: a high six-claw head for round stones, four claws on the corners otherwise
      if (!stone || !d) {
        plainBand(scene);
        return;
      }
      const top = shank(scene, { bottomWidth: 2, topWidth: 2.2, bottomThickness: 1.6, topThickness: 1.75 });
      centreStone(scene, stone, d, top, 0.35, d.cut === 'round' ? 6 : 4, 2.2);
    }
  }
}

function plainBand(scene: PieceScene): void {
  shank(scene, { bottomWidth: 4, topWidth: 4, bottomThickness: 1.8, topThickness: 1.8, squareness: 2.4 });
}

/** A half-eternity band: the piece's weight shared by a row of stones across the top. */
function eternity(scene: PieceScene, stone: StoneSpec & { carat: number }): void {
  const top = shank(scene, { bottomWidth: 2.6, topWidth: 3.2, bottomThickness: 1.7, topThickness: 2.1, squareness: 3 });
  const cut = stone.cut === 'princess' || stone.cut === 'step' ? stone.cut : 'round';
  const arc = Math.PI * 0.8 * top;
  let best = { n: 5, d: dimsFor(cut, 2) };
  for (let n = 5; n <= 25; n++) {
    const d = stoneDims(cut, stone.carat / n, stone.type, stone.cutText);
    if (n * (d.length + 0.25) <= arc && d.width <= 3.4) {
      best = { n, d };
      break;
    }
  }
  if (best.d.width > 3.4) best = { n: best.n, d: dimsFor(cut, 3.2) };
  const { n, d } = best;
  const span = (n - 1) * (d.length + 0.25);
  for (let i = 0; i < n; i++) {
    const phi = (-span / 2 + i * (d.length + 0.25)) / top;
    const up: V3 = [0, Math.cos(phi), Math.sin(phi)];
    const r = top - d.crown * 0.3;
    placeStone(scene, { ...stone, cut }, d, {
      at: [0, up[1] * r, up[2] * r],
      up,
      north: [0, -Math.sin(phi), Math.cos(phi)],
      setting: 'pave',
      kind: 'stone',
    });
  }
}

function signet(scene: PieceScene, stone: (StoneSpec & { carat: number }) | null, d: StoneDims | null): void {
  const top = shank(scene, { bottomWidth: 3, topWidth: 8, bottomThickness: 1.8, topThickness: 2.2, squareness: 2.8 });
  const w = Math.max(10, (d?.length ?? 0) + 3.5);
  const l = Math.max(11.5, (d?.width ?? 0) + 3.5);
  const h = 2.2;
  const base = top - 1.1;
  const key = scene.mesh(`signet-face:${w}:${l}`, () => slabMesh(w, l, h, { squareness: 2.6, dome: 0.25 }));
  scene.add('face', key, 'metal', [0, base, 0], [0, 0, 0, 1], { numbered: false });
  if (!stone || !d) return;
  // set flush: the table a hair above the face
  const gy = base + h + 0.25 - d.crown - d.girdle / 2;
  placeStone(scene, stone, d, { at: [0, gy, 0], north: ALONG_FINGER, setting: stone.isPearl ? 'none' : 'bezel' });
}
