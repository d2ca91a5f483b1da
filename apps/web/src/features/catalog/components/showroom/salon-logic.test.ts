import { describe, expect, it } from 'vitest';
import {
  BED_HEIGHT,
  caseDistance,
  CASE_DEPTH,
  CASE_WIDTH,
  clampPitch,
  clampToRoom,
  EYE_HEIGHT,
  glide,
  layoutSalon,
  lookAt,
  overallProgress,
  PIECES_PER_CASE,
  PIECE_SIZE,
  PITCH_LIMIT,
  salonKeyAction,
  slotsInCase,
  STEP,
  TURN,
  viewOfCase,
  walkTo,
  wrapCase,
  type ViewPoint,
} from './salon-logic';

const distance = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);

describe('the cases’ layout', () => {
  it.each([1, 2, 3, 4, 6, 9])('%i case(s) stand on one circle, each facing the centre, the first straight ahead', (count) => {
    const salon = layoutSalon(count);
    expect(salon.cases).toHaveLength(count);
    expect(salon.cases[0]!.x).toBeCloseTo(0, 9);
    expect(salon.cases[0]!.z).toBeCloseTo(-salon.radius, 9);
    for (const c of salon.cases) {
      expect(Math.hypot(c.x, c.z)).toBeCloseTo(salon.radius, 9);
      // The case's front (+z locally, turned by `rotation` about the vertical) points at the centre.
      const front = { x: Math.sin(c.rotation), z: Math.cos(c.rotation) };
      const toCentre = { x: -c.x / salon.radius, z: -c.z / salon.radius };
      expect(front.x * toCentre.x + front.z * toCentre.z).toBeCloseTo(1, 9);
    }
  });

  it('never puts two cases closer than a case’s width and a passage, nor back to back', () => {
    for (let count = 1; count <= 12; count += 1) {
      const { cases } = layoutSalon(count);
      for (let i = 0; i < cases.length; i += 1)
        for (let j = i + 1; j < cases.length; j += 1) expect(distance(cases[i]!, cases[j]!)).toBeGreaterThan(CASE_WIDTH + 1);
      // One or two collections still stand a quarter of the room apart, never facing each other across it.
      if (count === 2) expect(distance(cases[0]!, cases[1]!)).toBeLessThan(2 * layoutSalon(2).radius * 0.8);
    }
  });

  it('leaves a walking disc inside the cases’ fronts, and a wall behind them', () => {
    for (let count = 1; count <= 12; count += 1) {
      const salon = layoutSalon(count);
      expect(salon.walkRadius).toBeGreaterThan(1.5);
      expect(salon.walkRadius).toBeLessThan(salon.radius - CASE_DEPTH / 2);
      expect(salon.wallRadius).toBeGreaterThan(salon.radius + CASE_DEPTH);
    }
  });
});

describe('the pieces on a case’s bed', () => {
  it('stands up to four in one row, centred, each in its own place', () => {
    for (let n = 1; n <= 4; n += 1) {
      const slots = slotsInCase(n);
      expect(slots).toHaveLength(n);
      expect(slots.reduce((sum, s) => sum + s.x, 0)).toBeCloseTo(0, 9);
      expect(new Set(slots.map((s) => s.z)).size).toBe(1);
    }
  });

  it('stands five to eight in two rows, the back row raised, staggered so none hides another', () => {
    for (let n = 5; n <= PIECES_PER_CASE; n += 1) {
      const slots = slotsInCase(n);
      expect(slots).toHaveLength(n);
      const back = slots.filter((s) => s.z < 0);
      const front = slots.filter((s) => s.z > 0);
      expect(back.length + front.length).toBe(n);
      expect(back.every((s) => s.y > 0)).toBe(true);
      expect(front.every((s) => s.y === 0)).toBe(true);
      for (const f of front) for (const b of back) expect(Math.abs(f.x - b.x)).toBeGreaterThan(PIECE_SIZE / 4);
    }
  });

  it('keeps every piece on the bed, apart from its neighbours, and at most eight', () => {
    expect(slotsInCase(12)).toHaveLength(PIECES_PER_CASE);
    expect(slotsInCase(0)).toEqual([]);
    for (let n = 1; n <= PIECES_PER_CASE; n += 1) {
      const slots = slotsInCase(n);
      for (const s of slots) {
        expect(Math.abs(s.x) + PIECE_SIZE / 2).toBeLessThanOrEqual(CASE_WIDTH / 2);
        expect(Math.abs(s.z) + PIECE_SIZE / 2).toBeLessThanOrEqual(CASE_DEPTH / 2);
      }
      for (let i = 0; i < slots.length; i += 1)
        for (let j = i + 1; j < slots.length; j += 1)
          expect(Math.hypot(slots[i]!.x - slots[j]!.x, slots[i]!.z - slots[j]!.z)).toBeGreaterThanOrEqual(PIECE_SIZE);
    }
  });
});

