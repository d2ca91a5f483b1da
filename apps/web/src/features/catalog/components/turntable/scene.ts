/**
 * The turntable's three.js scene: the piece lit by a studio environment generated in code (the
 * photographs' studio, three/gem.ts: no HDR over the network), orbit controls with zoom limits, auto-rotation.
 * Loaded lazily (import()) by the turntable only, so three.js stays out of every other route.
 *
 * The render loop spends what the device can afford (frame-budget.ts): each frame's render is timed,
 * the drawing buffer's pixel ratio follows the budget, a long frame is followed by as much idle time,
 * the turn is in degrees per second whatever the frame rate, and nothing runs when nothing moves, the
 * page is hidden or the canvas is off-screen. When the piece stands still it is drawn once more at the
 * sharpest ratio. When even the floor cannot turn it at a few frames a second, it stops turning by
 * itself (decision 0108): `onAutoRotatePaused` says so, and a drag still turns it.
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
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { createGemEnvironment, cutStoneMaterial, isCutStone } from '../three/gem';
import { createGltfLoader, disposeMaterial, disposeObject, fetchWithProgress, isMesh, ModelLoadError } from '../three/gltf';
import { frameCamera } from './framing';
import { idleAfter, initialBudget, pixelRatio, recordFrame, sustainsAutoRotate, turnSeconds } from './frame-budget';

export interface TurntableScene {
  /** Fetches and shows a model, replacing the one on the stage; rejects on an HTTP error or a bad file. */
  load(url: string, onProgress: (fraction: number | null) => void, signal: AbortSignal): Promise<void>;
  /** Turns the camera around the piece (radians; positive = the piece turns right). */
  rotate(azimuth: number, polar?: number): void;
  setAutoRotate(on: boolean): void;
  /**
   * The piece on the stage as a USDZ, for iOS's Quick Look (decision 0116): its glTF read again, with
   * its own materials (the cut stones of the stage are shaders of ours, which USD cannot hold), written
   * by three.js's USDZExporter, fetched on the first call. Rejects while no model is on the stage.
   */
  toUsdz(): Promise<Blob>;
  dispose(): void;
}

export { ModelLoadError };

const Y = new Vector3(0, 1, 0);
/** One frame of a 60 Hz screen (ms): the wait for the next frame that is not the frame's cost. */
const VSYNC_MS = 1000 / 60;
/** The ivory of the studio renders. */
export const STUDIO_BACKDROP = '#f4f0e9';

