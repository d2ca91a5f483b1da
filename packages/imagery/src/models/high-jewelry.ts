/**
 * High jewelry: the bib (rows of stones across the collarbone, drops below), the tiara (a frame
 * of scrolls rising to a centre stone), the brooch (a flower of stones around a centre, a pin
 * behind) and the parure (a rivière with its pair of drops). The piece's weight is shared out.
 */
import { PieceScene, add, norm, sub, type V3 } from './mesh';
import { slabMesh, wireMesh } from './metal';
import { DIAMOND_ACCENT, dimsOf, melee, placeStone, type StoneSpec } from './settings';
import type { ModelSpec } from './spec';
import { buildEarrings } from './earrings';
import { buildNecklace, chain, neckCurve } from './necklaces';
import { halo } from './rings';

function bib(scene: PieceScene, stone: StoneSpec, carat: number): void {
  const curve = neckCurve(420);
  const span = 0.36;
  chain(scene, curve, { from: span / 2, to: 1 - span / 2 });
  // three rows of accents across the front, each lower row shorter
  for (let row = 0; row < 3; row++) {
    const size = 2.4 - row * 0.3;
    const m = melee(size);
    const rowSpan = span * (1 - row * 0.22);
    const n = Math.floor((rowSpan * curve.length) / (size * 1.12));
    for (let i = 0; i < n; i++) {
      const s = -rowSpan / 2 + ((i + 0.5) / n) * rowSpan;
      const p = add(curve.at(s), [0, -row * (size + 1.2) * 1.05, row * 0.5]);
      const tangent = norm(sub(curve.at(s + 0.001), curve.at(s - 0.001)));
      placeStone(scene, DIAMOND_ACCENT, m, { at: p, up: norm([p[0], 0.4, p[2]]), north: tangent, setting: 'collet', kind: 'accent' });
    }
  }
  // five drops of the piece's stone below the rows, the centre one largest
  const weights = [0.6, 0.9, 1.6, 0.9, 0.6];
  const sum = weights.reduce((a, b) => a + b, 0);
  weights.forEach((w, k) => {
    const s = (k - 2) * 0.045;
    const d = dimsOf(stone, (carat * w) / sum);
    // hung just under the lowest row (its centre 6.3 mm down, stones 1.8 mm)
    const base = add(curve.at(s), [0, -7, 1.2]);
    const stemKey = scene.mesh(`bib-stem:${k}`, () =>
      wireMesh(
        [
          [0, 0, 0],
          [0, -3, 0],
        ],
        0.35,
        0.35,
        { radial: 6 },
      ),
    );
    scene.add('frame', stemKey, 'metal', base);
    placeStone(scene, stone, d, {
      at: add(base, [0, -3.4 - d.length / 2, 0.4]),
      up: [0, 0.15, 1],
      north: [0, 1, 0],
      setting: stone.isPearl ? 'none' : 'collet',
    });
  });
}

function tiara(scene: PieceScene, stone: StoneSpec | null, carat: number): void {
  // the band follows the front of a head (an ellipse 72 × 64 mm), open at the back
  const A = 72;
  const B = 64;
  const base = (t: number): V3 => [A * Math.sin(t), 0, B * Math.cos(t)];
  const half = Math.PI * 0.62;
  const band: V3[] = Array.from({ length: 41 }, (_, i) => base(-half + (2 * half * i) / 40));
  scene.add(
    'frame',
    scene.mesh('tiara-band', () => wireMesh(band, 1.1, 1.1, { radial: 10 })),
    'metal',
  );
  // arches rising towards the centre, each a scroll of wire with a diamond at its crest
  const arches = 9;
  for (let k = 0; k < arches; k++) {
    const t0 = -half * 0.9 + ((2 * half * 0.9) / arches) * k;
    const t1 = t0 + (2 * half * 0.9) / arches;
    const tm = (t0 + t1) / 2;
    const height = 14 + 30 * Math.pow(Math.cos((tm / half) * (Math.PI / 2)), 2);
    const pts: V3[] = [];
    for (let i = 0; i <= 12; i++) {
      const t = t0 + ((t1 - t0) * i) / 12;
      const y = height * Math.sin((Math.PI * i) / 12);
      pts.push(add(base(t), [0, y, 0]));
    }
    scene.add(
      'frame',
      scene.mesh(`tiara-arch:${k}`, () => wireMesh(pts, 0.9, 0.9, { radial: 8 })),
      'metal',
    );
    const outward = norm([Math.sin(tm), 0.15, Math.cos(tm)]);
    // small diamonds climbing each arch, facing out
    const m = melee(1.7);
    for (let i = 1; i < 12; i++) {
      if (i === 6) continue;
      const p = pts[i]!;
      const q = pts[i + 1]!;
      const along = norm(sub(q, pts[i - 1]!));
      placeStone(scene, DIAMOND_ACCENT, m, {
        at: add(p, [outward[0] * 0.7, 0, outward[2] * 0.7]),
        up: outward,
        north: along,
        setting: 'pave',
        kind: 'accent',
      });
    }
    const isCentre = k === Math.floor(arches / 2);
    if (isCentre && stone) {
      const d = dimsOf(stone, carat * 0.5);
      placeStone(scene, stone, d, {
        at: add(base(tm), [0, height + d.length * 0.45, 0.6]),
        up: outward,
        north: [0, 1, 0],
        setting: stone.isPearl ? 'none' : 'prongs',
        prongs: 4,
        named: true,
      });
    } else {
      const c = melee(3.4);
      placeStone(scene, DIAMOND_ACCENT, c, {
        at: add(base(tm), [0, height + c.width * 0.4, 0.6]),
        up: outward,
        north: [0, 1, 0],
        setting: 'collet',
        kind: 'accent',
      });
    }
    // a line of small diamonds along the band under each arch
    for (let i = 1; i < 4; i++) {
      const t = t0 + ((t1 - t0) * i) / 4;
      const p = add(base(t), [0, 1.1, 0]);
      placeStone(scene, DIAMOND_ACCENT, melee(1.6), {
        at: p,
        up: [0, 1, 0],
        north: [Math.cos(t), 0, -Math.sin(t)],
        setting: 'pave',
        kind: 'accent',
      });
    }
  }
}

