/**
 * Where the turntable's camera starts and how close and how far the wheel and the pinch may take it
 * (issue 12: "zoom within limits"). Part of the lazily loaded scene: imports three.js.
 */
import { Sphere, type Box3, type PerspectiveCamera } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/**
 * The zoom limits, as shares of the distance the piece is framed at: close enough to read a setting's
 * prongs, never inside the stone (the nearest is still outside the piece's bounding sphere); far enough
 * to see it whole with the stage around it, never so far that it becomes a speck.
 */
export const ZOOM_IN_LIMIT = 0.45;
export const ZOOM_OUT_LIMIT = 1.8;

/**
 * Places the camera so the piece (its bounding box, centred on the origin) fills the stage, in a
 * three-quarter view from slightly above, and sets the orbit's zoom limits around that distance.
 */
export function frameCamera(camera: PerspectiveCamera, controls: OrbitControls, box: Box3): void {
  const radius = box.getBoundingSphere(new Sphere()).radius || 0.01;
  const fov = (camera.fov * Math.PI) / 180;
  const fitHeight = radius / Math.sin(fov / 2);
  const fitWidth = fitHeight / Math.min(1, camera.aspect);
  const distance = Math.max(fitHeight, fitWidth) * 0.9;
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  // The stones catch the light and a ring shows its round.
  camera.position.set(distance * 0.62, distance * 0.34, distance * 0.7);
  controls.target.set(0, 0, 0);
  controls.minDistance = distance * ZOOM_IN_LIMIT;
  controls.maxDistance = distance * ZOOM_OUT_LIMIT;
  controls.update();
}