export function createTurntableScene(
  canvas: HTMLCanvasElement,
  options: { autoRotate: boolean; onFirstFrame?: () => void; onAutoRotatePaused?: () => void },
): TurntableScene {
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: false });
  let budget = initialBudget(window.devicePixelRatio || 1);
  const sharpest = pixelRatio(budget);
  renderer.setPixelRatio(sharpest);
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1.05;

  const scene = new Scene();
  // The studio backdrop, drawn by the canvas itself (so a canvas that draws nothing is one flat colour, never a blank hole).
  scene.background = new Color(STUDIO_BACKDROP);
  // The light of the studio photographs (three/gem.ts: a dark room, soft boxes, the paper below), for the
  // metal and the stones alike: the polish reads in light and dark, the facets in black and white. One
  // environment, rendered once (on a software GL each one is a noticeable part of the wait before the first frame).
  const gems = createGemEnvironment(renderer);
  scene.environment = gems.texture;
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
  /** The file of the model on the stage, kept for toUsdz(). */
  let modelFile: ArrayBuffer | null = null;
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
    wake();
  };

  let frameId: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the last tick ran (null when the loop stands still: the next turn starts from there, no jump). */
  let lastTick: number | null = null;
  let pageVisible = !document.hidden;
  let onScreen = true;
  /** The last frame was drawn at the sharpest ratio because the piece stood still. */
  let stillSharp = false;
  let sentFirstFrame = false;
  /** The last frame drawn with the piece: when its tick started, its render call's time, the idle time asked for after it. */
  let lastDraw: { start: number; renderMs: number; idle: number } | null = null;
  /** The loop's own controls.update() is running: its 'change' is the frame already being drawn. */
  let updating = false;

  /** Whether the picture changes by itself: the turntable turns once there is a piece on it. */
  const turning = () => controls.autoRotate && model !== null;

  const draw = (ratio: number) => {
    // A new ratio resizes the drawing buffer, which clears it: set it just before drawing, never after.
    if (renderer.getPixelRatio() !== ratio) renderer.setPixelRatio(ratio);
    const start = performance.now();
    renderer.render(scene, camera);
    return performance.now() - start;
  };

  const schedule = (idleMs: number) => {
    if (frameId !== null || timer !== null) return;
    if (idleMs > 0) {
      // The idle time counts from the end of the frame's task (the browser's drawing follows this callback):
      // a first timer runs when that task is over, the second one after the idle time.
      timer = setTimeout(() => {
        timer = setTimeout(() => {
          timer = null;
          schedule(0);
        }, idleMs);
      }, 0);
    } else {
      frameId = requestAnimationFrame(tick);
    }
  };

  const tick = (now: number) => {
    frameId = null;
    if (!pageVisible || !onScreen) {
      lastTick = null;
      lastDraw = null;
      return;
    }
    updating = true;
    const moved = controls.update(turnSeconds(now, lastTick));
    updating = false;
    lastTick = now;
    // The last frame's cost: its render call, or, when the browser's work for it (the GPU's, the
    // compositor's) held the main thread longer, the time until this frame beyond a vsync and the idle asked for.
    const previous = lastDraw;
    lastDraw = null;
    let idle = 0;
    if (previous) {
      const cost = Math.max(previous.renderMs, now - previous.start - previous.idle - VSYNC_MS);
      if (controls.autoRotate && !sustainsAutoRotate(budget, cost)) {
        // Too slow to turn by itself even at the floor: it stands still, for good; a drag still turns it.
        controls.autoRotate = false;
        options.onAutoRotatePaused?.();
      }
      budget = recordFrame(budget, cost);
      idle = idleAfter(cost);
    }
    if (moved || dirty) {
      dirty = false;
      stillSharp = false;
      const renderMs = draw(pixelRatio(budget));
      idle = Math.max(idle, idleAfter(renderMs));
      if (model) {
        lastDraw = { start: now, renderMs, idle };
        if (!sentFirstFrame) {
          sentFirstFrame = true;
          options.onFirstFrame?.();
        }
      }
      schedule(idle);
      return;
    }
    if (turning()) {
      schedule(0);
      return;
    }
    lastDraw = null;
    // Nothing moves: the loop stops, after drawing the piece once at the sharpest ratio if the budget drew it softer.
    lastTick = null;
    if (model && !stillSharp && pixelRatio(budget) < sharpest) {
      stillSharp = true;
      draw(sharpest);
    }
  };

  /** Something changed: a frame is drawn, and the loop runs for as long as something moves. */
  function wake() {
    if (updating) return;
    dirty = true;
    if (pageVisible && onScreen) schedule(0);
  }

  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  const visibility = new IntersectionObserver((entries) => {
    onScreen = entries.at(-1)?.isIntersecting ?? onScreen;
    if (onScreen) wake();
  });
  visibility.observe(canvas);
  const onVisibilityChange = () => {
    pageVisible = !document.hidden;
    if (pageVisible) wake();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  // A drag, a pinch or the wheel move the camera between frames: the loop wakes up for them (and their inertia).
  controls.addEventListener('change', wake);
  controls.addEventListener('start', wake);
  resize();

  /** The model's transmissive stones become cut stones (three/gem.ts): one material per kind, shared by its meshes. */
  const swapInCutStones = (root: Object3D) => {
    const cut = new Map<Material, Material>();
    root.traverse((node) => {
      if (!isMesh(node) || Array.isArray(node.material)) return;
      const source = node.material;
      if (!isCutStone(source)) return;
      let material = cut.get(source);
      if (!material) {
        material = cutStoneMaterial(source, gems.texture);
        cut.set(source, material);
      }
      node.material = material;
    });
    for (const source of cut.keys()) disposeMaterial(source);
  };

  /** Centres the piece; the first one also places the camera so it fills the stage, with zoom limits around that (framing.ts). */
  const frame = (object: Object3D) => {
    const box = new Box3().setFromObject(object);
    const centre = box.getCenter(new Vector3());
    object.position.sub(centre);
    if (framed) return;
    framed = true;
    frameCamera(camera, controls, box);
  };

  return {
    async load(url, onProgress, signal) {
      const buffer = await fetchWithProgress(url, onProgress, signal);
      const gltf = await loader.parseAsync(buffer, '');
      swapInCutStones(gltf.scene);
      // Its shaders compiled before its first frame, in parallel where the browser can
      // (KHR_parallel_shader_compile): the first frame is not one long task; the piece on the stage meanwhile stays.
      if (!signal.aborted) await renderer.compileAsync(gltf.scene, camera, scene).catch(() => undefined);
      if (signal.aborted) {
        disposeObject(gltf.scene);
        throw new DOMException('Aborted', 'AbortError');
      }
      if (model) {
        stage.remove(model);
        disposeObject(model);
      }
      model = gltf.scene;
      modelFile = buffer;
      frame(model);
      stage.add(model);
      wake();
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
      wake();
    },
    setAutoRotate(on) {
      controls.autoRotate = on;
      wake();
    },
    async toUsdz() {
      if (!modelFile) throw new ModelLoadError('No model is on the stage');
      const [{ exportUsdz }, gltf] = await Promise.all([import('./usdz'), loader.parseAsync(modelFile, '')]);
      try {
        return await exportUsdz(gltf.scene);
      } finally {
        disposeObject(gltf.scene);
      }
    },
    dispose() {
      if (frameId !== null) cancelAnimationFrame(frameId);
      if (timer !== null) clearTimeout(timer);
      frameId = null;
      timer = null;
      pageVisible = false;
      observer.disconnect();
      visibility.disconnect();
      document.removeEventListener('visibilitychange', onVisibilityChange);
      controls.removeEventListener('change', wake);
      controls.removeEventListener('start', wake);
      controls.dispose();
      if (model) disposeObject(model);
      modelFile = null;
      gems.dispose();
      renderer.dispose();
    },
  };
}
