import { clamp, type Vec3 } from './scene.js';

export type Rgb = readonly [number, number, number];

export const hex = (c: Rgb): string =>
  '#' +
  c
    .map((x) =>
      Math.round(clamp(x, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

export const parseHex = (h: string): Rgb => {
  const n = parseInt(h.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** Piecewise-linear ramp over [value, colour] stops. */
export function ramp(stops: readonly (readonly [number, Rgb])[], x: number): Rgb {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return [0, 0, 0];
  if (x <= first[0]) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1];
    const b = stops[i];
    if (a && b && x <= b[0]) return mix(a[1], b[1], (x - a[0]) / (b[0] - a[0]));
  }
  return last[1];
}

// ---------------------------------------------------------------- metals

export type MetalKey = 'YELLOW_GOLD' | 'WHITE_GOLD' | 'ROSE_GOLD' | 'PLATINUM' | 'SILVER';

export interface Metal {
  key: MetalKey;
  /** deep, dark, mid, light, highlight */
  tones: readonly [Rgb, Rgb, Rgb, Rgb, Rgb];
}

const M = (key: MetalKey, ...h: [string, string, string, string, string]): Metal => ({
  key,
  tones: [parseHex(h[0]), parseHex(h[1]), parseHex(h[2]), parseHex(h[3]), parseHex(h[4])],
});

export const METALS: Record<MetalKey, Metal> = {
  YELLOW_GOLD: M('YELLOW_GOLD', '#5a3a0c', '#9a7026', '#cfa34c', '#ecd18c', '#fff6da'),
  WHITE_GOLD: M('WHITE_GOLD', '#4c5056', '#868c93', '#bcc1c7', '#e3e6e9', '#ffffff'),
  PLATINUM: M('PLATINUM', '#43474e', '#7b8189', '#b0b6bd', '#d9dde2', '#fbfcfd'),
  ROSE_GOLD: M('ROSE_GOLD', '#5c2c1f', '#9a5e4a', '#cf927b', '#eec4b0', '#fff1e8'),
  SILVER: M('SILVER', '#555a61', '#9399a1', '#ccd1d7', '#f0f2f5', '#ffffff'),
};

export function metalTone(m: Metal, x: number): Rgb {
  const [d0, d1, d2, d3, d4] = m.tones;
  return ramp(
    [
      [0, d0],
      [0.3, d1],
      [0.58, d2],
      [0.86, d3],
      [1.12, d4],
    ],
    x,
  );
}

/**
 * Polished metal = reflection of a studio: a large soft box up-left, a strip light on the right,
 * a bright ceiling, a dark horizon band and the ivory floor below. `r` is the reflected view
 * vector in camera space (x right, y up, z towards the camera).
 */
const KEY: Vec3 = (() => {
  const l = Math.hypot(-0.55, 0.68, 0.48);
  return [-0.55 / l, 0.68 / l, 0.48 / l];
})();
const RIM: Vec3 = (() => {
  const l = Math.hypot(0.85, 0.25, 0.3);
  return [0.85 / l, 0.25 / l, 0.3 / l];
})();

export function studioEnv(r: Vec3): number {
  const up = r[1];
  let e = up >= 0 ? 0.62 + 0.22 * up : 0.56 + 0.2 * up;
  // dark horizon band — the classic line that makes polished metal read as metal
  const hz = (up - 0.1) / 0.16;
  e -= 0.5 * Math.exp(-hz * hz);
  // towards the camera: dark camera/tent opening
  e -= 0.18 * clamp((r[2] - 0.6) / 0.4);
  const k = r[0] * KEY[0] + r[1] * KEY[1] + r[2] * KEY[2];
  e += 0.75 * smoothK(0.72, 0.95, k);
  const k2 = r[0] * RIM[0] + r[1] * RIM[1] + r[2] * RIM[2];
  e += 0.35 * smoothK(0.8, 0.97, k2);
  return e;
}

function smoothK(e0: number, e1: number, x: number): number {
  const t = clamp((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

/** Shade of a metal surface with camera-space normal n. */
export function metalShade(m: Metal, n: Vec3): string {
  const r: Vec3 = [2 * n[2] * n[0], 2 * n[2] * n[1], 2 * n[2] * n[2] - 1];
  return hex(metalTone(m, studioEnv(r)));
}

// ---------------------------------------------------------------- gems

export type StoneKind = 'diamond' | 'coloured' | 'pearl';

export interface GemLook {
  kind: StoneKind;
  /** Body colour (for diamonds: the faint tint, white for colourless). */
  base: Rgb;
  /** 0 = colourless diamond, 1 = fully coloured */
  tint: number;
  /** for pearls: overtone */
  overtone: Rgb;
  /** opaque stones are drawn as cabochons */
  opaque: boolean;
}

const COLOUR_WORDS: [RegExp, string][] = [
  [/pigeon|blood/, '#8c0a22'],
  [/padparadscha/, '#f2906f'],
  [/cornflower/, '#4d74cf'],
  [/royal|navy|midnight/, '#1c3590'],
  [/teal|peacock/, '#117a7a'],
  [/aqua|sky|seafoam|ice blue/, '#8fcfe2'],
  [/canary|lemon/, '#f7d23a'],
  [/champagne|cognac|brown|chocolate/, '#a9774a'],
  [/lavender|lilac/, '#b49ad8'],
  [/violet|purple|plum/, '#5d3aa3'],
  [/peach|salmon/, '#f0ae92'],
  [/orange|tangerine|mandarin/, '#ec7a2e'],
  [/magenta|fuchsia|hot pink/, '#d1266e'],
  [/rose|blush|pink/, '#ec9ab2'],
  [/crimson|cherry|raspberry|red/, '#b01434'],
  [/mint/, '#8fd6b1'],
  [/olive|khaki/, '#8a8f2e'],
  [/emerald|forest|vivid green|grass/, '#0b7f4c'],
  [/green/, '#1d8a4f'],
  [/yellow|gold|honey|citrine/, '#f0c232'],
  [/blue|indigo|sapphire/, '#2446a8'],
  [/black|jet|onyx/, '#1b1b20'],
  [/grey|gray|silver|smoke/, '#9aa0a8'],
  [/cream|ivory/, '#f3ead8'],
];

const STONE_DEFAULT: Record<string, string> = {
  diamond: '#ffffff',
  sapphire: '#1f3f9e',
  ruby: '#9e0f2e',
  emerald: '#0d7a4a',
  pearl: '#f4eee4',
  tanzanite: '#4b3aa8',
  morganite: '#f1b6a8',
  aquamarine: '#9bd3e4',
  spinel: '#c21b48',
  tsavorite: '#1c9a3c',
  amethyst: '#7d48b8',
  topaz: '#6fb5e6',
  citrine: '#e5a12e',
  garnet: '#7c1224',
  tourmaline: '#e0628a',
  peridot: '#9cc23a',
  opal: '#e8e4f0',
  onyx: '#18181c',
  turquoise: '#3cb7b0',
  'mother-of-pearl': '#f1ece6',
  'lapis lazuli': '#274aa0',
  malachite: '#1f7a4e',
  chalcedony: '#b9c8dc',
};

const OPAQUE = /onyx|turquoise|lapis|malachite|mother|coral|jade|chalcedony|opal/;

export function stoneFamily(type: string): string {
  const t = type.toLowerCase().trim();
  for (const k of Object.keys(STONE_DEFAULT)) if (t.includes(k)) return k;
  return 'diamond';
}

export function gemLook(type: string, colour: string): GemLook {
  const fam = stoneFamily(type);
  const c = colour.toLowerCase().trim();
  let base = parseHex(STONE_DEFAULT[fam] ?? '#ffffff');
  // diamond colour grades (D–Z) and explicit colourless words keep the stone white
  const graded = /^[d-z](\b|$)/.test(c) || /colou?rless|white|clear|^$/.test(c);
  let matched = false;
  if (!(graded && (fam === 'diamond' || c.length <= 1 || /colou?rless|clear/.test(c)))) {
    for (const [re, h] of COLOUR_WORDS) {
      if (re.test(c)) {
        base = parseHex(h);
        matched = true;
        break;
      }
    }
  }
  if (fam === 'pearl') {
    let b: Rgb = [244, 238, 228];
    let over: Rgb = [246, 214, 222];
    if (/black|tahiti|peacock|grey|gray/.test(c)) {
      b = [70, 74, 82];
      over = [96, 150, 130];
    } else if (/gold|yellow|champagne/.test(c)) {
      b = [232, 200, 130];
      over = [255, 232, 180];
    } else if (/pink|rose|blush/.test(c)) {
      b = [244, 222, 216];
      over = [250, 200, 214];
    } else if (/cream|ivory/.test(c)) {
      b = [242, 232, 212];
      over = [250, 226, 214];
    }
    return { kind: 'pearl', base: b, tint: 1, overtone: over, opaque: true };
  }
  let light = /light|pale|pastel|baby|soft/.test(c);
  const deep = /deep|dark|intense|vivid|royal|pigeon/.test(c);
  if (fam === 'diamond') {
    if (!matched) return { kind: 'diamond', base: [255, 255, 255], tint: 0, overtone: [255, 255, 255], opaque: false };
    // fancy coloured diamonds: keep them diamond-bright
    return { kind: 'diamond', base, tint: deep ? 0.8 : light ? 0.35 : 0.6, overtone: base, opaque: false };
  }
  if (light) base = mix(base, [255, 255, 255], 0.35);
  if (deep) base = mix(base, [0, 0, 0], 0.15);
  light = light || base[0] + base[1] + base[2] > 560;
  return { kind: 'coloured', base, tint: light ? 0.7 : 1, overtone: base, opaque: OPAQUE.test(fam) };
}

/** Colour of a stone facet from a brightness value in [0, 1.2]. */
export function gemTone(g: GemLook, x: number): Rgb {
  if (g.kind === 'diamond') {
    const grey = ramp(
      [
        [0, [34, 36, 42]],
        [0.3, [98, 104, 114]],
        [0.6, [188, 194, 202]],
        [0.85, [236, 240, 245]],
        [1.0, [255, 255, 255]],
      ],
      x,
    );
    if (g.tint === 0) return grey;
    return mix(grey, mix(g.base, grey, x > 0.95 ? 0.6 : 0.15), g.tint * (x < 0.15 ? 0.5 : 0.85));
  }
  const b = g.base;
  const lum = (b[0] * 0.3 + b[1] * 0.59 + b[2] * 0.11) / 255;
  const dark = mix(b, [8, 6, 12], lum > 0.6 ? 0.55 : 0.72);
  const mid = b;
  const lite = mix(b, [255, 255, 255], lum > 0.6 ? 0.45 : 0.32);
  return ramp(
    [
      [0, dark],
      [0.35, mix(dark, mid, 0.55)],
      [0.62, mid],
      [0.88, lite],
      [1.05, mix(lite, [255, 255, 255], 0.7)],
    ],
    x,
  );
}
