/**
 * The try-on's geometry, pure and testable: hand landmarks (MediaPipe Hands, 21 points) → where the
 * ring sits on the ring finger, how it is turned and how large it is drawn, and the invisible
 * cylinder standing in for the finger so the back of the band passes behind it.
 *
 * Spaces:
 * - landmarks: x, y normalised to the camera frame (0..1, y down); z the relative depth MediaPipe
 *   gives, in the same unit as x (frame widths), smaller = nearer the camera;
 * - view pixels: the canvas, which shows the frame "cover"-fitted and, for the front camera, mirrored;
 * - camera space (three.js): millimetres, camera at the origin looking down −Z, Y up.
 *
 * The scale comes from the ring size: the finger's width is estimated in pixels from the knuckles,
 * and the chosen size says how many millimetres that is, so the band always hugs the finger and the
 * stone keeps its true size in millimetres (on a slimmer finger it looks larger, as it would).
 */

export type Vec3 = readonly [number, number, number];
/** x, y, z, w. */
export type Quat = readonly [number, number, number, number];

export interface Landmark {
  x: number;
  y: number;
  z: number;
}

export interface ViewGeometry {
  /** The camera frame in pixels (video.videoWidth / videoHeight). */
  frameWidth: number;
  frameHeight: number;
  /** The canvas in CSS pixels. */
  viewWidth: number;
  viewHeight: number;
  /** The front camera is shown as a mirror. */
  isMirrored: boolean;
  /** Vertical field of view of the three.js camera, radians. */
  fovY: number;
}

/** MediaPipe's label, given as if the frame were mirrored (its documented convention). */
export type Handedness = 'Left' | 'Right';

export interface OccluderFit {
  /** Centre of the cylinder, camera space (mm). */
  position: Vec3;
  /** Same turn as the ring: the cylinder's axis is the ring's local X (the finger). */
  quaternion: Quat;
  radius: number;
  length: number;
}

export interface RingPose {
  /** Centre of the band, camera space (mm). */
  position: Vec3;
  /** Takes the model's frame (finger along +X, the head at +Y) to camera space. */
  quaternion: Quat;
  /** Unit vectors in camera space: along the finger (towards the tip) and out of the back of the finger. */
  axis: Vec3;
  up: Vec3;
  /** Where the band's centre is on the canvas (CSS px). */
  screen: { x: number; y: number };
  /** The finger's width as drawn (CSS px): the band's inside diameter on screen. */
  fingerWidthPx: number;
  /** Inside diameter of the chosen size (mm). */
  innerDiameter: number;
  occluder: OccluderFit;
}

// ---------------------------------------------------------------- ring sizes

/** The size every model is built at (decisions §69). */
export const MODEL_SIZE_EU = 52;
/** The sizes offered: the usual range of a maison's ring sizer (EU = inside circumference in mm). */
export const RING_SIZES_EU: readonly number[] = Array.from({ length: 23 }, (_, i) => 44 + i);

/** EU size (inside circumference, mm) → inside diameter in mm. */
export function ringInnerDiameter(sizeEu: number): number {
  return sizeEu / Math.PI;
}

/**
 * How the model's band is resized to `sizeEu`: the band is scaled across the finger (its Y and Z)
 * by `bandScale`; every other part (head, stones, prongs, accents) moves outwards by `radialShift`
 * mm, keeping its size — a jeweller resizes the shank, never the stone.
 */
export function resizeFor(sizeEu: number): { bandScale: number; radialShift: number } {
  const inner = ringInnerDiameter(sizeEu);
  const model = ringInnerDiameter(MODEL_SIZE_EU);
  return { bandScale: inner / model, radialShift: (inner - model) / 2 };
}

/** A part's position (model mm, finger along X) moved `shift` mm away from the finger's axis. */
export function shiftedRadially(position: Vec3, shift: number): Vec3 {
  const [x, y, z] = position;
  const r = Math.hypot(y, z);
  if (r < 1e-9) return [x, y + shift, z];
  return [x, y + (y / r) * shift, z + (z / r) * shift];
}

// ---------------------------------------------------------------- small vector algebra

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
const normalize = (a: Vec3): Vec3 => {
  const l = length(a);
  return l > 1e-12 ? scale(a, 1 / l) : [0, 0, 0];
};
const lerp = (a: Vec3, b: Vec3, t: number): Vec3 => add(a, scale(sub(b, a), t));

