/** Piece builders: each one fills a Scene for one product silhouette. */
import { bandProfile, bead, circleProfile, sweep, tube } from './geometry.js';
import { gemLook, metalShade, type GemLook, type Metal } from './palette.js';
import { Camera, type Scene, type Vec3, add, svgNumber, svgNumberFine, lerp, mul, norm } from './scene.js';
import { type Cut, drawStone, girdlePoint, sparkle, type StonePose } from './stones.js';

/** The drawing's own units (the SVG viewBox); the rendered widths scale it. */
export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 1000;

export interface PieceContext {
  scene: Scene;
  metal: Metal;
  /** main stone, null for metal-only pieces */
  gem: GemLook | null;
  cut: Cut;
  carat: number;
  rng: () => number;
  detail: boolean;
  /** shadow silhouettes (2D svg, drawn blurred under the piece) */
  shadow: ((spread: number) => string)[];
  /** floor contact shadow for standing pieces */
  floor: { cx: number; cy: number; rx: number; ry: number } | null;
}

const DIAMOND: GemLook = gemLook('diamond', 'white');

// Layers
const L_BACK = 10;
const L_MAIN = 20;
const L_STONE = 30;
const L_FRONT = 40;
const L_GLINT = 90;

const rnd = (c: PieceContext, a: number, b: number) => lerp(a, b, c.rng());

/** camera whose world origin lands on (ox, oy); for detail views, zoom on a world focus point. */
function camFor(c: PieceContext, el: number, ox: number, oy: number, focus: Vec3, zoom: number): Camera {
  if (!c.detail) return new Camera(el, ox, oy, 1);
  const probe = new Camera(el, 0, 0, zoom);
  const f = probe.project(focus);
  return new Camera(el, CANVAS_WIDTH / 2 - f[0], CANVAS_HEIGHT * 0.5 - f[1], zoom);
}

function glint(c: PieceContext, cam: Camera, at: Vec3, r: number): void {
  const s = cam.project(at);
  sparkle(c.scene, L_GLINT, s[0], s[1], r * cam.scale, rnd(c, -8, 8));
}

/** Prong setting around a stone, split in front/back layers relative to the camera. */
function prongs(c: PieceContext, cam: Camera, pose: StonePose, n: number, base: Vec3, wire: number, rotate = 0): void {
  const nrm = norm(pose.up);
  for (let k = 0; k < n; k++) {
    const a = rotate + Math.PI / 4 + (k * Math.PI * 2) / n;
    const g = girdlePoint(c.cut, pose, a);
    const out = add(add(pose.at, mul(add(g, mul(pose.at, -1)), 1.03)), mul(nrm, pose.size * 0.02));
    const claw = add(add(pose.at, mul(add(g, mul(pose.at, -1)), 0.9)), mul(nrm, pose.size * 0.16));
    const b = add(base, mul(add(g, mul(pose.at, -1)), 0.3));
    const mid = add(add(pose.at, mul(add(g, mul(pose.at, -1)), 0.72)), mul(nrm, -pose.size * 0.5));
    const front = cam.toCamSpace(add(g, mul(pose.at, -1)))[2] > 0;
    tube(c.scene, cam, c.metal, [b, mid, out, claw], [wire * 0.9, wire, wire * 0.95, wire * 0.8], front ? L_FRONT : L_BACK, 8);
  }
}

// ------------------------------------------------------------------------------------- rings

