/**
 * The studio: what a reflected or refracted ray sees when it leaves the piece. A dark room (the
 * contrast polished metal and a diamond's pavilion need), a large soft box overhead, two tall strip
 * lights at the sides, a low strip behind, the warm-white seamless paper the piece rests on and a
 * black lens where the camera stands. Defined in the camera's frame (its yaw removed), so every shot
 * is lit the same way. Analytic and noise-free: a rough surface sees the same lights with softer
 * edges (`blur`, radians) instead of sampling them.
 */

export type Rgb3 = [number, number, number];

interface Panel {
  /** azimuth (0 = towards the camera, +π/2 = camera right) and elevation of the panel's centre */
  az: number;
  el: number;
  /** half extents (radians) */
  halfAz: number;
  halfEl: number;
  intensity: number;
  tint: Rgb3;
}

const DEG = Math.PI / 180;
const WARM: Rgb3 = [1, 0.97, 0.92];
const COOL: Rgb3 = [0.96, 0.98, 1];

const PANELS: Panel[] = [
  // the key: a large soft box above the piece, a little to the camera's left and in front
  { az: -20 * DEG, el: 62 * DEG, halfAz: 34 * DEG, halfEl: 16 * DEG, intensity: 5.5, tint: WARM },
  // strip lights left and right, tall and narrow: the long highlights along a shank
  { az: -78 * DEG, el: 18 * DEG, halfAz: 7 * DEG, halfEl: 30 * DEG, intensity: 4.2, tint: COOL },
  { az: 74 * DEG, el: 22 * DEG, halfAz: 6 * DEG, halfEl: 28 * DEG, intensity: 3.4, tint: WARM },
  // a low strip behind the piece: the rim light on its silhouette
  { az: 180 * DEG, el: 16 * DEG, halfAz: 34 * DEG, halfEl: 5 * DEG, intensity: 2.6, tint: WARM },
  // a small hard spot high on the right: the pin-point flashes in the facets
  { az: 38 * DEG, el: 48 * DEG, halfAz: 3 * DEG, halfEl: 3 * DEG, intensity: 14, tint: WARM },
];

const smooth = (e0: number, e1: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

function wrap(a: number): number {
  while (a > Math.PI) a -= 2 * Math.PI;
  while (a < -Math.PI) a += 2 * Math.PI;
  return a;
}

export class Studio {
  /** the camera's yaw: directions are turned into the studio's frame by it */
  private readonly cos: number;
  private readonly sin: number;
  /** elevation of the camera (the black lens sits there) */
  private readonly camEl: number;

  constructor(yaw: number, pitch: number) {
    this.cos = Math.cos(-yaw);
    this.sin = Math.sin(-yaw);
    this.camEl = pitch;
  }

  /** Radiance arriving along -d (d points away from the piece), linear RGB, into `out`. */
  env(dx: number, dy: number, dz: number, blur: number, out: Rgb3): void {
    const x = dx * this.cos + dz * this.sin;
    const z = -dx * this.sin + dz * this.cos;
    const el = Math.asin(Math.max(-1, Math.min(1, dy)));
    const az = Math.atan2(x, z);
    const soft = 0.035 + blur;
    // the room: dark walls and ceiling, the lit paper below and behind the piece
    let r: number;
    let g: number;
    let b: number;
    if (el < 0) {
      const paper = 0.78 * smooth(-0.02 - soft, 0.12 + soft, -el) + 0.5;
      r = paper * 0.96;
      g = paper * 0.93;
      b = paper * 0.88;
    } else {
      // the seamless paper curving up behind the piece, the room dark above and towards the camera
      const behind = smooth(0.35, -0.6, Math.cos(az)) * smooth(0.75 + soft, 0.15 - soft, el);
      const room = 0.045 + 0.05 * (1 - el / (Math.PI / 2));
      const v = room + 0.62 * behind;
      r = v * 0.98;
      g = v * 0.95;
      b = v * 0.9;
    }
    for (const p of PANELS) {
      const da = Math.abs(wrap(az - p.az)) * Math.cos(el);
      const de = Math.abs(el - p.el);
      if (da > p.halfAz + soft || de > p.halfEl + soft) continue;
      const w = smooth(p.halfAz + soft, p.halfAz - soft, da) * smooth(p.halfEl + soft, p.halfEl - soft, de);
      // a soft box is brighter in its middle
      const k = w * p.intensity * (1 - 0.25 * (da / (p.halfAz + soft)) ** 2);
      r += k * p.tint[0];
      g += k * p.tint[1];
      b += k * p.tint[2];
    }
    // the camera and the photographer: black around the lens
    const dLens = Math.hypot(wrap(az) * Math.cos(el), el - this.camEl);
    const lens = smooth(0.2 + soft, 0.08, dLens);
    const keep = 1 - 0.92 * lens;
    out[0] = r * keep;
    out[1] = g * keep;
    out[2] = b * keep;
  }
}

/** Display transform: linear light to 8-bit sRGB with a soft shoulder (highlights roll off to white). */
function toSrgb8Exact(x: number): number {
  const k = 0.78;
  let y = x <= k ? x : k + (1 - k) * (1 - Math.exp(-(x - k) / (1 - k)));
  if (y < 0) y = 0;
  const s = y <= 0.0031308 ? 12.92 * y : 1.055 * Math.pow(y, 1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(s * 255)));
}

/** The same, tabulated: linear values up to LUT_MAX in LUT_SIZE steps (finer than one 8-bit level everywhere). */
const LUT_MAX = 6;
const LUT_SIZE = 16384;
const LUT = Uint8Array.from({ length: LUT_SIZE + 1 }, (_, i) => toSrgb8Exact((i / LUT_SIZE) * LUT_MAX));

export function toSrgb8(x: number): number {
  if (!(x > 0)) return LUT[0]!;
  if (x >= LUT_MAX) return LUT[LUT_SIZE]!;
  // the dark end is steep in sRGB: computed there, tabulated above
  if (x < 0.01) return toSrgb8Exact(x);
  return LUT[Math.round((x / LUT_MAX) * LUT_SIZE)]!;
}
