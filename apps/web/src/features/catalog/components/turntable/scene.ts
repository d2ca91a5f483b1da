/**
 * The turntable's three.js scene: the piece lit by a studio environment generated in code (three's
 * RoomEnvironment, no HDR over the network), orbit controls with zoom limits, auto-rotation.
 * Loaded lazily (import()) by the turntable only, so three.js stays out of every other route.
 */
import {
  ACESFilmicToneMapping,
  Box3,
  Color,
  DirectionalLight,
  Group,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  Sphere,
  Vector3,
  WebGLRenderer,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { createGltfLoader, createStudioEnvironment, disposeObject, fetchWithProgress, ModelLoadError } from '../three/gltf';

export interface TurntableScene {
  /** Fetches and shows a model, replacing the one on the stage; rejects on an HTTP error or a bad file. */
  load(url: string, onProgress: (fraction: number | null) => void, signal: AbortSignal): Promise<void>;
  /** Turns the camera around the piece (radians; positive = the piece turns right). */
  rotate(azimuth: number, polar?: number): void;
  setAutoRotate(on: boolean): void;
  dispose(): void;
}

export { ModelLoadError };

const Y = new Vector3(0, 1, 0);
/** The ivory of the studio renders. */
export const STUDIO_BACKDROP = '#f4f0e9';

export function createTurntableScene(
  canvas: HTMLCanvasElement,
  options: { autoRotate: boolean; onFirstFrame?: () => void },
): TurntableScene {
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: false });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1.05;

  const scene = new Scene();
  // The studio backdrop, drawn by the canvas itself (so a canvas that draws nothing is one flat colour, never a blank hole).
  scene.background = new Color(STUDIO_BACKDROP);
  const studio = createStudioEnvironment(renderer);
  scene.environment = studio.texture;
  // A key light from above and in front, for the sparkle on the stones and the polish on the metal.
  const key = new DirectionalLight(0xffffff, 1.6);
  key.position.set(0.6, 1.2, 1);
  scene.add(key);

  const camera = new PerspectiveCamera(30, 1, 0.001, 10);
  camera.position.set(0, 0.02, 0.1);
  const controls = new OrbitControls(camera, canvas);
  controls.enablePan = false;
  controls.enableDamping = true;
  controls.dampingFactor = 0.08;
  controls.autoRotate = options.autoRotate;
  controls.autoRotateSpeed = 1.6;
  controls.minPolarAngle = 0.15;
  controls.maxPolarAngle = Math.PI - 0.15;
  // Touching the piece stops the turntable for good: the visitor is in charge.
  controls.addEventListener('start', () => (controls.autoRotate = false));

  const stage = new Group();
  scene.add(stage);
  let model: Object3D | null = null;
  let framed = false;

  const loader = createGltfLoader();

  // Draws only when something moved (auto-rotation, damping, a drag, a new model, a resize): a still piece costs nothing.
  let dirty = true;
  const resize = () => {
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    dirty = true;
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  resize();

  let sentFirstFrame = false;
  renderer.setAnimationLoop(() => {
    const moved = controls.update();
    if (!moved && !dirty) return;
    dirty = false;
    renderer.render(scene, camera);
    if (model && !sentFirstFrame) {
      sentFirstFrame = true;
      options.onFirstFrame?.();
    }
  });

  /** Centres the piece and places the camera so it fills the stage, with zoom limits around that. */
  const frame = (object: Object3D) => {
    const box = new Box3().setFromObject(object);
    const centre = box.getCenter(new Vector3());
    object.position.sub(centre);
    if (framed) return;
    framed = true;
    const radius = box.getBoundingSphere(new Sphere()).radius || 0.01;
    const fov = (camera.fov * Math.PI) / 180;
    const fitHeight = radius / Math.sin(fov / 2);
    const fitWidth = fitHeight / Math.min(1, camera.aspect);
    const distance = Math.max(fitHeight, fitWidth) * 0.9;
    camera.near = distance / 100;
    camera.far = distance * 100;
    camera.updateProjectionMatrix();
    // A three-quarter view from slightly above: the stones catch the light and a ring shows its round.
    camera.position.set(distance * 0.62, distance * 0.34, distance * 0.7);
    controls.target.set(0, 0, 0);
    controls.minDistance = distance * 0.45;
    controls.maxDistance = distance * 1.8;
    controls.update();
  };

  return {
    async load(url, onProgress, signal) {
      const buffer = await fetchWithProgress(url, onProgress, signal);
      const gltf = await loader.parseAsync(buffer, '');
      if (signal.aborted) {
        disposeObject(gltf.scene);
        throw new DOMException('Aborted', 'AbortError');
      }
      if (model) {
        stage.remove(model);
        disposeObject(model);
      }
      model = gltf.scene;
      frame(model);
      stage.add(model);
      dirty = true;
    },
    rotate(azimuth, polar = 0) {
      controls.autoRotate = false;
      const offset = camera.position.clone().sub(controls.target);
      offset.applyAxisAngle(Y, -azimuth);
      if (polar) {
        const right = new Vector3().crossVectors(Y, offset).normalize();
        offset.applyAxisAngle(right, polar);
      }
      camera.position.copy(controls.target).add(offset);
      controls.update();
      dirty = true;
    },
    setAutoRotate(on) {
      controls.autoRotate = on;
      dirty = true;
    },
    dispose() {
      renderer.setAnimationLoop(null);
      observer.disconnect();
      controls.dispose();
      if (model) disposeObject(model);
      studio.dispose();
      renderer.dispose();
    },
  };
}
