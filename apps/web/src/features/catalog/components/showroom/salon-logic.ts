/**
 * The salon's geometry and camera rules, without three.js (unit-tested, and shared by the page and
 * the lazily loaded scene): where the cases stand, where the visitor may walk, how the camera
 * glides, how the loading progress adds up.
 */

/** Metres. The visitor's eye height while walking and when leaning in to a piece. */
export const EYE_HEIGHT = 1.55;
export const CLOSE_EYE_HEIGHT = 1.28;
/** The velvet bed of a case (where the pieces stand), in metres above the floor. */
export const BED_HEIGHT = 1.0;
export const CASE_WIDTH = 2.0;
export const CASE_DEPTH = 0.62;
/** A piece, whatever its real size, is shown this large (its largest dimension), like a sculpture. */
export const PIECE_SIZE = 0.22;
/** At most this many pieces stand in a case: the written list shows the same ones. */
export const PIECES_PER_CASE = 8;
/** One key press moves the visitor this far (m) or turns them this much (radians). */
export const STEP = 0.35;
export const TURN = Math.PI / 16;

export interface Vec2 {
  x: number;
  z: number;
}

export interface CasePlacement {
  /** Centre of the case on the floor. */
  x: number;
  z: number;
  /** Rotation about the vertical axis: the case's front (+z locally) faces the room's centre. */
  rotation: number;
}

export interface Salon {
  /** Radius of the circle the cases stand on. */
  radius: number;
  /** Radius of the wall behind them. */
  wallRadius: number;
  /** How far from the centre the visitor may walk. */
  walkRadius: number;
  cases: CasePlacement[];
}

/**
 * The cases stand on a circle and face its centre, the first one straight ahead of the visitor
 * (−z), the next ones clockwise. A room of at least four places, so one or two collections do
 * not stand back to back.
 */
export function layoutSalon(caseCount: number): Salon {
  const places = Math.max(4, caseCount);
  const radius = Math.max(3.4, (places * (CASE_WIDTH + 1.5)) / (2 * Math.PI));
  const cases = Array.from({ length: caseCount }, (_, i) => {
    const angle = (i * 2 * Math.PI) / places;
    return { x: radius * Math.sin(angle), z: -radius * Math.cos(angle), rotation: -angle };
  });
  return { radius, wallRadius: radius + 1.6, walkRadius: radius - CASE_DEPTH / 2 - 0.75, cases };
}

/**
 * Where each of `count` pieces stands on a case's bed, in the case's own frame (x across, z towards
 * the visitor): one row up to four, two rows beyond (the back row raised, `y`).
 */
export function slotsInCase(count: number): { x: number; y: number; z: number }[] {
  const n = Math.min(count, PIECES_PER_CASE);
  if (n <= 4) return Array.from({ length: n }, (_, i) => ({ x: (i - (n - 1) / 2) * (CASE_WIDTH / 4.2), y: 0, z: 0.02 }));
  // Two rows, staggered by half a place so no piece hides behind another.
  const back = Math.ceil(n / 2);
  const front = n - back;
  const s = CASE_WIDTH * 0.22;
  const shift = back === front ? s / 4 : 0;
  const row = (k: number, m: number, z: number, y: number, dx: number) => ({ x: (k - (m - 1) / 2) * s + dx, y, z });
  return [
    ...Array.from({ length: back }, (_, i) => row(i, back, -0.15, 0.07, shift)),
    ...Array.from({ length: front }, (_, i) => row(i, front, 0.13, 0, -shift)),
  ];
}

/** Keeps the visitor inside the walkable disc (between the cases). */
export function clampToRoom(position: Vec2, walkRadius: number): Vec2 {
  const distance = Math.hypot(position.x, position.z);
  if (distance <= walkRadius) return position;
  const k = walkRadius / distance;
  return { x: position.x * k, z: position.z * k };
}

/** The camera looks along (−sin yaw, ·, −cos yaw): yaw 0 faces the first case. */
export function forwardOf(yaw: number): Vec2 {
  return { x: -Math.sin(yaw), z: -Math.cos(yaw) };
}

/**
 * Where `forward` steps ahead and `sideways` steps to the right (negative: back, left) take the
 * visitor standing at `from` looking along `yaw`, never past the walking line between the cases.
 */
export function walkTo(from: Vec2, yaw: number, forward: number, sideways: number, walkRadius: number): Vec2 {
  const f = forwardOf(yaw);
  return clampToRoom(
    { x: from.x + f.x * forward * STEP - f.z * sideways * STEP, z: from.z + f.z * forward * STEP + f.x * sideways * STEP },
    Math.max(0, walkRadius),
  );
}

/** What a key does in the salon (arrows or WASD walk and turn; Enter or Space opens the piece ahead). */
export type SalonKeyAction = { kind: 'walk'; forward: number; sideways: number } | { kind: 'turn'; yaw: number } | { kind: 'open' };

