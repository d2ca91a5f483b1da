/**
 * Bracelets for a 16–17 cm wrist (58 mm across inside), lying flat (loop in the XZ plane) and
 * tilted towards the viewer for display. Stones face outwards from the wrist, or up when the
 * bracelet is a line of stones.
 */
import { PieceScene, axisAngle, basis, cross, norm, orient, type V3 } from './mesh';
import { linkMesh, shankMesh, wireMesh } from './metal';
import { dimsOf, placeStone, type StoneSpec } from './settings';
import type { ModelSpec } from './spec';
import { dimsFor } from './cuts';

const INNER = 58;
const TILT = axisAngle([1, 0, 0], (50 * Math.PI) / 180);
/** Bangles and cuffs: shank axis vertical, the shank's own top (+Y) turned to the front (+Z). */
const UPRIGHT = orient([0, 0, 1], [1, 0, 0]);

function tennis(scene: PieceScene, stone: StoneSpec, carat: number): void {
  const R = INNER / 2 + 2;
  const circumference = 2 * Math.PI * R;
  // the weight shared by as many stones as fit the wrist, each between 1.8 and 6 mm wide
  let n = 40;
  let d = dimsOf(stone, carat / n);
  for (let k = 0; k < 6; k++) {
    n = Math.max(16, Math.floor(circumference / (Math.max(1.8, d.length) + 0.45)));
    d = dimsOf(stone, carat / n);
  }
  if (d.width < 1.8) d = dimsFor(d.cut, 1.8);
  if (d.width > 6) d = dimsFor(d.cut, 6);
  n = Math.floor(circumference / (d.length + 0.45));
  const hinge = scene.mesh(`tennis-hinge:${d.width.toFixed(3)}`, () =>
    wireMesh(
      [
        [-d.width * 0.3, 0, 0],
        [d.width * 0.3, 0, 0],
      ],
      Math.max(0.3, d.width * 0.12),
      undefined,
      { radial: 8 },
    ),
  );
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const at: V3 = [Math.cos(a) * R, 0, Math.sin(a) * R];
    const tangent: V3 = [-Math.sin(a), 0, Math.cos(a)];
    placeStone(scene, stone, d, { at, up: [0, 1, 0], north: tangent, setting: stone.isPearl ? 'none' : 'collet' });
    // a hinge under each gap ties the line together
    const b = ((i + 0.5) / n) * Math.PI * 2;
    const hAt: V3 = [Math.cos(b) * R, -d.girdle / 2 - d.pavilion * 0.6, Math.sin(b) * R];
    scene.add('hinge', hinge, 'metal', hAt, basis([Math.cos(b), 0, Math.sin(b)], [0, 1, 0]));
  }
}

function bangle(scene: PieceScene, stone: StoneSpec | null, carat: number, cuff: boolean): void {
  const width = cuff ? 14 : 4;
  const thickness = cuff ? 1.9 : 2.8;
  const key = scene.mesh(`bangle:${cuff}`, () =>
    shankMesh({
      innerDiameter: INNER,
      width: (phi) => (cuff ? width * (0.72 + 0.28 * Math.cos(phi / 2) ** 2) : width),
      thickness: () => thickness,
      squareness: cuff ? 3.2 : 2.2,
      segments: 192,
      ...(cuff ? { span: [-Math.PI * 0.8, Math.PI * 0.8] as [number, number] } : {}),
    }),
  );
  scene.add(cuff ? 'cuff' : 'bangle', key, 'metal', [0, 0, 0], UPRIGHT, { numbered: false });
  if (!stone) return;
  const d = dimsOf(stone, carat);
  // front of the shank: +Z after the upright turn; bezel-set, the table just proud of the metal
  const top = INNER / 2 + thickness;
  placeStone(scene, stone, d, {
    at: [0, 0, top + d.pavilion * 0.15],
    up: [0, 0, 1],
    north: [0, 1, 0],
    setting: stone.isPearl ? 'none' : 'bezel',
  });
}

function chainBracelet(scene: PieceScene, stone: StoneSpec | null, carat: number): void {
  const R = INNER / 2 + 1.5;
  const linkLength = 4.2;
  const wire = 0.9;
  const key = scene.mesh(`link:${linkLength}:${wire}`, () => linkMesh(linkLength, wire));
  const n = Math.floor((2 * Math.PI * R) / (linkLength + wire * 0.2));
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const tangent: V3 = [-Math.sin(a), 0, Math.cos(a)];
    scene.add(
      'link',
      key,
      'metal',
      [Math.cos(a) * R, 0, Math.sin(a) * R],
      basis(tangent, i % 2 === 0 ? [0, 1, 0] : norm(cross(tangent, [0, 1, 0]))),
    );
  }
  if (!stone) return;
  const d = dimsOf(stone, carat);
  placeStone(scene, stone, d, {
    at: [0, d.girdle / 2 + d.pavilion + wire, R],
    up: [0, 1, 0],
    north: [1, 0, 0],
    setting: stone.isPearl ? 'none' : 'collet',
  });
}

export function buildBracelet(scene: PieceScene, spec: ModelSpec): void {
  const stone = spec.stone;
  switch (spec.form) {
    case 'tennis':
      scene.pose = TILT;
      if (stone) {
        tennis(scene, stone, stone.carat);
        return;
      }
      chainBracelet(scene, null, 0);
      return;
    case 'cuff':
      bangle(scene, stone, stone?.carat ?? 0, true);
      return;
    case 'chain-bracelet':
      scene.pose = TILT;
      chainBracelet(scene, stone, stone?.carat ?? 0);
      return;
    default:
      bangle(scene, stone, stone?.carat ?? 0, false);
      return;
  }
}