export function ring(c: PieceContext, engagement: boolean): void {
  const R = engagement ? 232 : 236;
  const alpha = rnd(c, 0.95, 1.12) + (c.detail ? 0.15 : 0);
  const axis: Vec3 = [-Math.sin(alpha), Math.cos(alpha), 0];
  const el = c.detail ? 0.7 : rnd(c, 0.3, 0.38);
  const hasStone = c.gem !== null;
  const style = engagement
    ? 'solitaire'
    : !hasStone
      ? c.rng() < 0.6
        ? 'plain'
        : 'double'
      : ((['low', 'eternity', 'bezel'] as const)[Math.floor(c.rng() * 3)] ?? 'low');
  const sSize = Math.max(56, Math.min(104, 82 * Math.cbrt(Math.max(0.2, c.carat)))) * (engagement ? 1 : 0.85);
  const headH = engagement ? sSize * 1.2 : sSize * 0.95;
  const topOfRing = 2 * R;
  const focus: Vec3 = [0, 0, topOfRing + (hasStone ? headH * 0.6 : -R * 0.6)];
  const cam = camFor(c, el, CANVAS_WIDTH / 2, 0, focus, 1.75);
  // in the standard view, place the floor so the whole ring (with head) is vertically centred
  const total = topOfRing + (hasStone && style !== 'eternity' ? headH + sSize * 0.45 : 10);
  const camera = c.detail ? cam : new Camera(el, CANVAS_WIDTH / 2, CANVAS_HEIGHT * 0.5 + (total * Math.cos(el)) / 2 + 10, 1);
  const centre: Vec3 = [0, 0, R];

  const hw = engagement ? rnd(c, 14, 19) : style === 'plain' ? rnd(c, 32, 50) : rnd(c, 22, 30);
  const T = engagement ? 18 : 21;
  const dome = engagement ? 4 : style === 'plain' ? rnd(c, 3, 9) : 5;
  const profile = bandProfile(hw, T, dome, 8);
  if (style === 'double') {
    for (const off of [-hw * 1.1, hw * 1.1]) {
      sweep(c.scene, camera, c.metal, {
        center: add(centre, mul(axis, off)),
        axis,
        radius: R - T / 2,
        profile: bandProfile(hw * 0.95, T, 4, 6),
        segments: 110,
        layer: L_MAIN,
      });
    }
  } else {
    sweep(c.scene, camera, c.metal, { center: centre, axis, radius: R - T / 2, profile, segments: 168, layer: L_MAIN });
  }
  c.floor = { cx: camera.project([0, 0, 0])[0] + 18, cy: camera.project([0, 0, 0])[1], rx: 230, ry: 24 };

  const gem = c.gem;
  if (!gem) return;
  const north = norm([axis[0], axis[1], 0]);
  const bandTop: Vec3 = [0, 0, topOfRing + dome];

  if (style === 'eternity') {
    // a row of stones along the top of the band
    const n = 15;
    for (let i = -n; i <= n; i++) {
      const t = (i / n) * Math.PI * 0.95;
      const e: Vec3 = [0, 0, 1];
      const { u, w } = { u: e, w: norm([axis[1], -axis[0], 0]) };
      const dir = norm(add(mul(u, Math.cos(t)), mul(w, Math.sin(t))));
      const at = add(centre, mul(dir, R + dome * 0.6));
      const s = Math.min(hw * 0.95, ((Math.PI * R * 0.95) / n / 2) * 0.92);
      const pose: StonePose = { at, size: s, up: dir, north: axis };
      if (camera.toCamSpace(dir)[2] < 0.05) continue;
      drawStone(c.scene, camera, gem, c.cut === 'step' ? 'step' : 'round', pose, {
        layer: L_MAIN,
        depthBias: 6,
        simple: true,
        seed: i + 40,
        pavilion: false,
      });
      bead(c.scene, camera, c.metal, add(at, mul(axis, s * 1.15)), s * 0.22, L_MAIN, 7);
      bead(c.scene, camera, c.metal, add(at, mul(axis, -s * 1.15)), s * 0.22, L_MAIN, 7);
    }
    const g = add(centre, mul([0, 0, 1], R + dome + 4));
    glint(c, camera, add(g, [-12, 0, 0]), 20);
    return;
  }

  const girdleZ = topOfRing + T / 2 + headH;
  const pose: StonePose = { at: [0, 0, girdleZ], size: sSize, up: [0, 0, 1], north };
  // under-gallery rail
  const rail = (z: number, r: number) =>
    sweep(c.scene, camera, c.metal, {
      center: [0, 0, z],
      axis: [0, 0, 1],
      radius: r,
      profile: circleProfile(2.8, 8),
      segments: 40,
      layer: (p) => (camera.toCamSpace(p)[2] > 0 && p[1] > 0 ? L_FRONT : L_BACK),
    });
  if (style === 'bezel') {
    sweep(c.scene, camera, c.metal, {
      center: [0, 0, girdleZ - sSize * 0.28],
      axis: [0, 0, 1],
      radius: sSize * 1.02,
      profile: bandProfile(sSize * 0.26, 7, 1.5, 4),
      segments: 64,
      layer: (p) => (p[1] > -2 ? L_FRONT : L_BACK),
    });
    drawStone(
      c.scene,
      camera,
      gem,
      c.cut === 'step' || c.cut === 'princess' ? 'round' : c.cut === 'pear' || c.cut === 'marquise' ? 'oval' : c.cut,
      pose,
      { layer: L_STONE, seed: 3 },
    );
  } else {
    rail(girdleZ - sSize * 0.5, sSize * 0.62);
    if (engagement) rail(girdleZ - sSize * 0.95, sSize * 0.35);
    const nP = c.cut === 'marquise' || c.cut === 'pear' || c.cut === 'princess' || c.cut === 'step' ? 4 : c.rng() < 0.5 ? 4 : 6;
    const rot = c.cut === 'marquise' || c.cut === 'pear' ? Math.PI / 4 : c.cut === 'princess' || c.cut === 'step' ? 0 : 0;
    prongs(c, camera, pose, nP, add(bandTop, [0, 0, T * 0.4]), 4.6, rot);
    drawStone(c.scene, camera, gem, c.cut, pose, { layer: L_STONE, seed: 3 });
    if (engagement && c.rng() < 0.45 && gem.kind !== 'pearl') {
      // halo of small diamonds
      const n = 18;
      for (let k = 0; k < n; k++) {
        const a = (k / n) * Math.PI * 2;
        const gp = girdlePoint(c.cut, pose, a);
        const dir = add(gp, mul(pose.at, -1));
        const at = add(add(pose.at, mul(dir, 1.2)), [0, 0, -sSize * 0.12]);
        const front = at[1] > 0;
        drawStone(
          c.scene,
          camera,
          DIAMOND,
          'round',
          { at, size: sSize * 0.16, up: [0, 0, 1], north: [0, -1, 0] },
          { layer: front ? L_FRONT + 1 : L_BACK + 1, simple: true, seed: k, pavilion: false },
        );
      }
    }
  }
  if (engagement && c.rng() < 0.5) {
    // pavé shoulders
    const along = norm([axis[1], -axis[0], 0]);
    for (let i = 1; i <= 9; i++) {
      for (const side of [-1, 1]) {
        const t = side * (0.2 + i * 0.085);
        const dir = norm(add(mul([0, 0, 1], Math.cos(t)), mul(along, Math.sin(t))));
        if (camera.toCamSpace(dir)[2] < 0.1) continue;
        const at = add(centre, mul(dir, R + dome * 0.8));
        drawStone(
          c.scene,
          camera,
          DIAMOND,
          'round',
          { at, size: hw * 0.62, up: dir, north: axis },
          { layer: L_MAIN, depthBias: 8, simple: true, seed: i * 3 + side, pavilion: false },
        );
      }
    }
  }
  glint(c, camera, add(pose.at, [-sSize * 0.35, 0, sSize * 0.3]), sSize * 0.75);
}