export function salonKeyAction(key: string): SalonKeyAction | null {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (k === 'ArrowUp' || k === 'w') return { kind: 'walk', forward: 1, sideways: 0 };
  if (k === 'ArrowDown' || k === 's') return { kind: 'walk', forward: -1, sideways: 0 };
  if (k === 'a') return { kind: 'walk', forward: 0, sideways: -1 };
  if (k === 'd') return { kind: 'walk', forward: 0, sideways: 1 };
  if (k === 'ArrowLeft') return { kind: 'turn', yaw: TURN };
  if (k === 'ArrowRight') return { kind: 'turn', yaw: -TURN };
  if (k === 'Enter' || k === ' ') return { kind: 'open' };
  return null;
}

/** The case after the last is the first again (and before the first, the last). */
export function wrapCase(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** Yaw and pitch that look from `from` at `to` (points in metres, y up). */
export function lookAt(from: { x: number; y: number; z: number }, to: { x: number; y: number; z: number }): { yaw: number; pitch: number } {
  const dx = to.x - from.x;
  const dz = to.z - from.z;
  return { yaw: Math.atan2(-dx, -dz), pitch: Math.atan2(to.y - from.y, Math.hypot(dx, dz)) };
}

/** The same angle brought within π of `reference`, so a glide takes the short way round. */
export function nearestAngle(angle: number, reference: number): number {
  const turn = 2 * Math.PI;
  return angle - turn * Math.round((angle - reference) / turn);
}

export const PITCH_LIMIT = 0.7;

export function clampPitch(pitch: number): number {
  return Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, pitch));
}

export interface ViewPoint {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

/** Standing before case `c`, `distance` metres from it (never past the walking line). */
export function viewOfCase(c: CasePlacement, salon: Salon, distance = 1.55): ViewPoint {
  const toCentre = Math.hypot(c.x, c.z) || 1;
  const at = clampToRoom({ x: c.x - (c.x / toCentre) * distance, z: c.z - (c.z / toCentre) * distance }, salon.walkRadius);
  const look = lookAt({ x: at.x, y: EYE_HEIGHT, z: at.z }, { x: c.x, y: BED_HEIGHT + 0.05, z: c.z });
  return { x: at.x, y: EYE_HEIGHT, z: at.z, ...look };
}

/** Leaning in to a piece standing at `piece` (world), in front of the case `c`. */
export function viewOfPiece(piece: { x: number; y: number; z: number }, c: CasePlacement): ViewPoint {
  const distance = 1.1;
  const toCentre = Math.hypot(c.x, c.z) || 1;
  const at = { x: piece.x - (c.x / toCentre) * distance, z: piece.z - (c.z / toCentre) * distance };
  const look = lookAt({ x: at.x, y: CLOSE_EYE_HEIGHT, z: at.z }, piece);
  return { x: at.x, y: CLOSE_EYE_HEIGHT, z: at.z, ...look };
}

/**
 * One glide step: moves `current` towards `target` (exponential ease-out, `dt` in seconds) and says
 * whether it is still moving. Under reduced motion there is no glide: the camera cuts.
 */
export function glide(current: ViewPoint, target: ViewPoint, dt: number, reducedMotion: boolean): { view: ViewPoint; moving: boolean } {
  const yaw = nearestAngle(target.yaw, current.yaw);
  if (reducedMotion) return { view: { ...target, yaw }, moving: false };
  const k = 1 - Math.exp(-dt * 7);
  const next = {
    x: current.x + (target.x - current.x) * k,
    y: current.y + (target.y - current.y) * k,
    z: current.z + (target.z - current.z) * k,
    yaw: current.yaw + (yaw - current.yaw) * k,
    pitch: current.pitch + (target.pitch - current.pitch) * k,
  };
  const left =
    Math.abs(target.x - next.x) +
    Math.abs(target.y - next.y) +
    Math.abs(target.z - next.z) +
    Math.abs(yaw - next.yaw) +
    Math.abs(target.pitch - next.pitch);
  if (left < 1e-4) return { view: { ...target, yaw }, moving: false };
  return { view: next, moving: true };
}

/**
 * The loading screen's figure: each model counts for an equal share; a model still downloading
 * counts for the bytes read (its parse for the last tenth of its share).
 */
export function overallProgress(fractions: readonly (number | null)[], parsed: readonly boolean[]): number {
  if (fractions.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < fractions.length; i += 1) sum += parsed[i] ? 1 : (fractions[i] ?? 0) * 0.9;
  return Math.min(1, sum / fractions.length);
}

/** How far to stand from a case to see it whole across a view of `horizontalFov` radians (at least 1.55 m). */
export function caseDistance(horizontalFov: number): number {
  return Math.max(1.55, (CASE_WIDTH / 2 + 0.12) / Math.tan(horizontalFov / 2));
}