describe('walking', () => {
  const salon = layoutSalon(4);

  it('steps ahead along the view, back, and sideways to the right and left', () => {
    const at = { x: 0, z: 0 };
    const forward = walkTo(at, 0, 1, 0, salon.walkRadius);
    expect(forward.x).toBeCloseTo(0, 9);
    expect(forward.z).toBeCloseTo(-STEP, 9);
    const back = walkTo(at, 0, -1, 0, salon.walkRadius);
    expect(back.x).toBeCloseTo(0, 9);
    expect(back.z).toBeCloseTo(STEP, 9);
    const right = walkTo(at, 0, 0, 1, salon.walkRadius);
    expect(right.x).toBeCloseTo(STEP, 9);
    expect(right.z).toBeCloseTo(0, 9);
    // Turned a quarter to the left (yaw +π/2), "ahead" is −x.
    const ahead = walkTo(at, Math.PI / 2, 1, 0, salon.walkRadius);
    expect(ahead.x).toBeCloseTo(-STEP, 9);
    expect(ahead.z).toBeCloseTo(0, 9);
  });

  it('stops at the walking line however long one keeps walking, in any direction', () => {
    for (const yaw of [0, 0.7, Math.PI / 2, 2.5, Math.PI, -1.2]) {
      for (const [forward, sideways] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        let at = { x: 0, z: 0 };
        for (let i = 0; i < 100; i += 1) at = walkTo(at, yaw, forward, sideways, salon.walkRadius);
        expect(Math.hypot(at.x, at.z)).toBeCloseTo(salon.walkRadius, 9);
        // …which keeps the visitor out of every case.
        for (const c of salon.cases) expect(distance(at, c)).toBeGreaterThan(CASE_DEPTH / 2 + 0.5);
      }
    }
  });

  it('brings a visitor outside the line back onto it, and leaves one inside where they are', () => {
    const outside = clampToRoom({ x: 30, z: -40 }, 2);
    expect(Math.hypot(outside.x, outside.z)).toBeCloseTo(2, 9);
    expect(outside.x / outside.z).toBeCloseTo(30 / -40, 9);
    expect(clampToRoom({ x: 0.5, z: 0.5 }, 2)).toEqual({ x: 0.5, z: 0.5 });
  });

  it('looks up and down only so far', () => {
    expect(clampPitch(2)).toBe(PITCH_LIMIT);
    expect(clampPitch(-2)).toBe(-PITCH_LIMIT);
    expect(clampPitch(0.1)).toBe(0.1);
  });
});