// ------------------------------------------------------------------------------------- helpers (2D flat lay)

/** A chain along an svg path: shadow, body and link highlights. */
function chain(c: PieceContext, d: string, width: number, layer: number): void {
  const dark = metalShade(c.metal, [0.62, -0.62, 0.48]);
  const mid = metalShade(c.metal, [0.3, -0.1, 0.95]);
  const hi = metalShade(c.metal, [-0.4, 0.55, 0.73]);
  const w = width;
  c.shadow.push((k) => `<path d="${d}" fill="none" stroke="#000" stroke-width="${svgNumber(w * 1.2 + k)}"/>`);
  c.scene.add(
    layer,
    0,
    `<path d="${d}" fill="none" stroke="${dark}" stroke-width="${svgNumberFine(w)}" stroke-linecap="round"/>` +
      `<path d="${d}" fill="none" stroke="${mid}" stroke-width="${svgNumberFine(w * 0.62)}" stroke-dasharray="${svgNumberFine(w * 1.5)} ${svgNumberFine(w * 0.7)}" stroke-linecap="round"/>` +
      `<path d="${d}" fill="none" stroke="${hi}" stroke-width="${svgNumberFine(w * 0.3)}" stroke-dasharray="${svgNumberFine(w * 0.7)} ${svgNumberFine(w * 1.5)}" stroke-linecap="round"/>`,
  );
}