function brooch(scene: PieceScene, stone: StoneSpec | null, carat: number): void {
  // a flower facing the viewer: a centre stone in a halo, eight petals of pear-shaped diamonds
  const plateKey = scene.mesh('brooch-plate', () => slabMesh(18, 18, 1.4, { squareness: 2 }));
  const facing: V3 = [0, 0, 1];
  scene.add('plate', plateKey, 'metal', [0, 0, -2.2], orientFacing());
  const d = stone ? dimsOf(stone, carat * 0.6) : melee(5);
  const centre: V3 = [0, 0, d.girdle / 2 + d.pavilion * 0.2];
  placeStone(scene, stone ?? DIAMOND_ACCENT, d, {
    at: centre,
    up: facing,
    north: [0, 1, 0],
    setting: stone?.isPearl ? 'none' : 'prongs',
    prongs: d.cut === 'round' ? 6 : 4,
    named: true,
    kind: stone ? 'stone' : 'accent',
  });
  if (!stone?.isPearl) halo(scene, d, centre, facing, [0, 1, 0]);
  const petal = { ...DIAMOND_ACCENT, cut: 'pear' as const, cutText: 'pear' };
  const pd = dimsOf(petal, Math.max(0.25, carat * 0.05));
  const ring = Math.max(d.width, d.length) / 2 + 3 + pd.length / 2;
  for (let k = 0; k < 8; k++) {
    const a = (k / 8) * Math.PI * 2 + Math.PI / 8;
    const dir: V3 = [Math.cos(a), Math.sin(a), 0];
    placeStone(scene, petal, pd, {
      at: [dir[0] * ring, dir[1] * ring, -0.4],
      up: norm([dir[0] * 0.25, dir[1] * 0.25, 1]),
      north: dir,
      setting: 'collet',
      kind: 'accent',
    });
  }
  // the pin behind the plate, shorter than the flower
  const pinKey = scene.mesh('brooch-pin', () =>
    wireMesh(
      [
        [-13, 0, -3.3],
        [0, 0.3, -3.5],
        [13, 0, -3.3],
      ],
      0.45,
      0.4,
      { radial: 8 },
    ),
  );
  scene.add('pin', pinKey, 'metal');
}

/** The plate's slab (built flat, XZ) stood up to face the viewer. */
function orientFacing(): [number, number, number, number] {
  const s = Math.SQRT1_2;
  return [s, 0, 0, s];
}

export function buildHighJewelry(scene: PieceScene, spec: ModelSpec): void {
  const stone = spec.stone;
  switch (spec.form) {
    case 'bib':
      if (stone) {
        bib(scene, stone, stone.carat);
        return;
      }
      buildNecklace(scene, { ...spec, form: 'chain' });
      return;
    case 'tiara':
      tiara(scene, stone, stone?.carat ?? 0);
      return;
    case 'parure': {
      // the necklace and, below it, its earrings (each carrying a tenth of the weight)
      buildNecklace(scene, { ...spec, form: 'riviere', stone: stone && { ...stone, carat: stone.carat * 0.8 } });
      const ears = new PieceScene();
      buildEarrings(ears, { ...spec, form: 'drops', stone: stone && { ...stone, carat: stone.carat * 0.2 } });
      for (const [key, mesh] of ears.meshes) scene.mesh(`ear:${key}`, () => mesh);
      for (const node of ears.nodes)
        scene.add(node.name.replace(/-\d+$/, ''), `ear:${node.mesh}`, node.material, add(node.translation, [0, -150, 40]), node.rotation);
      return;
    }
    default:
      brooch(scene, stone, stone?.carat ?? 1);
      return;
  }
}
