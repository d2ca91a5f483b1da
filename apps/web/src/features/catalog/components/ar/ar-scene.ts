/**
 * The try-on's three.js layer: a transparent canvas over the camera picture holding the ring and
 * the finger occluder, in millimetres, seen by a camera at the origin. Same building blocks as the
 * 360° view (decisions §74): GLTFLoader + meshopt, RoomEnvironment through PMREM for the
 * metal's reflections, explicit disposal. Loaded lazily by the try-on only.
 */
import {
  ACESFilmicToneMapping,
  CylinderGeometry,
  DirectionalLight,
  Group,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { createGltfLoader, createStudioEnvironment } from '../three/gltf';
import type { Drawing } from '../turntable/graphics';
import { CAMERA_FOV_Y, resizeFor, shiftedRadially, type RingPose, type Vec3 } from './ring-fit';

export interface ArScene {
  /** Fetches the ring's model (replacing the one shown); rejects on an HTTP error or a bad file. */
  load(url: string, signal: AbortSignal): Promise<void>;
  /** Resizes the band to an EU size (the head keeps its size). */
  setSize(sizeEu: number): void;
  /** Draws the ring on the finger, or hides it (null). */
  draw(pose: RingPose | null): void;
  /** The canvas's size in CSS pixels changed. */
  resize(width: number, height: number): void;
  /** Renders now and returns the canvas, to be composited over the picture (a photo). */
  snapshot(): HTMLCanvasElement;
  dispose(): void;
}

export class ModelError extends Error {
  constructor(readonly status?: number) {
    super(status ? `The model answered ${status}` : 'The model could not be read');
    this.name = 'ModelError';
  }
}

/** `instanceof Mesh` alone would type the mesh's geometry and material as any. */
const isMesh = (node: Object3D): node is Mesh => node instanceof Mesh;

function disposeObject(root: Object3D): void {
  root.traverse((node) => {
    if (isMesh(node)) {
      node.geometry.dispose();
      const materials: Material[] = Array.isArray(node.material) ? node.material : [node.material];
      for (const m of materials) m.dispose();
    }
  });
}

interface Part {
  node: Object3D;
  isBand: boolean;
  position: Vec3;
  scale: Vec3;
}

export function createArScene(canvas: HTMLCanvasElement, drawing: Drawing): ArScene {
  const renderer = new WebGLRenderer({ canvas, antialias: drawing.antialias, alpha: true, premultipliedAlpha: true });
  renderer.setPixelRatio(drawing.pixelRatio);
  renderer.setClearColor(0x000000, 0);
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1.1;

  const scene = new Scene();
  const studio = createStudioEnvironment(renderer);
  scene.environment = studio.texture;
  const key = new DirectionalLight(0xffffff, 1.4);
  key.position.set(0.3, 1, 1);
  scene.add(key);

  const camera = new PerspectiveCamera((CAMERA_FOV_Y * 180) / Math.PI, 1, 5, 5000);

  // The finger: writes depth only, drawn first, so the band's far side fails the depth test behind it.
  const occluderGeometry = new CylinderGeometry(1, 1, 1, 40, 1, false);
  occluderGeometry.rotateZ(-Math.PI / 2);
  const occluderMaterial = new MeshBasicMaterial({ colorWrite: false });
  const occluder = new Mesh(occluderGeometry, occluderMaterial);
  occluder.renderOrder = -1;
  occluder.name = 'finger-occluder';

  const ring = new Group();
  ring.visible = false;
  occluder.visible = false;
  scene.add(occluder, ring);

  const loader = createGltfLoader();
  let model: Object3D | null = null;
  let parts: Part[] = [];
  let sizeEu = 52;

  const applySize = () => {
    const { bandScale, radialShift } = resizeFor(sizeEu);
    for (const part of parts) {
      if (part.isBand) part.node.scale.set(part.scale[0], part.scale[1] * bandScale, part.scale[2] * bandScale);
      else part.node.position.set(...shiftedRadially(part.position, radialShift));
    }
  };

  const render = () => renderer.render(scene, camera);

  return {
    async load(url, signal) {
      const response = await fetch(url, { signal, credentials: 'same-origin' });
      if (!response.ok) throw new ModelError(response.status);
      const gltf = await loader.parseAsync(await response.arrayBuffer(), '').catch(() => {
        throw new ModelError();
      });
      if (signal.aborted) {
        disposeObject(gltf.scene);
        throw new DOMException('Aborted', 'AbortError');
      }
      if (model) {
        ring.remove(model);
        disposeObject(model);
      }
      model = gltf.scene;
      // The models are in metres under a root scaled from millimetres (decisions §69): the ring is drawn in millimetres.
      model.scale.setScalar(1000);
      const root = model.children.length === 1 ? model.children[0]! : model;
      parts = root.children.map((node) => ({
        node,
        isBand: /^(band|shank)/.test(node.name),
        position: node.position.toArray(),
        scale: node.scale.toArray(),
      }));
      applySize();
      ring.add(model);
    },
    setSize(size) {
      sizeEu = size;
      applySize();
    },
    draw(pose) {
      // Nothing on the hand before or now: the canvas is already clear, spare the GPU.
      if (!pose && !ring.visible) return;
      ring.visible = pose !== null && model !== null;
      occluder.visible = ring.visible;
      if (pose && model) {
        ring.position.set(...pose.position);
        ring.quaternion.set(...pose.quaternion);
        occluder.position.set(...pose.occluder.position);
        occluder.quaternion.set(...pose.occluder.quaternion);
        occluder.scale.set(pose.occluder.length, pose.occluder.radius, pose.occluder.radius);
        // The key light stays above the viewer's shoulder, wherever the hand is.
        key.target.position.copy(new Vector3(...pose.position));
        key.target.updateMatrixWorld();
      }
      render();
    },
    resize(width, height) {
      if (width === 0 || height === 0) return;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      render();
    },
    snapshot() {
      render();
      return canvas;
    },
    dispose() {
      if (model) disposeObject(model);
      occluderGeometry.dispose();
      occluderMaterial.dispose();
      studio.dispose();
      renderer.dispose();
    },
  };
}