/** Stone in a thin metal collet (flat lay, face up), with prong beads. */
function setStone(
  c: PieceContext,
  cam: Camera,
  gem: GemLook,
  cut: Cut,
  at: Vec3,
  size: number,
  opts: { prongs?: number; layer?: number; simple?: boolean; seed?: number; north?: Vec3; halo?: boolean } = {},
): void {
  const layer = opts.layer ?? L_STONE;
  const north = opts.north ?? [0, -1, 0];
  const pose: StonePose = { at, size, up: [0, 0, 1], north };
  // collet rim: projected girdle outline stroked twice
  const pts: string[] = [];
  for (let i = 0; i < 40; i++) {
    const g = girdlePoint(cut, pose, (i / 40) * Math.PI * 2);
    const s = cam.project(add(pose.at, mul(add(g, mul(pose.at, -1)), 1.07)));
    pts.push(`${svgNumberFine(s[0])} ${svgNumberFine(s[1])}`);
  }
  const d = 'M' + pts.join('L') + 'Z';
  const sc = size * cam.scale;
  const base = cam.project(at);
  c.shadow.push((k) => `<path d="${d}" fill="#000" stroke="#000" stroke-width="${svgNumber(k)}"/>`);
  const hi = metalShade(c.metal, [-0.4, 0.5, 0.77]);
  const dk = metalShade(c.metal, [0.4, -0.55, 0.73]);
  const gid = c.scene.uid('rim');
  c.scene.defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hi}"/><stop offset="0.45" stop-color="${metalShade(c.metal, [0, 0.15, 0.99])}"/><stop offset="1" stop-color="${dk}"/></linearGradient>`,
  );
  c.scene.add(
    layer,
    base[2] - 1,
    `<path d="${d}" fill="url(#${gid})" stroke="${dk}" stroke-width="${svgNumberFine(Math.max(0.6, sc * 0.05))}"/>`,
  );
  if (opts.halo) {
    const n = Math.max(12, Math.round(16 * (cut === 'round' ? 1 : 1.2)));
    for (let k = 0; k < n; k++) {
      const a = (k / n) * Math.PI * 2;
      const g = girdlePoint(cut, pose, a);
      const dir = add(g, mul(at, -1));
      const len = Math.hypot(dir[0], dir[1]) || 1;
      const p = add(add(at, dir), mul(dir, (size * 0.28) / len));
      setStone(c, cam, DIAMOND, 'round', p, size * 0.17, { layer: layer - 1, simple: true, seed: k + 100, prongs: 0 });
    }
  }
  drawStone(c.scene, cam, gem, cut, pose, { layer, depthBias: 0, simple: opts.simple ?? false, seed: opts.seed ?? 1, pavilion: false });
  const n = opts.prongs ?? 4;
  if (gem.kind === 'pearl') return;
  for (let k = 0; k < n; k++) {
    const a = (cut === 'marquise' || cut === 'pear' ? Math.PI / 2 : Math.PI / 4) + (k * Math.PI * 2) / n;
    const g = girdlePoint(cut, pose, a);
    const p = add(add(at, mul(add(g, mul(at, -1)), 0.98)), [0, 0, size * 0.25]);
    bead(c.scene, cam, c.metal, p, Math.max(1.6, size * 0.11), layer + 1);
  }
}

function flatCam(c: PieceContext, focus: Vec3, zoom: number): Camera {
  // near top-down view: a hint of perspective keeps stones three-dimensional
  return camFor(c, 1.35, 0, 0, focus, zoom);
}

// ------------------------------------------------------------------------------------- necklace