/** Rotation taking +X to `x`, +Y to `y`, +Z to `z` (an orthonormal right-handed basis). */
export function quaternionFromBasis(x: Vec3, y: Vec3, z: Vec3): Quat {
  const [m00, m10, m20] = x;
  const [m01, m11, m21] = y;
  const [m02, m12, m22] = z;
  const trace = m00 + m11 + m22;
  let q: [number, number, number, number];
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    q = [(m21 - m12) * s, (m02 - m20) * s, (m10 - m01) * s, 0.25 / s];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s];
  }
  const n = Math.hypot(...q);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/** Rotates `v` by the unit quaternion `q`. */
export function rotate(q: Quat, v: Vec3): Vec3 {
  const u: Vec3 = [q[0], q[1], q[2]];
  const t = scale(cross(u, v), 2);
  return add(add(v, scale(t, q[3])), cross(u, t));
}

// ---------------------------------------------------------------- landmarks → ring

/** The three.js camera's vertical field of view: a phone's or a laptop's camera, near enough. */
export const CAMERA_FOV_Y = (52 * Math.PI) / 180;

/** MediaPipe Hands' indices for the ring finger and its neighbours. */
export const LM = { wrist: 0, indexMcp: 5, middleMcp: 9, ringMcp: 13, ringPip: 14, ringDip: 15, pinkyMcp: 17 } as const;

/** Where along the proximal phalanx (knuckle → middle joint) a ring is worn. */
export const RING_SEAT = 0.42;
/**
 * Ring-finger width at its base over the mean spacing of its knuckles to the middle and little
 * fingers' (adult hands: 16–19 mm wide for 18–21 mm of spacing).
 */
export const FINGER_TO_KNUCKLE_SPACING = 0.88;
/** The occluder is a hair inside the band so the band's inside never fights it for depth. */
export const OCCLUDER_INSET = 0.96;
/**
 * Below this, the knuckles' spread across the picture (index to little finger) over the palm's length
 * (wrist to the middle finger's knuckle) is a palm seen edge-on: the fixtures' adult hand reads 0.63
 * facing the camera and 0.2 turned about 75° from it. Its ring finger is then behind the others, and a
 * ring drawn where the tracker puts it floats on the finger in front (e2e/fixtures/ar/hand.jpg: 0.06).
 */
export const EDGE_ON_SPREAD = 0.2;

/** How the camera frame is laid on the canvas: scale and offsets of "object-fit: cover". */
export function coverFit(
  frameWidth: number,
  frameHeight: number,
  viewWidth: number,
  viewHeight: number,
): { scale: number; offsetX: number; offsetY: number } {
  const s = Math.max(viewWidth / frameWidth, viewHeight / frameHeight);
  return { scale: s, offsetX: (viewWidth - frameWidth * s) / 2, offsetY: (viewHeight - frameHeight * s) / 2 };
}

/** A landmark in view pixels, z in the same pixels (smaller = nearer); mirrored for the front camera. */
export function toViewPixels(l: Landmark, view: ViewGeometry): Vec3 {
  const { scale: s, offsetX, offsetY } = coverFit(view.frameWidth, view.frameHeight, view.viewWidth, view.viewHeight);
  const u = l.x * view.frameWidth * s + offsetX;
  return [view.isMirrored ? view.viewWidth - u : u, l.y * view.frameHeight * s + offsetY, l.z * view.frameWidth * s];
}

/** Focal length of the three.js camera in view pixels. */
export function focalPx(view: ViewGeometry): number {
  return view.viewHeight / 2 / Math.tan(view.fovY / 2);
}

/** View-pixel direction (x right, y down, z away) → camera-space direction (x right, y up, z towards the viewer). */
const pixelDirToCamera = (d: Vec3): Vec3 => [d[0], -d[1], -d[2]];

/** The view pixel (u, v) seen at distance `depth` (mm) → camera space. */
export function unproject(u: number, v: number, depth: number, view: ViewGeometry): Vec3 {
  const f = focalPx(view);
  return [((u - view.viewWidth / 2) * depth) / f, (-(v - view.viewHeight / 2) * depth) / f, -depth];
}

/** Camera space → view pixels. */
export function project(p: Vec3, view: ViewGeometry): { x: number; y: number } {
  const f = focalPx(view);
  const depth = -p[2];
  return { x: view.viewWidth / 2 + (p[0] * f) / depth, y: view.viewHeight / 2 - (p[1] * f) / depth };
}

function isUsable(landmarks: readonly Landmark[] | undefined): landmarks is readonly Landmark[] {
  if (!landmarks || landmarks.length < 21) return false;
  return landmarks.every((l) => Number.isFinite(l.x) && Number.isFinite(l.y) && Number.isFinite(l.z));
}

