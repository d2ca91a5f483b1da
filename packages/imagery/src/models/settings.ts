/**
 * How stones are held: claw prongs that rise along the pavilion, touch the girdle and fold over
 * the crown; collets (a cup around the girdle with small claws on its rim); bezels; pavé beads.
 * Built in the stone's local frame (girdle centre at the origin, table +Y, length +Z) and placed
 * with the stone's own transform, so a setting fits its stone whatever the piece.
 */
import { dimsFor, girdlePoint, pearlDiameter, pearlMesh, stoneDims, stoneMesh, type Cut, type StoneDims } from './cuts';
import {
  PieceScene,
  add,
  mergeMeshes,
  mul,
  norm,
  orient,
  rotateVec,
  transformMesh,
  type MaterialRole,
  type MeshData,
  type V3,
} from './mesh';
import { beadMesh, wallMesh, wireMesh } from './metal';

export interface StoneSpec {
  cut: Cut;
  /** the catalogue's own word for the cut (emerald, asscher, baguette…) */
  cutText: string;
  type: string;
  isPearl: boolean;
  isOpaque: boolean;
}

export const meshKeyOf = (d: StoneDims) => `stone:${d.cut}:${d.width.toFixed(3)}:${d.length.toFixed(3)}`;

/** Prong wire radius for a stone of this width: about 1 mm wide on a 1 ct brilliant. */
export const prongRadius = (d: StoneDims) => Math.max(0.22, Math.min(0.75, 0.075 * Math.min(d.width, d.length) + 0.02));

/** Prong angles: six for a round solitaire, else four on the corners (a V at a pear's point, claws at a marquise's tips). */
export function prongAngles(d: StoneDims, count: 3 | 4 | 6): number[] {
  if (count === 6) return Array.from({ length: 6 }, (_, i) => (i * Math.PI) / 3 + Math.PI / 6);
  if (count === 3) return [Math.PI / 2, Math.PI / 2 + (2 * Math.PI) / 3, Math.PI / 2 + (4 * Math.PI) / 3];
  if (d.cut === 'pear') return [Math.PI / 2, -Math.PI / 2 + 0.7, -Math.PI / 2 - 0.7, 0.15, Math.PI - 0.15];
  if (d.cut === 'marquise') return [Math.PI / 2, -Math.PI / 2, 0.45, Math.PI - 0.45, -0.45, Math.PI + 0.45];
  const c = Math.atan2(d.length, d.width);
  return [c, Math.PI - c, Math.PI + c, -c];
}

/**
 * The centre line of one prong in the stone's frame: from `base` up along the pavilion, against
 * the girdle, and over the crown's edge. The wire's axis passes 0.75 r outside the girdle, so it
 * touches (and slightly grips) the stone.
 */
export function prongPath(d: StoneDims, angle: number, base: V3, r: number): V3[] {
  const g = girdlePoint(d, angle);
  const out = norm([g[0], 0, g[2]]);
  const g2 = d.girdle / 2;
  const contact = add(g, mul(out, r * 0.75));
  const tip = add(add(g, mul(out, -r * 0.55)), [0, g2 + d.crown * 0.32, 0]);
  const f = 0.45; // part way down the pavilion
  const under = add(add(mul(g, 1 - f), mul(out, r * 0.85)), [0, -g2 - d.pavilion * f, 0]);
  return [base, under, add(contact, [0, -g2, 0]), add(contact, [0, g2, 0]), tip];
}

export interface SetOptions {
  at: V3;
  up?: V3;
  north?: V3;
  material?: MaterialRole;
  /** 'prongs' for centre stones, 'collet' for small stones in lines, 'bezel' rims the girdle, 'pave' sits on beads */
  setting: 'prongs' | 'collet' | 'bezel' | 'pave' | 'none';
  prongs?: 3 | 4 | 6;
  /** where the prongs gather below the stone, in the stone's frame (default: under the culet) */
  prongBase?: (angle: number) => V3;
  /** name nodes separately (the main stone's prongs) or merge the setting into one mesh */
  named?: boolean;
  /** 'stone' (default) or 'accent' */
  kind?: 'stone' | 'accent';
}

/** Places one stone with its setting; returns the stone's dimensions. */
export function placeStone(scene: PieceScene, spec: StoneSpec, d: StoneDims, o: SetOptions): StoneDims {
  const q = orient(o.up ?? [0, 1, 0], o.north ?? [0, 0, 1]);
  const kind = o.kind ?? 'stone';
  if (spec.isPearl) {
    const key = `pearl:${d.width.toFixed(3)}`;
    scene.mesh(key, () => pearlMesh(d.width));
    // a pearl sits on a peg in a small cup: its centre above the cup
    scene.add(kind, key, 'pearl', add(o.at, rotateVec(q, [0, d.width * 0.42, 0])), q);
    const cupKey = `pearl-cup:${d.width.toFixed(3)}`;
    scene.mesh(cupKey, () => wallMesh(circleLoop(d.width * 0.22, 24), { thickness: 0.35, height: d.width * 0.16, bottom: 0 }));
    scene.add('setting', cupKey, 'metal', o.at, q);
    return d;
  }
  const key = scene.mesh(meshKeyOf(d), () => stoneMesh(d));
  scene.add(kind, key, o.material ?? (kind === 'accent' ? 'accent' : 'stone'), o.at, q);
  if (o.setting === 'none') return d;
  const settingKey = `setting:${o.setting}:${o.prongs ?? 4}:${meshKeyOf(d)}:${o.prongBase ? 'custom' : 'default'}`;
  if (o.setting === 'prongs' && o.named) {
    for (const angle of prongAngles(d, o.prongs ?? 4)) {
      const mesh = prongMesh(d, angle, o.prongBase);
      const k = `${settingKey}:${angle.toFixed(4)}:${scene.meshes.size}`;
      scene.mesh(k, () => mesh);
      scene.add('prong', k, 'metal', o.at, q);
    }
    const galleryKey = `gallery:${meshKeyOf(d)}`;
    scene.mesh(galleryKey, () => galleryMesh(d));
    scene.add('gallery', galleryKey, 'metal', o.at, q);
    return d;
  }
  scene.mesh(settingKey, () => settingMesh(d, o));
  scene.add('setting', settingKey, 'metal', o.at, q);
  return d;
}