export function necklace(c: PieceContext): void {
  const gem = c.gem;
  const spread = rnd(c, 215, 260);
  const yP = rnd(c, 440, 500);
  const sSize = Math.max(58, Math.min(96, 78 * Math.cbrt(Math.max(0.2, c.carat))));
  const pendantY = yP + (gem ? sSize + 20 : 60);
  const focus: Vec3 = [CANVAS_WIDTH / 2, pendantY - 40, 0];
  const cam = c.detail ? flatCam(c, focus, 1.8) : new Camera(Math.PI / 2, 0, 0, 1);
  const P = (x: number, y: number): [number, number] => {
    const s = cam.project([x, y, 0]);
    return [s[0], s[1]];
  };
  const cx = CANVAS_WIDTH / 2;
  const left = `M${P(cx - spread, -40)
    .map(svgNumber)
    .join(' ')}C${P(cx - spread * 0.96, yP * 0.62)
    .map(svgNumber)
    .join(' ')} ${P(cx - spread * 0.42, yP + 4)
    .map(svgNumber)
    .join(' ')} ${P(cx, yP).map(svgNumber).join(' ')}`;
  const right = `C${P(cx + spread * 0.42, yP + 4)
    .map(svgNumber)
    .join(' ')} ${P(cx + spread * 0.96, yP * 0.62)
    .map(svgNumber)
    .join(' ')} ${P(cx + spread, -40)
    .map(svgNumber)
    .join(' ')}`;
  chain(c, left + right, 4.6 * cam.scale, L_MAIN);
  // bail
  const ringR = 12;
  sweep(c.scene, cam, c.metal, {
    center: [cx, yP + ringR - 3, 2],
    axis: [1, 0, 0.35],
    radius: ringR,
    profile: circleProfile(3.6, 8),
    segments: 32,
    layer: L_MAIN + 1,
  });
  if (!gem) {
    // open circle pendant
    const r = rnd(c, 70, 88);
    sweep(c.scene, cam, c.metal, {
      center: [cx, yP + 16 + r, 4],
      axis: [0, -0.15, 1],
      radius: r,
      profile: circleProfile(9, 10, 0.9),
      segments: 120,
      layer: L_STONE,
    });
    c.shadow.push(
      (k) =>
        `<circle cx="${svgNumber(P(cx, yP + 16 + r)[0])}" cy="${svgNumber(P(cx, yP + 16 + r)[1])}" r="${svgNumber(r * cam.scale)}" fill="none" stroke="#000" stroke-width="${svgNumber(18 * cam.scale + k)}"/>`,
    );
    return;
  }
  const at: Vec3 = [cx, yP + 16 + sSize * (c.cut === 'pear' ? 1.05 : 0.95), 4];
  setStone(c, cam, gem, c.cut, at, sSize, {
    halo: gem.kind !== 'pearl' && c.rng() < 0.4,
    prongs: c.cut === 'round' && c.rng() < 0.5 ? 6 : 4,
  });
  const s = cam.project(add(at, [-sSize * 0.3, -sSize * 0.3, sSize * 0.3]));
  sparkle(c.scene, L_GLINT, s[0], s[1], sSize * 0.7 * cam.scale, 6);
}

// ------------------------------------------------------------------------------------- earrings

export function earrings(c: PieceContext): void {
  const gem = c.gem;
  const gap = rnd(c, 158, 178);
  const style = !gem ? 'hoop' : gem.kind === 'pearl' ? (c.rng() < 0.5 ? 'stud' : 'drop') : c.rng() < 0.45 ? 'stud' : 'drop';
  const sSize = Math.max(56, Math.min(86, 72 * Math.cbrt(Math.max(0.2, c.carat / 2))));
  const cy = CANVAS_HEIGHT * 0.47;
  const focus: Vec3 = [CANVAS_WIDTH / 2 - gap, cy, 0];
  const cam = c.detail ? flatCam(c, focus, 2.0) : new Camera(Math.PI / 2, 0, 0, 1);
  for (const side of [-1, 1]) {
    const x = CANVAS_WIDTH / 2 + side * gap;
    if (style === 'hoop' || !gem) {
      const r = rnd(c, 100, 124);
      const tilt = 0.55;
      sweep(c.scene, cam, c.metal, {
        center: [x, cy, 0],
        axis: [0, Math.sin(tilt), Math.cos(tilt)],
        radius: r,
        profile: circleProfile(10, 10),
        segments: 120,
        layer: L_MAIN,
      });
      const p = cam.project([x, cy, 0]);
      c.shadow.push(
        (k) =>
          `<ellipse cx="${svgNumber(p[0])}" cy="${svgNumber(p[1])}" rx="${svgNumber(r * cam.scale)}" ry="${svgNumber(r * Math.cos(tilt) * cam.scale)}" fill="none" stroke="#000" stroke-width="${svgNumber(20 * cam.scale + k)}"/>`,
      );
      continue;
    }
    if (style === 'stud') {
      setStone(c, cam, gem, c.cut, [x, cy, 0], sSize, { halo: gem.kind !== 'pearl' && c.rng() < 0.5, seed: side + 5 });
      const s = cam.project([x - sSize * 0.3, cy - sSize * 0.35, sSize * 0.3]);
      sparkle(c.scene, L_GLINT, s[0], s[1], sSize * 0.6 * cam.scale, side * 5);
    } else {
      const top = cy - sSize * 2.1;
      setStone(c, cam, gem.kind === 'coloured' ? DIAMOND : gem, 'round', [x, top, 0], sSize * 0.36, { seed: side + 11, simple: true });
      const dropAt: Vec3 = [x, cy + sSize * 0.35, 0];
      tube(
        c.scene,
        cam,
        c.metal,
        [
          [x, top + sSize * 0.36, 2],
          [x, dropAt[1] - sSize * 1.05, 2],
        ],
        2.6,
        L_MAIN,
      );
      setStone(c, cam, gem, c.cut === 'round' ? 'pear' : c.cut, dropAt, sSize, { seed: side + 21, north: [0, -1, 0] });
      const s = cam.project([x - sSize * 0.3, dropAt[1] - sSize * 0.2, sSize * 0.3]);
      sparkle(c.scene, L_GLINT, s[0], s[1], sSize * 0.6 * cam.scale, side * 5);
    }
  }
}

