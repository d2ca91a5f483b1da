/**
 * The catalogue's words for metals and stones, as colours: a stone's family ('sapphire' in 'Ceylon
 * Sapphire'), its body colour from the words of its grade ('royal blue', 'pigeon blood', D–Z), and
 * pearls' body and overtone. The models' materials (models/materials.ts) start from these.
 */
export type Rgb = readonly [number, number, number];

const parseHex = (h: string): Rgb => {
  const n = parseInt(h.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

export type MetalKey = 'YELLOW_GOLD' | 'WHITE_GOLD' | 'ROSE_GOLD' | 'PLATINUM' | 'SILVER';

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