describe('the keyboard', () => {
  it('walks with the arrows and WASD, turns with the side arrows, opens with Enter or Space', () => {
    expect(salonKeyAction('ArrowUp')).toEqual({ kind: 'walk', forward: 1, sideways: 0 });
    expect(salonKeyAction('w')).toEqual({ kind: 'walk', forward: 1, sideways: 0 });
    expect(salonKeyAction('W')).toEqual({ kind: 'walk', forward: 1, sideways: 0 });
    expect(salonKeyAction('ArrowDown')).toEqual({ kind: 'walk', forward: -1, sideways: 0 });
    expect(salonKeyAction('s')).toEqual({ kind: 'walk', forward: -1, sideways: 0 });
    expect(salonKeyAction('a')).toEqual({ kind: 'walk', forward: 0, sideways: -1 });
    expect(salonKeyAction('d')).toEqual({ kind: 'walk', forward: 0, sideways: 1 });
    expect(salonKeyAction('ArrowLeft')).toEqual({ kind: 'turn', yaw: TURN });
    expect(salonKeyAction('ArrowRight')).toEqual({ kind: 'turn', yaw: -TURN });
    expect(salonKeyAction('Enter')).toEqual({ kind: 'open' });
    expect(salonKeyAction(' ')).toEqual({ kind: 'open' });
  });

  it('leaves every other key to the page (Tab, Escape, letters, digits)', () => {
    for (const key of ['Tab', 'Escape', 'q', 'e', '1', 'Home', 'PageDown', 'Shift']) expect(salonKeyAction(key)).toBeNull();
  });
});

describe('choosing a case', () => {
  it('goes round: after the last comes the first, before the first the last', () => {
    expect(wrapCase(4, 4)).toBe(0);
    expect(wrapCase(-1, 4)).toBe(3);
    expect(wrapCase(2, 4)).toBe(2);
    expect(wrapCase(9, 4)).toBe(1);
    expect(wrapCase(3, 0)).toBe(0);
  });

  it('stands before a case, looking at its bed, on the walking line at most', () => {
    const salon = layoutSalon(4);
    for (const c of salon.cases) {
      const view = viewOfCase(c, salon, caseDistance(1.2));
      expect(Math.hypot(view.x, view.z)).toBeLessThanOrEqual(salon.walkRadius + 1e-9);
      expect(view.y).toBe(EYE_HEIGHT);
      // Looking towards the case, slightly down at the bed.
      const look = lookAt(view, { x: c.x, y: BED_HEIGHT + 0.05, z: c.z });
      expect(view.yaw).toBeCloseTo(look.yaw, 9);
      expect(view.pitch).toBeLessThan(0);
    }
  });

  it('stands far enough back for a narrow phone view to hold the whole case', () => {
    const narrow = caseDistance((55 * Math.PI) / 180);
    const wide = caseDistance((90 * Math.PI) / 180);
    expect(narrow).toBeGreaterThan(wide);
    expect(2 * narrow * Math.tan((55 * Math.PI) / 360)).toBeGreaterThanOrEqual(CASE_WIDTH);
    expect(wide).toBe(1.55);
  });
});

describe('gliding', () => {
  const from: ViewPoint = { x: 0, y: EYE_HEIGHT, z: 0, yaw: 0.1, pitch: 0 };
  const to: ViewPoint = { x: 1, y: EYE_HEIGHT, z: -1, yaw: 2 * Math.PI - 0.1, pitch: -0.2 };

  it('eases towards the target and arrives', () => {
    let view = from;
    let moving = true;
    let steps = 0;
    while (moving && steps < 1000) {
      ({ view, moving } = glide(view, to, 1 / 60, false));
      steps += 1;
    }
    expect(moving).toBe(false);
    expect(steps).toBeGreaterThan(10);
    expect(view.x).toBe(1);
    expect(view.z).toBe(-1);
  });

  it('turns the short way round', () => {
    const { view } = glide(from, to, 1 / 60, false);
    expect(view.yaw).toBeLessThan(from.yaw);
  });

  it('cuts at once under reduced motion: no drift', () => {
    const { view, moving } = glide(from, to, 1 / 60, true);
    expect(moving).toBe(false);
    expect(view.x).toBe(1);
    expect(view.z).toBe(-1);
    expect(view.pitch).toBe(-0.2);
  });
});

describe('the loading figure', () => {
  it('adds up the models’ bytes, each parse counting for its last tenth', () => {
    expect(overallProgress([], [])).toBe(0);
    expect(overallProgress([0, 0], [false, false])).toBe(0);
    expect(overallProgress([1, 0], [false, false])).toBeCloseTo(0.45, 9);
    expect(overallProgress([1, null], [true, false])).toBeCloseTo(0.5, 9);
    expect(overallProgress([1, 1], [true, true])).toBe(1);
  });
});