// ------------------------------------------------------------------------------------- bracelet

export function bracelet(c: PieceContext): void {
  const gem = c.gem;
  const R = rnd(c, 275, 295);
  const el = rnd(c, 0.62, 0.72);
  const focus: Vec3 = [0, R, 0];
  const cam = c.detail ? camFor(c, el, 0, 0, focus, 1.8) : new Camera(el, CANVAS_WIDTH / 2, CANVAS_HEIGHT * 0.5, 1);
  if (!gem || (gem.kind === 'pearl' && c.rng() < 0)) {
    const hw = rnd(c, 16, 34);
    sweep(c.scene, cam, c.metal, {
      center: [0, 0, 0],
      axis: [0, 0, 1],
      radius: R,
      profile: bandProfile(hw, 16, rnd(c, 4, 9), 8),
      segments: 180,
      layer: L_MAIN,
    });
    braceletShadow(c, cam, R, hw * 2, 16);
    return;
  }
  // tennis bracelet (or pearl strand)
  const n = gem.kind === 'pearl' ? 34 : 38;
  const s = ((Math.PI * 2 * R) / n / 2) * (gem.kind === 'pearl' ? 0.95 : 0.84);
  sweep(c.scene, cam, c.metal, {
    center: [0, 0, -s * 0.4],
    axis: [0, 0, 1],
    radius: R,
    profile: circleProfile(3, 6),
    segments: 120,
    layer: L_BACK,
  });
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2 + 0.05;
    const at: Vec3 = [Math.cos(t) * R, Math.sin(t) * R, 0];
    const out: Vec3 = [Math.cos(t), Math.sin(t), 0];
    const up = norm(add([0, 0, 1], mul(out, 0.35)));
    const depth = cam.project(at)[2];
    const g = i % 2 === 0 || gem.kind !== 'coloured' ? gem : DIAMOND;
    drawStone(
      c.scene,
      cam,
      g,
      gem.kind === 'pearl' ? 'round' : c.cut === 'step' ? 'step' : c.cut === 'princess' ? 'princess' : 'round',
      { at, size: s, up, north: [-Math.sin(t), Math.cos(t), 0] },
      { layer: L_MAIN, depthBias: depth * 1000, simple: true, seed: i, pavilion: false },
    );
    if (gem.kind !== 'pearl') {
      for (const a of [-1, 1]) {
        const side: Vec3 = [-Math.sin(t) * a, Math.cos(t) * a, 0];
        bead(c.scene, cam, c.metal, add(at, add(mul(side, s * 0.92), [0, 0, s * 0.18])), s * 0.16, L_MAIN, depth * 1000 + 50);
      }
    }
  }
  braceletShadow(c, cam, R, s * 2.2, s);
  const f = cam.project([R * 0.3, R * 0.95, s]);
  sparkle(c.scene, L_GLINT, f[0], f[1], s * 1.4 * cam.scale, 0);
}

function braceletShadow(c: PieceContext, cam: Camera, R: number, width: number, lift: number): void {
  const p = cam.project([0, 0, -lift]);
  const rx = R * cam.scale;
  const ry = R * cam.s * cam.scale;
  c.shadow.push(
    (k) =>
      `<ellipse cx="${svgNumber(p[0])}" cy="${svgNumber(p[1])}" rx="${svgNumber(rx)}" ry="${svgNumber(ry)}" fill="none" stroke="#000" stroke-width="${svgNumber(width * cam.scale * 0.8 + k)}"/>`,
  );
}

// ------------------------------------------------------------------------------------- high jewelry

