// @vitest-environment jsdom
import { Box3, PerspectiveCamera, Sphere, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { afterEach, describe, expect, it } from 'vitest';
import { frameCamera, ZOOM_IN_LIMIT, ZOOM_OUT_LIMIT } from './framing';

/** A ring's size (metres): 22 mm across, 8 mm high with its stone. */
const RING = new Box3(new Vector3(-0.011, -0.004, -0.011), new Vector3(0.011, 0.004, 0.011));
const RADIUS = RING.getBoundingSphere(new Sphere()).radius;

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

/** The turntable's camera and orbit as scene.ts sets them up, on an element the wheel is turned over. */
function turntable() {
  const element = document.createElement('div');
  document.body.append(element);
  const camera = new PerspectiveCamera(30, 4 / 5, 0.001, 10);
  const controls = new OrbitControls(camera, element);
  controls.enablePan = false;
  controls.enableDamping = true;
  cleanup = () => {
    controls.dispose();
    element.remove();
  };
  frameCamera(camera, controls, RING);
  const distance = () => camera.position.distanceTo(controls.target);
  /** Turns the wheel `notches` times (negative: towards the piece), as a mouse wheel or a trackpad pinch does. */
  const wheel = (notches: number) => {
    for (let i = 0; i < Math.abs(notches); i += 1) {
      element.dispatchEvent(new WheelEvent('wheel', { deltaY: Math.sign(notches) * 100, bubbles: true, cancelable: true }));
      controls.update();
    }
  };
  return { camera, distance, wheel };
}

/** `value` within 2 % of `expected`. */
function expectNear(value: number, expected: number) {
  expect(Math.abs(value - expected) / expected, `${value} is about ${expected}`).toBeLessThan(0.02);
}

describe('the turntable zoom', () => {
  it('frames the piece whole, from outside it', () => {
    const { distance, camera } = turntable();
    expect(distance()).toBeGreaterThan(RADIUS * 2);
    expect(camera.near).toBeLessThan(distance() - RADIUS);
  });

  it('comes closer with the wheel down to its nearest, and no nearer: still outside the piece', () => {
    const { distance, wheel, camera } = turntable();
    const framed = distance();
    wheel(-1);
    expect(distance(), 'the wheel zooms in').toBeLessThan(framed);
    wheel(-100);
    const nearest = distance();
    expectNear(nearest / framed, ZOOM_IN_LIMIT);
    wheel(-100);
    expect(distance(), 'no nearer than the limit').toBeCloseTo(nearest, 9);
    expect(nearest - camera.near, 'the nearest view is outside the piece').toBeGreaterThan(RADIUS);
  });

  it('goes further with the wheel up to its furthest, and no further; and comes back from there', () => {
    const { distance, wheel } = turntable();
    const framed = distance();
    wheel(1);
    expect(distance(), 'the wheel zooms out').toBeGreaterThan(framed);
    wheel(100);
    const furthest = distance();
    expectNear(furthest / framed, ZOOM_OUT_LIMIT);
    wheel(100);
    expect(distance(), 'no further than the limit').toBeCloseTo(furthest, 9);
    wheel(-3);
    expect(distance(), 'the limit holds the zoom, it does not stick to it').toBeLessThan(furthest);
  });
});
