import { describe, expect, it } from 'vitest';
import {
  AUTO_ROTATE_MIN_FPS,
  type FrameBudget,
  framePeriod,
  idleAfter,
  initialBudget,
  PIXEL_RATIO_FLOOR,
  pixelRatio,
  pixelRatioLadder,
  recordFrame,
  SAMPLE_FRAMES,
  sustainsAutoRotate,
  turnSeconds,
} from './frame-budget';

/** Runs `frames` frames on a device whose frame costs `cost(ratio)` ms; returns the budget and the ratios drawn at. */
function run(budget: FrameBudget, frames: number, cost: (ratio: number) => number) {
  const ratios: number[] = [];
  for (let i = 0; i < frames; i += 1) {
    const ratio = pixelRatio(budget);
    ratios.push(ratio);
    budget = recordFrame(budget, cost(ratio));
  }
  return { budget, ratios };
}

/** A device: a fixed cost plus a cost per million pixels drawn (a 400 × 500 CSS px canvas). */
const device = (fixedMs: number, msPerMegapixel: number) => (ratio: number) =>
  fixedMs + msPerMegapixel * ((400 * 500 * ratio * ratio) / 1e6);

describe('pixelRatioLadder', () => {
  it('goes from the screen’s ratio, at most 2, down to the floor', () => {
    expect(pixelRatioLadder(2.625)).toEqual([2, 1.5, 1, 0.75, 0.5]);
    expect(pixelRatioLadder(2)).toEqual([2, 1.5, 1, 0.75, 0.5]);
    expect(pixelRatioLadder(1.25)).toEqual([1.25, 1, 0.75, 0.5]);
    expect(pixelRatioLadder(1)).toEqual([1, 0.75, 0.5]);
    expect(pixelRatioLadder(0)).toEqual([1, 0.75, 0.5]);
  });
});

describe('recordFrame', () => {
  it('keeps a fast device at its full ratio', () => {
    const { budget, ratios } = run(initialBudget(2.625), 300, device(1.5, 4));
    expect(new Set(ratios)).toEqual(new Set([2]));
    expect(pixelRatio(budget)).toBe(2);
  });

  it('ignores a single slow frame (a shader compile, a collection)', () => {
    let budget = initialBudget(2);
    budget = recordFrame(budget, 400);
    budget = run(budget, 60, device(2, 4)).budget;
    expect(pixelRatio(budget)).toBe(2);
  });

  it('steps down while frames are slow, within a few frames', () => {
    // 30 ms at 2×: the pixels are the cost.
    const { budget, ratios } = run(initialBudget(2.625), 40, device(2, 35));
    expect(pixelRatio(budget)).toBeLessThan(2);
    expect(ratios.indexOf(pixelRatio(budget))).toBeLessThanOrEqual(SAMPLE_FRAMES * 2);
    // There it fits.
    expect(device(2, 35)(pixelRatio(budget))).toBeLessThanOrEqual(14);
  });

  it('goes to the floor on a device too slow for any ratio, and stays there', () => {
    const { budget, ratios } = run(initialBudget(2.625), 200, device(60, 100));
    expect(pixelRatio(budget)).toBe(PIXEL_RATIO_FLOOR);
    expect(ratios.slice(-150).every((r) => r === PIXEL_RATIO_FLOOR)).toBe(true);
  });

  it('recovers when the device has headroom again', () => {
    let budget = run(initialBudget(2), 50, device(40, 10)).budget;
    expect(pixelRatio(budget)).toBe(PIXEL_RATIO_FLOOR);
    // The busy moment is over (the page finished loading).
    budget = run(budget, 200, device(1, 4)).budget;
    expect(pixelRatio(budget)).toBe(2);
  });

  it('does not oscillate between two rungs on a device at the edge', () => {
    // Just over the threshold at 1.5×, well under at 1×: the estimate at 1.5× from 1× is too close to go back up.
    const { ratios } = run(initialBudget(2), 1000, device(3, 60));
    const settled = ratios.slice(100);
    expect(new Set(settled).size).toBe(1);
    const changes = ratios.filter((r, i) => i > 0 && r !== ratios[i - 1]).length;
    expect(changes).toBeLessThanOrEqual(2);
  });

  it('does not try again a rung that proved too slow right after going up to it', () => {
    // The pixel estimate promises headroom, the device does not keep it (a fixed cost that jumps at 1.5×).
    const liar = (ratio: number) => (ratio >= 1.5 ? 20 : 2);
    const { budget, ratios } = run(initialBudget(2), 1000, liar);
    // 2× → 1.5× → 1× (too slow, then fits), 1.5× tried once more and given up.
    expect(ratios.filter((r, i) => i > 0 && r !== ratios[i - 1])).toEqual([1.5, 1, 1.5, 1]);
    expect(pixelRatio(budget)).toBe(1);
  });
});