function prongMesh(d: StoneDims, angle: number, base?: (angle: number) => V3): MeshData {
  const r = prongRadius(d);
  const g = girdlePoint(d, angle);
  const b = base ? base(angle) : add(mul(g, 0.3), [0, -d.girdle / 2 - d.pavilion - Math.max(0.6, d.width * 0.12), 0]);
  return wireMesh(prongPath(d, angle, b, r), r * 1.1, r * 0.85, { radial: 10 });
}

function settingMesh(d: StoneDims, o: SetOptions): MeshData {
  const parts: MeshData[] = [];
  const g2 = d.girdle / 2;
  const loop = outlineLoop(d, 1.0 + 0.02, 48);
  const wall = Math.max(0.2, 0.09 * d.width);
  if (o.setting === 'prongs') {
    for (const a of prongAngles(d, o.prongs ?? 4)) parts.push(prongMesh(d, a, o.prongBase));
    parts.push(galleryMesh(d));
  } else if (o.setting === 'collet' || o.setting === 'pave') {
    const depth = o.setting === 'collet' ? d.pavilion * 0.85 + g2 : g2 + d.pavilion * 0.35;
    parts.push(wallMesh(loop, { thickness: wall, height: depth + g2 + d.crown * 0.12, bottom: -depth, taper: 0.2 }));
    const bead = Math.max(0.16, 0.1 * d.width);
    const angles = o.setting === 'collet' ? prongAngles(d, 4) : [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2].map((a) => a + Math.PI / 4);
    for (const a of angles) {
      const g = girdlePoint(d, a);
      const out = norm([g[0], 0, g[2]]);
      parts.push(transformMesh(beadMesh(bead, 8), add(add(g, mul(out, bead * 0.2)), [0, g2 + d.crown * 0.22, 0])));
    }
  } else if (o.setting === 'bezel') {
    parts.push(
      wallMesh(loop, {
        thickness: wall * 1.4,
        height: d.pavilion * 0.7 + d.girdle + d.crown * 0.35,
        bottom: -g2 - d.pavilion * 0.7,
        flare: -wall * 0.4,
      }),
    );
  }
  return mergeMeshes(parts);
}

/** The gallery rail under the girdle that ties the prongs together, against the pavilion. */
function galleryMesh(d: StoneDims): MeshData {
  const f = 0.45;
  const r = prongRadius(d);
  const loop = outlineLoop(d, 1 - f, 48).map((p) => add(p, mul(norm([p[0], 0, p[2]]), r * 0.3)));
  return wallMesh(loop, { thickness: r * 1.2, height: r * 1.3, bottom: -d.girdle / 2 - d.pavilion * f - r * 0.65 });
}

/** The girdle outline scaled by `k`, as a loop for walls (local frame, y = 0). */
export function outlineLoop(d: StoneDims, k: number, n = 48): V3[] {
  return Array.from({ length: n }, (_, i) => mul(girdlePoint(d, (i / n) * Math.PI * 2), k));
}

export function circleLoop(r: number, n = 32): V3[] {
  return Array.from({ length: n }, (_, i) => [Math.cos((i / n) * Math.PI * 2) * r, 0, Math.sin((i / n) * Math.PI * 2) * r] as V3);
}

/** A stone's dimensions from the catalogue: weight-true, pearls by their own density. */
export function dimsOf(spec: StoneSpec, carat: number): StoneDims {
  if (spec.isPearl) {
    const dia = Math.min(14, Math.max(3, pearlDiameter(carat)));
    return { cut: 'round', width: dia, length: dia, crown: dia / 2, girdle: 0, pavilion: dia / 2, corner: 0 };
  }
  const cut: Cut = spec.isOpaque ? 'cabochon' : spec.cut;
  return stoneDims(cut, carat, spec.type, spec.cutText);
}

/** Small round diamonds (halos, pavé, shoulders), by diameter. */
export const melee = (diameter: number): StoneDims => dimsFor('round', diameter);

export const DIAMOND_ACCENT: StoneSpec = { cut: 'round', cutText: 'round', type: 'diamond', isPearl: false, isOpaque: false };

/** A row of accents along a path of points with their outward normals. */
export function accentRow(
  scene: PieceScene,
  d: StoneDims,
  points: { at: V3; up: V3; north: V3 }[],
  setting: SetOptions['setting'] = 'pave',
): void {
  for (const p of points) placeStone(scene, DIAMOND_ACCENT, d, { at: p.at, up: p.up, north: p.north, setting, kind: 'accent' });
}