export function highJewelry(c: PieceContext): void {
  const gem = c.gem ?? DIAMOND;
  const cx = CANVAS_WIDTH / 2;
  const yb = rnd(c, 440, 480);
  const A = rnd(c, 255, 280);
  const B = 520;
  const focus: Vec3 = [cx, yb + 110, 0];
  const cam = c.detail ? flatCam(c, focus, 1.7) : new Camera(Math.PI / 2, 0, 0, 1);
  const curve = (t: number): [number, number] => [cx + A * Math.sin(t), yb - B * (1 - Math.cos(t))];
  // arc-length table
  const samples: { t: number; s: number; p: [number, number] }[] = [];
  let acc = 0;
  let prev = curve(-1.45);
  for (let i = 0; i <= 400; i++) {
    const t = -1.45 + (2.9 * i) / 400;
    const p = curve(t);
    acc += Math.hypot(p[0] - prev[0], p[1] - prev[1]);
    samples.push({ t, s: acc, p });
    prev = p;
  }
  const total = acc;
  const at = (s: number): [number, number] => {
    for (const x of samples) if (x.s >= s) return x.p;
    return prev;
  };
  // chain behind
  const d = samples
    .filter((_, i) => i % 8 === 0)
    .map((x, i) => `${i ? 'L' : 'M'}${svgNumber(cam.project([x.p[0], x.p[1], 0])[0])} ${svgNumber(cam.project([x.p[0], x.p[1], 0])[1])}`)
    .join('');
  chain(c, d, 3 * cam.scale, L_BACK);
  // graduated riviera from the centre outwards
  const mid = total / 2;
  const coloured = gem.kind === 'coloured';
  const maxS = rnd(c, 21, 25);
  let off = 0;
  let k = 0;
  const placed: { s: number; size: number }[] = [{ s: mid, size: maxS }];
  off = maxS;
  while (off < total * 0.36) {
    const size = maxS * (1 - (off / (total * 0.36)) * 0.55);
    off += size * 1.08;
    placed.push({ s: mid + off, size }, { s: mid - off, size });
    off += size * 1.08;
    k++;
  }
  placed.forEach((p, i) => {
    const [x, y] = at(p.s);
    const g = coloured && (k + i) % 2 === 0 ? gem : DIAMOND;
    setStone(c, cam, g, coloured && g === gem ? 'oval' : 'round', [x, y, 0], p.size, {
      simple: true,
      seed: i + 200,
      layer: L_MAIN,
      prongs: 4,
    });
  });
  // drops: centre pear/oval with halo, side drops
  const [mx, my] = at(mid);
  const big = Math.max(52, Math.min(80, 64 * Math.cbrt(Math.max(0.3, c.carat / 3))));
  const cutMain: Cut = c.cut === 'round' ? 'pear' : c.cut;
  tube(
    c.scene,
    cam,
    c.metal,
    [
      [mx, my + maxS, 1],
      [mx, my + maxS + 22, 1],
    ],
    2.4,
    L_MAIN,
  );
  const dropAt: Vec3 = [mx, my + maxS + 28 + big * 1.25, 2];
  setStone(c, cam, gem, cutMain, dropAt, big, { halo: gem.kind !== 'pearl', seed: 301, layer: L_STONE });
  const nSide = c.rng() < 0.5 ? 2 : 3;
  for (let j = 1; j <= nSide; j++) {
    for (const sgn of [-1, 1]) {
      const ps = placed[Math.min(placed.length - 1, j * 4 - (sgn > 0 ? 1 : 0))];
      if (!ps) continue;
      const [x, y] = at(ps.s);
      const sz = big * (0.42 - j * 0.06);
      tube(
        c.scene,
        cam,
        c.metal,
        [
          [x, y + ps.size, 1],
          [x, y + ps.size + 10, 1],
        ],
        1.8,
        L_MAIN,
      );
      setStone(c, cam, j % 2 === 1 && coloured ? DIAMOND : gem, 'pear', [x, y + ps.size + 12 + sz * 1.05, 1], sz, {
        seed: 400 + j * 2 + sgn,
        layer: L_STONE,
        simple: true,
      });
    }
  }
  const sp = cam.project([dropAt[0] - big * 0.3, dropAt[1] - big * 0.3, big * 0.3]);
  sparkle(c.scene, L_GLINT, sp[0], sp[1], big * 0.75 * cam.scale, 4);
  const [gx, gy] = at(mid + total * 0.12);
  const sp2 = cam.project([gx, gy, 0]);
  sparkle(c.scene, L_GLINT, sp2[0], sp2[1], 16 * cam.scale, 20);
}