/**
 * The direction out of the back of the hand, in view pixels. MediaPipe names the hand as if the
 * frame were mirrored, so on the raw frame its 'Left' is a right hand. For a right hand seen on the
 * raw frame, (index knuckle − wrist) × (little knuckle − wrist) points into the palm; mirroring the
 * picture turns that around once more.
 */
function dorsalDirection(p: readonly Vec3[], handedness: Handedness | undefined, isMirrored: boolean): Vec3 {
  const palmCross = cross(sub(p[LM.indexMcp]!, p[LM.wrist]!), sub(p[LM.pinkyMcp]!, p[LM.wrist]!));
  const isRightHand = handedness !== 'Right';
  const sign = (isRightHand ? -1 : 1) * (isMirrored ? -1 : 1);
  return scale(palmCross, sign);
}

/**
 * Where and how to draw the ring, or null when the landmarks cannot carry it (missing points, a
 * finger seen end-on, a palm seen edge-on).
 */
export function ringPose(
  landmarks: readonly Landmark[] | undefined,
  handedness: Handedness | undefined,
  view: ViewGeometry,
  sizeEu: number,
): RingPose | null {
  if (!isUsable(landmarks)) return null;
  const p = landmarks.map((l) => toViewPixels(l, view));
  const mcp = p[LM.ringMcp]!;
  const pip = p[LM.ringPip]!;
  const phalanx = sub(pip, mcp);
  const phalanxPx = length(phalanx);
  const spacing = (length(sub(mcp, p[LM.middleMcp]!)) + length(sub(mcp, p[LM.pinkyMcp]!))) / 2;
  // A finger pointing at the camera shows no length to sit a ring on.
  if (phalanxPx < 1 || spacing < 1 || Math.hypot(phalanx[0], phalanx[1]) < 0.25 * phalanxPx) return null;
  // A palm seen edge-on hides the ring finger behind its neighbours (EDGE_ON_SPREAD): measured in the picture.
  const spread = sub(p[LM.indexMcp]!, p[LM.pinkyMcp]!);
  const palm = sub(p[LM.middleMcp]!, p[LM.wrist]!);
  if (Math.hypot(spread[0], spread[1]) < EDGE_ON_SPREAD * Math.hypot(palm[0], palm[1])) return null;

  const fingerWidthPx = spacing * FINGER_TO_KNUCKLE_SPACING;
  const innerDiameter = ringInnerDiameter(sizeEu);
  const seat = lerp(mcp, pip, RING_SEAT);
  // The finger's width (px) is `innerDiameter` mm: how far away a finger that wide must be.
  const depth = (focalPx(view) * innerDiameter) / fingerWidthPx;
  const position = unproject(seat[0], seat[1], depth, view);

  const axis = normalize(pixelDirToCamera(phalanx));
  const dorsal = pixelDirToCamera(dorsalDirection(p, handedness, view.isMirrored));
  let up = sub(dorsal, scale(axis, dot(dorsal, axis)));
  if (length(up) < 1e-9) up = normalize(cross(axis, [0, 0, 1]));
  up = normalize(up);
  const side = cross(axis, up);
  const quaternion = quaternionFromBasis(axis, up, side);

  // The finger from just before its knuckle to just past its middle joint, a hair thinner than the band.
  const mmPerPx = innerDiameter / fingerWidthPx;
  const phalanxMm = phalanxPx * mmPerPx;
  const occluderLength = phalanxMm * 1.5;
  const occluderCentre = add(position, scale(axis, phalanxMm * (0.5 - RING_SEAT)));
  return {
    position,
    quaternion,
    axis,
    up,
    screen: { x: seat[0], y: seat[1] },
    fingerWidthPx,
    innerDiameter,
    occluder: { position: occluderCentre, quaternion, radius: (innerDiameter / 2) * OCCLUDER_INSET, length: occluderLength },
  };
}

// ---------------------------------------------------------------- steadiness

