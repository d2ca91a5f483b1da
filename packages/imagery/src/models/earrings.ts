/**
 * Earrings: a pair 24 mm apart along X, facing the viewer (+Z), hanging down (−Y). The piece's
 * carat is the pair's total: each ear carries half.
 */
import { dimsFor, type StoneDims } from './cuts';
import { PieceScene, axisAngle, type V3 } from './mesh';
import { torusMesh, wireMesh } from './metal';
import { DIAMOND_ACCENT, dimsOf, melee, placeStone, type StoneSpec } from './settings';
import type { ModelSpec } from './spec';

const FACING: V3 = [0, 0, 1];
const UPRIGHT: V3 = [0, 1, 0];
const PAIR = [-12, 12];

/** The post behind a stud: 0.8 mm wire, 11 mm long, from the back of the setting. */
function post(scene: PieceScene, x: number, y: number, back: number): void {
  const key = scene.mesh(`post:${back.toFixed(3)}`, () =>
    wireMesh(
      [
        [0, 0, -back],
        [0, 0, -back - 5],
        [0, 0, -back - 11],
      ],
      0.4,
      0.4,
      { radial: 10 },
    ),
  );
  scene.add('post', key, 'metal', [x, y, 0]);
}

function jumpRing(scene: PieceScene, at: V3, r: number, wire: number, turned = false): void {
  const key = scene.mesh(`jump:${r}:${wire}`, () => torusMesh(r, wire / 2, 8, 24));
  // the ring in the XY plane (facing the viewer) or edge-on (turned, to link with the next)
  scene.add('link', key, 'metal', at, turned ? axisAngle([0, 0, 1], Math.PI / 2) : axisAngle([1, 0, 0], Math.PI / 2));
}

function studs(scene: PieceScene, stone: StoneSpec, d: StoneDims): void {
  for (const x of PAIR) {
    placeStone(scene, stone, d, { at: [x, 0, 0], up: FACING, north: UPRIGHT, setting: stone.isPearl ? 'none' : 'prongs', prongs: 4 });
    post(scene, x, 0, stone.isPearl ? 0 : d.girdle / 2 + d.pavilion);
  }
}

function drops(scene: PieceScene, stone: StoneSpec, d: StoneDims): void {
  const top = melee(3);
  for (const x of PAIR) {
    placeStone(scene, DIAMOND_ACCENT, top, { at: [x, 0, 0], up: FACING, north: UPRIGHT, setting: 'collet', kind: 'accent' });
    post(scene, x, 0, top.girdle / 2 + top.pavilion);
    jumpRing(scene, [x, -top.length / 2 - 1.2, -0.6], 0.9, 0.6, true);
    const y = -top.length / 2 - 2.4 - d.length / 2;
    placeStone(scene, stone, d, { at: [x, y, 0], up: FACING, north: UPRIGHT, setting: stone.isPearl ? 'none' : 'collet' });
  }
}

function hoops(scene: PieceScene, stone: StoneSpec | null, carat: number): void {
  const R = 11;
  const tube = 1.3;
  const key = scene.mesh(`hoop:${R}:${tube}`, () => torusMesh(R, tube, 16, 96));
  for (const x of [-16, 16]) {
    scene.add('hoop', key, 'metal', [x, -R, 0], axisAngle([1, 0, 0], Math.PI / 2));
    if (!stone) continue;
    // a row of the piece's stones across the front of the lower half, their weight shared out
    const n = 13;
    const each = dimsOf(stone, carat / 2 / n);
    const size = Math.min(tube * 1.6, Math.max(1.1, each.width));
    const m = stone.isPearl
      ? { ...each, width: size, length: size, crown: size / 2, pavilion: size / 2 }
      : stone.isOpaque
        ? dimsFor('cabochon', size)
        : melee(size);
    const rowStone = stone.isPearl || stone.isOpaque ? stone : { ...stone, cut: 'round' as const };
    for (let i = 0; i < n; i++) {
      const a = -Math.PI / 2 + ((i - (n - 1) / 2) * (size * 1.1)) / R;
      const at: V3 = [x + Math.cos(a) * R, -R + Math.sin(a) * R, tube * 0.8];
      placeStone(scene, rowStone, m, { at, up: FACING, north: [Math.cos(a), Math.sin(a), 0], setting: stone.isPearl ? 'none' : 'pave' });
    }
  }
}

function chandeliers(scene: PieceScene, stone: StoneSpec, carat: number): void {
  const top = melee(3.2);
  const main = dimsOf(stone, carat * 0.3);
  const side = melee(2.4);
  for (const x of PAIR) {
    placeStone(scene, DIAMOND_ACCENT, top, { at: [x, 0, 0], up: FACING, north: UPRIGHT, setting: 'collet', kind: 'accent' });
    post(scene, x, 0, top.girdle / 2 + top.pavilion);
    // a fan-shaped frame: an arc of wire with five pendants hanging from it
    const arcY = -top.length / 2 - 4;
    const pts: V3[] = [];
    for (let i = 0; i <= 8; i++) {
      const a = Math.PI * (1.15 + (0.7 * i) / 8);
      pts.push([x + Math.cos(a) * 8, arcY - 2 + Math.sin(a) * 4 + 4, -0.4]);
    }
    const arcKey = scene.mesh(`chandelier-arc:${x}`, () => wireMesh(pts, 0.45, 0.45, { radial: 8 }));
    scene.add('frame', arcKey, 'metal');
    const stemKey = scene.mesh(`chandelier-stem:${x}`, () =>
      wireMesh(
        [
          [x, -top.length / 2 - 0.5, -0.4],
          [x, arcY - 2, -0.4],
        ],
        0.4,
        0.4,
        { radial: 8 },
      ),
    );
    scene.add('frame', stemKey, 'metal');
    for (let k = -2; k <= 2; k++) {
      const a = Math.PI * 1.5 + k * 0.3;
      const hx = x + Math.cos(a) * 8;
      const hy = arcY - 2 + Math.sin(a) * 4 + 4;
      const isMain = k === 0;
      const d = isMain ? main : side;
      const drop = isMain ? 6 : 3 + (2 - Math.abs(k)) * 2;
      const chainKey = scene.mesh(`chandelier-drop:${drop}`, () =>
        wireMesh(
          [
            [0, 0, 0],
            [0, -drop, 0],
          ],
          0.3,
          0.3,
          { radial: 6 },
        ),
      );
      scene.add('frame', chainKey, 'metal', [hx, hy, -0.4]);
      const at: V3 = [hx, hy - drop - d.length / 2 - 0.3, 0];
      placeStone(scene, isMain ? stone : DIAMOND_ACCENT, d, {
        at,
        up: FACING,
        north: UPRIGHT,
        setting: isMain && stone.isPearl ? 'none' : 'collet',
        kind: isMain ? 'stone' : 'accent',
      });
    }
  }
}

export function buildEarrings(scene: PieceScene, spec: ModelSpec): void {
  const stone = spec.stone;
  const per = stone ? stone.carat / 2 : 0;
  switch (spec.form) {
    case 'hoops':
      hoops(scene, stone, stone?.carat ?? 0);
      return;
    case 'drops':
      if (stone) {
        drops(scene, stone, dimsOf(stone, per));
        return;
      }
      hoops(scene, null, 0);
      return;
    case 'chandeliers':
      if (stone) {
        chandeliers(scene, stone, stone.carat);
        return;
      }
      hoops(scene, null, 0);
      return;
    default:
      if (stone) {
        studs(scene, stone, dimsOf(stone, per));
        return;
      }
      studs(scene, DIAMOND_ACCENT, melee(4));
      return;
  }
}
