/**
 * What a frame of the turntable may cost, and what the loop does about it (issue 12): the policy, in
 * pure functions, that the scene's render loop follows, as model-viewer and Sketchfab do.
 *
 * - The drawing buffer's pixel ratio walks down a ladder (min(DPR, 2) → … → 1 → 0.75 → 0.5) while
 *   frames cost more than a frame's share of the main thread, and back up when the estimate at the
 *   next rung up leaves clear headroom. CSS keeps the canvas's size: only its sharpness changes.
 * - Hysteresis: a decision is taken on the median of a few frames measured at the same rung (one
 *   slow frame, a shader compile or a collection, moves nothing); going up needs the cost estimated
 *   at the higher rung (scaled by its pixel count, which over-estimates) to stay well below the
 *   step-down threshold; and a rung that proved too slow right after going up to it is not tried again.
 * - Pacing: a frame that was a long task (> 50 ms) is followed by as much idle time as it took, so the
 *   main thread is never a continuous chain of long tasks, even at the floor.
 * - Auto-rotation pauses (decision 0108) when even the floor cannot turn the piece at a few frames a
 *   second: a slideshow that holds the main thread half the time is worse than a still piece that
 *   turns when dragged.
 */

/** The lowest pixel ratio the turntable draws at: softer, never a blur of a few pixels. */
export const PIXEL_RATIO_FLOOR = 0.5;
/** The rungs below 1 (and the floor). */
const BELOW_ONE = [0.75, PIXEL_RATIO_FLOOR];
/** The highest ratio drawn, whatever the screen (a 3× phone draws at 2×). */
export const PIXEL_RATIO_CEILING = 2;

/** A frame should cost no more than this on the main thread (of a 60 Hz frame's 16.7 ms). */
export const SLOW_FRAME_MS = 14;
/** Going up one rung needs the cost estimated there to stay under this. */
export const HEADROOM_MS = 8;
/** A task longer than this blocks the main thread (the long-task threshold). */
export const LONG_TASK_MS = 50;
/** Frames measured at one rung before deciding (the median of them). */
export const SAMPLE_FRAMES = 5;
/** Going down within this many frames of going up marks the higher rung as too slow for good. */
const TRIAL_FRAMES = SAMPLE_FRAMES * 3;

/** The pixel ratios to draw at, from the sharpest the screen can use down to the floor. */
export function pixelRatioLadder(devicePixelRatio: number): number[] {
  const top = Math.min(Math.max(devicePixelRatio || 1, PIXEL_RATIO_FLOOR), PIXEL_RATIO_CEILING);
  const ladder = [top];
  // Half steps from the top down to 1 (2 → 1.5 → 1; 1.75 → 1.25 → 1 …), then the rungs below 1.
  for (let r = top - 0.5; r > 1; r -= 0.5) ladder.push(r);
  for (const r of [1, ...BELOW_ONE]) if (r < top) ladder.push(r);
  return ladder;
}

export interface FrameBudget {
  readonly ladder: readonly number[];
  /** The rung drawn at now (an index into the ladder; 0 is the sharpest). */
  readonly step: number;
  /** The costs (ms) of the frames measured at this rung since it was chosen, oldest first. */
  readonly samples: readonly number[];
  /** The sharpest rung allowed: one above it proved too slow. */
  readonly ceiling: number;
  /** Frames since the last step up (Infinity when none is on trial). */
  readonly sinceUp: number;
}

export function initialBudget(devicePixelRatio: number): FrameBudget {
  return { ladder: pixelRatioLadder(devicePixelRatio), step: 0, samples: [], ceiling: 0, sinceUp: Infinity };
}

export function pixelRatio(budget: FrameBudget): number {
  return budget.ladder[budget.step]!;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The cost a frame measured at one ratio is estimated to have at another: proportional to the pixels drawn. */
export function estimateCost(costMs: number, fromRatio: number, toRatio: number): number {
  return costMs * (toRatio / fromRatio) ** 2;
}

/**
 * The budget after one more frame, measured at the budget's rung. Down: straight to the sharpest
 * rung whose estimated cost fits (at least one rung), so a slow device gets there in a few frames.
 * Up: one rung at a time, and only with headroom.
 */
export function recordFrame(budget: FrameBudget, costMs: number): FrameBudget {
  const samples = [...budget.samples, costMs].slice(-SAMPLE_FRAMES);
  const sinceUp = budget.sinceUp + 1;
  const at = { ...budget, samples, sinceUp };
  if (samples.length < SAMPLE_FRAMES) return at;
  const cost = median(samples);
  const ratio = pixelRatio(budget);
  const last = budget.ladder.length - 1;
  if (cost > SLOW_FRAME_MS && budget.step < last) {
    let step = budget.step + 1;
    while (step < last && estimateCost(cost, ratio, budget.ladder[step]!) > SLOW_FRAME_MS) step += 1;
    // Down right after going up: the rung tried was too slow, and stays out of reach.
    const ceiling = sinceUp <= TRIAL_FRAMES ? Math.max(budget.ceiling, budget.step + 1) : budget.ceiling;
    return { ...budget, step, samples: [], ceiling: Math.min(ceiling, step), sinceUp: Infinity };
  }
  const up = budget.step - 1;
  if (up >= budget.ceiling && estimateCost(cost, ratio, budget.ladder[up]!) < HEADROOM_MS) {
    return { ...budget, step: up, samples: [], sinceUp: 0 };
  }
  return at;
}

/**
 * The idle time (ms) to leave after a frame before drawing the next: none after a frame within the
 * long-task threshold, as much as it took after a longer one (the main thread at most half busy).
 */
export function idleAfter(costMs: number): number {
  return costMs > LONG_TASK_MS ? Math.min(costMs, 1000) : 0;
}

/** Seconds of turning since the last frame, for a speed in degrees per second whatever the frame rate (a long pause is not a jump). */
export function turnSeconds(nowMs: number, lastMs: number | null): number {
  if (lastMs === null) return 0;
  return Math.min(Math.max(nowMs - lastMs, 0), 1000) / 1000;
}

/** Turning by itself needs at least this many frames a second, at the floor and with the pacing above. */
export const AUTO_ROTATE_MIN_FPS = 4;

/** The time (ms) from one frame to the next when each costs `costMs`: the frame, then its idle time. */
export function framePeriod(costMs: number): number {
  return costMs + idleAfter(costMs);
}

/**
 * Whether the device can turn the piece by itself, after one more frame measured at the budget's rung
 * (the frame `recordFrame` is given): false once the median of a full sample, carried to the floor by
 * pixel count (which under-estimates a lower rung's cost: part of a frame's cost does not shrink with
 * the pixels), still leaves fewer than AUTO_ROTATE_MIN_FPS frames a second. Until a sample is full,
 * true: one slow frame (a shader compile) decides nothing.
 */
export function sustainsAutoRotate(budget: FrameBudget, costMs: number): boolean {
  const samples = [...budget.samples, costMs].slice(-SAMPLE_FRAMES);
  if (samples.length < SAMPLE_FRAMES) return true;
  const floor = budget.ladder[budget.ladder.length - 1]!;
  const atFloor = estimateCost(median(samples), pixelRatio(budget), floor);
  return framePeriod(atFloor) <= 1000 / AUTO_ROTATE_MIN_FPS;
}