function slerp(a: Quat, b: Quat, t: number): Quat {
  let cos = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  let bb: [number, number, number, number] = [b[0], b[1], b[2], b[3]];
  if (cos < 0) {
    cos = -cos;
    bb = [-b[0], -b[1], -b[2], -b[3]];
  }
  if (cos > 0.9995) {
    const q = [a[0] + (bb[0] - a[0]) * t, a[1] + (bb[1] - a[1]) * t, a[2] + (bb[2] - a[2]) * t, a[3] + (bb[3] - a[3]) * t];
    const n = Math.hypot(...q);
    return [q[0]! / n, q[1]! / n, q[2]! / n, q[3]! / n];
  }
  const theta = Math.acos(cos);
  const sin = Math.sin(theta);
  const wa = Math.sin((1 - t) * theta) / sin;
  const wb = Math.sin(t * theta) / sin;
  return [a[0] * wa + bb[0] * wb, a[1] * wa + bb[1] * wb, a[2] * wa + bb[2] * wb, a[3] * wa + bb[3] * wb];
}

/**
 * Eases `next` towards `previous` so the ring does not shiver with the detector's noise; a jump
 * larger than `snapPx` on screen (a new hand, a quick move) is followed at once.
 */
export function steadyPose(previous: RingPose | null, next: RingPose, follow = 0.55, snapPx = 80): RingPose {
  if (!previous) return next;
  if (Math.hypot(next.screen.x - previous.screen.x, next.screen.y - previous.screen.y) > snapPx) return next;
  const t = follow;
  const quaternion = slerp(previous.quaternion, next.quaternion, t);
  const position = lerp(previous.position, next.position, t);
  const occluderPosition = lerp(previous.occluder.position, next.occluder.position, t);
  return {
    ...next,
    position,
    quaternion,
    axis: rotate(quaternion, [1, 0, 0]),
    up: rotate(quaternion, [0, 1, 0]),
    screen: {
      x: previous.screen.x + (next.screen.x - previous.screen.x) * t,
      y: previous.screen.y + (next.screen.y - previous.screen.y) * t,
    },
    fingerWidthPx: previous.fingerWidthPx + (next.fingerWidthPx - previous.fingerWidthPx) * t,
    occluder: {
      ...next.occluder,
      position: occluderPosition,
      quaternion,
      length: previous.occluder.length + (next.occluder.length - previous.occluder.length) * t,
    },
  };
}

// ---------------------------------------------------------------- pacing

/**
 * The share of the time the hand tracker may take. On a phone's GPU a frame takes 15–40 ms, so this
 * changes little (25–33 tracked frames a second, more than the smoothing needs); on a slow device, where
 * a frame can take half a second, it keeps half the machine for the page: the buttons answer, the
 * picture keeps moving, the phone stays cool.
 */
export const TRACKER_DUTY = 0.5;

/** When the next camera frame may go to the tracker, given when the last one was sent and how long it took (ms). */
export function nextTrackAt(sentAt: number, took: number, duty = TRACKER_DUTY): number {
  return sentAt + Math.max(0, took) / duty;
}

// ---------------------------------------------------------------- guidance

export type Guidance = 'starting' | 'show-hand' | 'tracking' | 'lost' | 'low-light';

/** Below this mean luma (0–255) the detector struggles: ask for more light. */
export const LOW_LIGHT_LUMA = 42;
/** A hand gone for longer than this (ms) is "lost" rather than a dropped frame. */
export const LOST_AFTER_MS = 600;

/** Mean Rec. 601 luma of RGBA pixels (0–255). */
export function meanLuma(rgba: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    n++;
  }
  return n ? sum / n : 0;
}

/**
 * What the visitor is told: nothing to say while the ring is on the hand; "more light" in a dark
 * room without a hand; "the hand was lost" shortly after it left; otherwise "show your hand".
 *
 * The light is read from the camera itself, not from the tracker: a dark room is said as soon as the
 * camera plays, while the hand tracker (seconds to load on a phone) is still getting ready.
 */
export function guidance({
  hasFrames,
  hasHand,
  seesHand = false,
  lastHandAt,
  everTracked,
  now,
  luma,
}: {
  hasFrames: boolean;
  /** The latest frame's hand carries the ring. */
  hasHand: boolean;
  /** The latest frame holds a hand that cannot carry it (turned edge-on, its finger pointing at the camera). */
  seesHand?: boolean;
  lastHandAt: number | null;
  everTracked: boolean;
  now: number;
  luma: number | null;
}): Guidance {
  // The latest frame holds the hand (however slow the device), or it slipped away only a moment ago.
  if (hasHand || (lastHandAt !== null && now - lastHandAt <= LOST_AFTER_MS)) return 'tracking';
  if (luma !== null && luma < LOW_LIGHT_LUMA) return 'low-light';
  if (!hasFrames) return 'starting';
  // A hand still in view but turned is asked for its back, not said lost.
  return everTracked && !seesHand ? 'lost' : 'show-hand';
}