describe('pacing', () => {
  it('leaves no gap after a frame within the long-task threshold', () => {
    expect(idleAfter(5)).toBe(0);
    expect(idleAfter(50)).toBe(0);
  });
  it('leaves as much idle time as a long frame took (at most a second)', () => {
    expect(idleAfter(80)).toBe(80);
    expect(idleAfter(5000)).toBe(1000);
  });
});

describe('turnSeconds', () => {
  it('is the time since the last frame, so the turn speed is per second whatever the frame rate', () => {
    expect(turnSeconds(1000, null)).toBe(0);
    expect(turnSeconds(1016, 1000)).toBeCloseTo(0.016);
    expect(turnSeconds(1250, 1000)).toBeCloseTo(0.25);
    // Six frames of 1/60 s and one of 1/10 s turn it the same.
    const fast = Array.from({ length: 6 }, (_, i) => turnSeconds(1000 + (i + 1) * (100 / 6), 1000 + i * (100 / 6))).reduce((a, b) => a + b);
    expect(fast).toBeCloseTo(turnSeconds(1100, 1000));
  });
  it('does not jump after a long pause (a hidden tab)', () => {
    expect(turnSeconds(60_000, 1000)).toBe(1);
    expect(turnSeconds(900, 1000)).toBe(0);
  });
});

describe('sustainsAutoRotate', () => {
  /** Frames until the device gives up turning by itself (null if it never does within `frames`). */
  function pausesAfter(budget: FrameBudget, frames: number, cost: (ratio: number) => number): number | null {
    for (let i = 0; i < frames; i += 1) {
      const frameCost = cost(pixelRatio(budget));
      if (!sustainsAutoRotate(budget, frameCost)) return i + 1;
      budget = recordFrame(budget, frameCost);
    }
    return null;
  }

  it('a frame and its idle time: a few frames a second means a period of at most 1 / AUTO_ROTATE_MIN_FPS', () => {
    expect(framePeriod(16)).toBe(16);
    expect(framePeriod(120)).toBe(240);
    expect(framePeriod(125)).toBeLessThanOrEqual(1000 / AUTO_ROTATE_MIN_FPS);
    expect(framePeriod(130)).toBeGreaterThan(1000 / AUTO_ROTATE_MIN_FPS);
  });

  it('a phone’s GPU, or a slow one that the ladder brings down to a few frames a second, keeps turning', () => {
    expect(pausesAfter(initialBudget(3), 300, device(2, 20))).toBeNull();
    // 60 ms + pixels: slow at 2×, within a few frames a second at the floor.
    expect(pausesAfter(initialBudget(2), 300, device(60, 200))).toBeNull();
  });

  it('pauses after one full sample when even the floor, estimated by pixels, cannot reach a few frames a second', () => {
    // 3 s a frame at 2×: 190 ms estimated at 0.5, too slow with its idle time.
    expect(pausesAfter(initialBudget(2), 300, () => 3000)).toBe(SAMPLE_FRAMES);
  });

  it('software GL at 4× CPU (400 ms at any size): down to the floor, then paused on the floor’s own frames', () => {
    expect(pausesAfter(initialBudget(1.75), 300, () => 400)).toBe(SAMPLE_FRAMES * 2);
  });

  it('waits for the floor’s own frames when the estimate leaves hope, then pauses if they are too slow', () => {
    // 1 s at 2× would estimate 62.5 ms at 0.5; the fixed cost keeps it at 150 ms there.
    const frames = pausesAfter(initialBudget(2), 300, (ratio) => (ratio === PIXEL_RATIO_FLOOR ? 150 : 1000));
    expect(frames).toBe(SAMPLE_FRAMES * 2);
  });

  it('one slow frame (a shader compile) decides nothing', () => {
    let budget = initialBudget(2);
    expect(sustainsAutoRotate(budget, 5000)).toBe(true);
    budget = recordFrame(budget, 5000);
    for (let i = 0; i < SAMPLE_FRAMES - 1; i += 1) {
      expect(sustainsAutoRotate(budget, 10)).toBe(true);
      budget = recordFrame(budget, 10);
    }
  });
});
