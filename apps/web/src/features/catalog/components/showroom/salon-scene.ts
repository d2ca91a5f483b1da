/**
 * The salon's three.js scene (issue 12): a round gallery at night, one glass case per featured
 * collection, its pieces (the models of decisions §69) on a velvet bed. Loaded lazily (import()) by
 * the salon only, like the turntable's scene, so three.js stays out of every other route.
 *
 * Draw calls stay flat however many pieces stand in the room: the room is a handful of instanced
 * meshes (plinths, beds, glass, trims, light pools), and each case's pieces are merged into one
 * mesh per material (metals, stones and pearls shared across the whole salon). Stones are cut
 * stones (three/gem.ts) instead of glTF transmission, which would render the room a second time.
 * It draws only when something moves.
 */
import {
  ACESFilmicToneMapping,
  AdditiveBlending,
  Box3,
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  Color,
  CylinderGeometry,
  DirectionalLight,
  DoubleSide,
  Fog,
  Group,
  HemisphereLight,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix3,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshPhysicalMaterial,
  MeshStandardMaterial,
  Object3D,
  PerspectiveCamera,
  PlaneGeometry,
  Quaternion,
  Ray,
  Scene,
  SRGBColorSpace,
  Vector2,
  Vector3,
  WebGLRenderer,
  Material,
  Texture,
} from 'three';
import { createGemEnvironment, cutStoneMaterial, isCutStone } from '../three/gem';
import { createGltfLoader, createStudioEnvironment, disposeMaterial, disposeObject, fetchWithProgress, isMesh } from '../three/gltf';
import type { Drawing } from '../turntable/graphics';
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
  overallProgress,
  PIECE_SIZE,
  slotsInCase,
  viewOfCase,
  viewOfPiece,
  walkTo,
  type Salon,
  type ViewPoint,
} from './salon-logic';

export interface SalonPiece {
  id: string;
  url: string;
  caseIndex: number;
}

export interface SalonCase {
  name: string;
}

export interface ScreenPoint {
  x: number;
  y: number;
  /** In front of the camera and inside the canvas. */
  visible: boolean;
  /** Metres from the eye. */
  distance: number;
}

export interface SalonStats {
  calls: number;
  triangles: number;
  geometries: number;
  textures: number;
  /** Shader programs compiled: each costs the visitor time on arrival (milliseconds on a phone, seconds on a software GPU). */
  programs: number;
  frames: number;
  /** The drawing buffer's pixels per CSS pixel, and whether the context multisamples (drawingFor). */
  pixelRatio: number;
  antialias: boolean;
}

export interface SalonScene {
  /** Fetches every piece's model (progress 0…1 over all of them) and builds the cases. */
  load(
    cases: readonly SalonCase[],
    pieces: readonly SalonPiece[],
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<void>;
  /** Walks (metres, along the view / sideways) and turns (radians) the visitor; keys and buttons. */
  walk(forward: number, sideways: number): void;
  turn(yaw: number, pitch?: number): void;
  /** Drag to look: pixels moved. */
  look(dx: number, dy: number): void;
  focusCase(index: number): void;
  focusPiece(id: string): void;
  /** The piece under a point of the canvas (client coordinates), if any. */
  pick(clientX: number, clientY: number): string | null;
  /** Where each piece shows on the canvas (CSS pixels from its top left), after the last frame. */
  project(): Map<string, ScreenPoint>;
  view(): ViewPoint;
  stats(): SalonStats;
  /** Renders `frames` frames, turning a little each time, and times each until it is drawn (benchmark and tests only). */
  measure(frames: number): { medianMs: number; p95Ms: number; calls: number; triangles: number; times: number[] };
  setPaused(paused: boolean): void;
  /**
   * Frees everything; returns renderer.info.memory after our disposal, before the renderer's own: 0
   * geometries and 1 texture when nothing of ours leaked (three's shared DFG lookup table, freed with
   * the renderer).
   */
  dispose(): { geometries: number; textures: number };
}

const NIGHT = '#0b0b0c';
const WARM = new Color('#ffd2a1');

function radialTexture(inner: string, outer: string): CanvasTexture {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
  gradient.addColorStop(0, inner);
  gradient.addColorStop(1, outer);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, size, size);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/** A vertical wash of light on the wall above a case: an ellipse bright at the top, fading down and sideways. */
function washTexture(): CanvasTexture {
  const w = 64;
  const h = 128;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(w, h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const dx = (x + 0.5 - w / 2) / (w / 2);
      const dy = (y + 0.5) / h;
      const a = Math.max(0, 1 - Math.hypot(dx, dy * 1.05)) ** 1.8;
      const i = (y * w + x) * 4;
      image.data.set([255, 206, 156, Math.round(a * 150)], i);
    }
  }
  ctx.putImageData(image, 0, 0);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/** The collections' names, engraved on a plaque at the foot of each case: one texture, one row each. */
function plaqueAtlas(names: readonly string[]): { texture: CanvasTexture; rows: number } {
  const w = 1024;
  const rowH = 128;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = rowH * Math.max(1, names.length);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#141110';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#d9c39a';
  names.forEach((name, i) => {
    ctx.font = `300 64px "Cormorant Garamond", Georgia, serif`;
    ctx.fillText(name.toUpperCase().split('').join('\u200a'), w / 2, i * rowH + rowH / 2, w - 80);
  });
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = 4;
  return { texture, rows: Math.max(1, names.length) };
}

/** Materials kept once per name across the salon; stones replaced by the gem material. */
function sharedMaterial(
  source: Material,
  cache: Map<string, Material>,
  env: Texture,
  gemEnv: Texture,
): { key: string; material: Material } {
  const key = source.name || source.uuid;
  const known = cache.get(key);
  if (known) return { key, material: known };
  let material: Material;
  if (isCutStone(source)) {
    material = cutStoneMaterial(source, gemEnv);
  } else {
    material = source.clone();
    if (material instanceof MeshStandardMaterial) {
      material.envMap = env;
      material.envMapIntensity = material.metalness > 0.5 ? 1.15 : 1;
    } else if ('envMap' in material) {
      // An unlit (basic) material reflects the room too.
      Object.assign(material, { envMap: env, envMapIntensity: 1 });
    }
    if (material instanceof MeshPhysicalMaterial && material.transmission) material.transmission = 0;
  }
  cache.set(key, material);
  return { key, material };
}

interface Part {
  geometry: BufferGeometry;
  matrix: Matrix4;
}

/** One geometry from many (positions and normals only, already placed): one draw call. */
function mergeParts(parts: readonly Part[]): BufferGeometry {
  let vertices = 0;
  let indices = 0;
  for (const { geometry } of parts) {
    const count = geometry.getAttribute('position').count;
    vertices += count;
    indices += geometry.index ? geometry.index.count : count;
  }
  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const index = new Uint32Array(indices);
  const v = new Vector3();
  const normalMatrix = new Matrix3();
  let vAt = 0;
  let iAt = 0;
  for (const { geometry, matrix } of parts) {
    if (!geometry.hasAttribute('normal')) geometry.computeVertexNormals();
    const pos = geometry.getAttribute('position');
    const nor = geometry.getAttribute('normal');
    normalMatrix.getNormalMatrix(matrix);
    for (let i = 0; i < pos.count; i += 1) {
      v.fromBufferAttribute(pos, i).applyMatrix4(matrix);
      positions.set([v.x, v.y, v.z], (vAt + i) * 3);
      v.fromBufferAttribute(nor, i).applyMatrix3(normalMatrix).normalize();
      normals.set([v.x, v.y, v.z], (vAt + i) * 3);
    }
    if (geometry.index) {
      const src = geometry.index;
      for (let i = 0; i < src.count; i += 1) index[iAt + i] = src.getX(i) + vAt;
      iAt += src.count;
    } else {
      for (let i = 0; i < pos.count; i += 1) index[iAt + i] = vAt + i;
      iAt += pos.count;
    }
    vAt += pos.count;
  }
  const merged = new BufferGeometry();
  merged.setAttribute('position', new BufferAttribute(positions, 3));
  merged.setAttribute('normal', new BufferAttribute(normals, 3));
  merged.setIndex(new BufferAttribute(index, 1));
  merged.computeBoundingSphere();
  return merged;
}

/** The meshes of a loaded model as parts (instanced ones expanded), with their material. */
function partsOf(root: Object3D): { part: Part; source: Material }[] {
  root.updateMatrixWorld(true);
  const out: { part: Part; source: Material }[] = [];
  const instance = new Matrix4();
  root.traverse((node) => {
    if (!isMesh(node)) return;
    const source = (Array.isArray(node.material) ? node.material[0] : node.material) as Material;
    const geometry = node.geometry;
    if (node instanceof InstancedMesh) {
      for (let i = 0; i < node.count; i += 1) {
        node.getMatrixAt(i, instance);
        out.push({ part: { geometry, matrix: node.matrixWorld.clone().multiply(instance) }, source });
      }
    } else {
      out.push({ part: { geometry, matrix: node.matrixWorld.clone() }, source });
    }
  });
  return out;
}

function boundsOf(parts: readonly { part: Part }[]): Box3 {
  const box = new Box3();
  const b = new Box3();
  for (const { part } of parts) {
    if (!part.geometry.boundingBox) part.geometry.computeBoundingBox();
    box.union(b.copy(part.geometry.boundingBox!).applyMatrix4(part.matrix));
  }
  return box;
}

export function createSalonScene(
  canvas: HTMLCanvasElement,
  options: { reducedMotion: boolean; drawing: Drawing; onFrame?: () => void },
): SalonScene {
  const { drawing } = options;
  const renderer = new WebGLRenderer({ canvas, antialias: drawing.antialias, alpha: false, powerPreference: 'high-performance' });
  renderer.setPixelRatio(drawing.pixelRatio);
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1.0;

  const scene = new Scene();
  scene.background = new Color(NIGHT);
  scene.fog = new Fog(NIGHT, 7, 17);
  const studio = createStudioEnvironment(renderer);
  const env = studio.texture;
  // The stones reflect the photographs' studio (three/gem.ts): facets in black and white, colours deep.
  const gems = createGemEnvironment(renderer);

  const hemi = new HemisphereLight(0xffe3c4, 0x0b0a09, 0.35);
  scene.add(hemi);
  // The gallery's ceiling spots: warm light from above onto the cases' beds, and a softer fill from the visitor's side.
  const key = new DirectionalLight(WARM, 2.4);
  key.position.set(0, 10, 0);
  scene.add(key);
  const fill = new DirectionalLight(0xfff1e0, 0.5);
  fill.position.set(0, 3, 6);
  scene.add(fill);

  const camera = new PerspectiveCamera(50, 1, 0.05, 40);
  const room = new Group();
  scene.add(room);
  const owned: { geometries: BufferGeometry[]; materials: Material[]; textures: Texture[] } = {
    geometries: [],
    materials: [],
    textures: [],
  };
  const own = <T extends BufferGeometry | Material | Texture>(thing: T): T => {
    if (thing instanceof BufferGeometry) owned.geometries.push(thing);
    else if (thing instanceof Texture) owned.textures.push(thing);
    else if (thing instanceof Material) owned.materials.push(thing);
    return thing;
  };

  let salon: Salon = layoutSalon(0);
  let current: ViewPoint = { x: 0, y: EYE_HEIGHT, z: 0, yaw: 0, pitch: -0.22 };
  let target: ViewPoint = { ...current };
  const pieceBoxes = new Map<string, { box: Box3; anchor: Vector3; caseIndex: number }>();
  const screen = new Map<string, ScreenPoint>();
  let dirty = true;
  let frames = 0;
  let width = 1;
  let height = 1;
  let paused = false;

  const standOff = () => caseDistance(2 * Math.atan(Math.tan((camera.fov * Math.PI) / 360) * camera.aspect));
  const applyCamera = () => {
    camera.position.set(current.x, current.y, current.z);
    camera.rotation.set(current.pitch, current.yaw, 0, 'YXZ');
    camera.updateMatrixWorld();
  };

  const updateScreen = () => {
    const p = new Vector3();
    for (const [id, { anchor }] of pieceBoxes) {
      p.copy(anchor).project(camera);
      const distance = anchor.distanceTo(camera.position);
      const inFront = p.z < 1 && p.z > -1;
      const x = ((p.x + 1) / 2) * width;
      const y = ((1 - p.y) / 2) * height;
      screen.set(id, { x, y, distance, visible: inFront && x >= 0 && x <= width && y >= 0 && y <= height });
    }
  };

  const resize = () => {
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    if (w === 0 || h === 0) return;
    width = w;
    height = h;
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    // A phone held upright sees less across: widen the view so a case still fits.
    camera.fov = camera.aspect < 0.8 ? 68 : 50;
    camera.updateProjectionMatrix();
    dirty = true;
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  resize();

  const draw = () => {
    applyCamera();
    renderer.render(scene, camera);
    frames += 1;
    updateScreen();
    options.onFrame?.();
  };

  let last = performance.now();
  const tick = (now: number) => {
    const dt = Math.min(0.1, (now - last) / 1000);
    last = now;
    const step = glide(current, target, dt, options.reducedMotion);
    const moved =
      step.moving ||
      step.view.x !== current.x ||
      step.view.z !== current.z ||
      step.view.yaw !== current.yaw ||
      step.view.pitch !== current.pitch ||
      step.view.y !== current.y;
    current = step.view;
    if (!moved && !dirty) return;
    dirty = false;
    draw();
  };
  renderer.setAnimationLoop(tick);

  const setTarget = (next: ViewPoint) => {
    const at = clampToRoom({ x: next.x, z: next.z }, Math.max(0, salon.walkRadius));
    target = { ...next, x: at.x, z: at.z, pitch: clampPitch(next.pitch) };
    dirty = true;
  };

  /** The room: floor, wall, and the cases as instanced meshes (one draw call per kind, whatever their number). */
  const buildRoom = (cases: readonly SalonCase[]) => {
    salon = layoutSalon(cases.length);
    const n = Math.max(1, cases.length);

    const floor = new Mesh(
      own(new CylinderGeometry(salon.wallRadius, salon.wallRadius, 0.02, 96, 1)),
      own(new MeshStandardMaterial({ color: '#050404', roughness: 0.22, metalness: 0.0, envMap: env, envMapIntensity: 0.35 })),
    );
    floor.position.y = -0.01;
    room.add(floor);
    const wall = new Mesh(
      own(new CylinderGeometry(salon.wallRadius, salon.wallRadius, 4.2, 96, 1, true)),
      own(new MeshStandardMaterial({ color: '#1d1814', roughness: 0.92, side: DoubleSide, envMap: env, envMapIntensity: 0.12 })),
    );
    wall.position.y = 2.1;
    room.add(wall);

    const m = new Matrix4();
    const q = new Quaternion();
    const s = new Vector3(1, 1, 1);
    const up = new Vector3(0, 1, 0);
    const placed = (c: { x: number; z: number; rotation: number }, local: Vector3, scale = s) => {
      q.setFromAxisAngle(up, c.rotation);
      const world = local
        .clone()
        .applyQuaternion(q)
        .add(new Vector3(c.x, 0, c.z));
      return m.compose(world, q, scale);
    };
    const instanced = (geometry: BufferGeometry, material: Material, at: (c: (typeof salon.cases)[number]) => Matrix4) => {
      const mesh = new InstancedMesh(own(geometry), own(material), n);
      salon.cases.forEach((c, i) => mesh.setMatrixAt(i, at(c)));
      mesh.count = salon.cases.length;
      mesh.computeBoundingSphere();
      room.add(mesh);
      return mesh;
    };

    const plinthH = BED_HEIGHT - 0.04;
    // Ebonised plinth, a brass trim, the velvet bed, the glass hood, a light strip inside its lid.
    instanced(
      new BoxGeometry(CASE_WIDTH + 0.08, plinthH, CASE_DEPTH + 0.08),
      new MeshStandardMaterial({ color: '#15110e', roughness: 0.38, metalness: 0.1, envMap: env, envMapIntensity: 0.35 }),
      (c) => placed(c, new Vector3(0, plinthH / 2, 0)),
    );
    instanced(
      new BoxGeometry(CASE_WIDTH + 0.1, 0.018, CASE_DEPTH + 0.1),
      new MeshStandardMaterial({ color: '#b8975a', roughness: 0.28, metalness: 1, envMap: env, envMapIntensity: 0.9 }),
      (c) => placed(c, new Vector3(0, plinthH + 0.009, 0)),
    );
    instanced(
      new BoxGeometry(CASE_WIDTH, 0.04, CASE_DEPTH),
      new MeshStandardMaterial({ color: '#2a1d18', roughness: 1, metalness: 0, envMap: env, envMapIntensity: 0.05 }),
      (c) => placed(c, new Vector3(0, BED_HEIGHT - 0.02, 0)),
    );
    // The back row's riser, in the same velvet.
    instanced(
      new BoxGeometry(CASE_WIDTH - 0.08, 0.07, 0.24),
      new MeshStandardMaterial({ color: '#2a1d18', roughness: 1, metalness: 0, envMap: env, envMapIntensity: 0.05 }),
      (c) => placed(c, new Vector3(0, BED_HEIGHT + 0.035, -0.15)),
    );
    const hoodH = 0.62;
    const glass = instanced(
      new BoxGeometry(CASE_WIDTH + 0.06, hoodH, CASE_DEPTH + 0.06),
      new MeshPhysicalMaterial({
        color: '#ffffff',
        metalness: 0,
        roughness: 0.04,
        transparent: true,
        opacity: 0.09,
        envMap: env,
        envMapIntensity: 0.9,
        depthWrite: false,
        side: DoubleSide,
      }),
      (c) => placed(c, new Vector3(0, BED_HEIGHT + hoodH / 2, 0)),
    );
    glass.renderOrder = 2;
    instanced(
      new BoxGeometry(CASE_WIDTH - 0.1, 0.01, 0.05),
      new MeshBasicMaterial({ color: new Color('#ffe2bd').multiplyScalar(1.6), toneMapped: true }),
      (c) => placed(c, new Vector3(0, BED_HEIGHT + hoodH - 0.01, -0.05)),
    );

    // The hoods' edges: hairlines of light, all cases in one line geometry.
    const edges: number[] = [];
    const hx = (CASE_WIDTH + 0.06) / 2;
    const hz = (CASE_DEPTH + 0.06) / 2;
    const corners = [
      [-hx, -hz],
      [hx, -hz],
      [hx, hz],
      [-hx, hz],
    ] as const;
    const y0 = BED_HEIGHT;
    const y1 = BED_HEIGHT + hoodH;
    for (const c of salon.cases) {
      q.setFromAxisAngle(up, c.rotation);
      const w = (x: number, y: number, z: number) => new Vector3(x, y, z).applyQuaternion(q).add(new Vector3(c.x, 0, c.z));
      const segs: [Vector3, Vector3][] = [];
      corners.forEach(([x, z], i) => {
        const [nx, nz] = corners[(i + 1) % 4]!;
        segs.push([w(x, y1, z), w(nx, y1, nz)], [w(x, y0, z), w(x, y1, z)]);
      });
      for (const [a, b] of segs) edges.push(a.x, a.y, a.z, b.x, b.y, b.z);
    }
    const edgeGeometry = own(new BufferGeometry());
    edgeGeometry.setAttribute('position', new BufferAttribute(new Float32Array(edges), 3));
    room.add(new LineSegments(edgeGeometry, own(new LineBasicMaterial({ color: '#8a7a63', transparent: true, opacity: 0.55 }))));

    // Pools of warm light on the floor before each case and washes on the wall behind: painted light, no extra lamps.
    const pool = own(radialTexture('rgba(255,205,150,0.42)', 'rgba(0,0,0,0)'));
    const poolMesh = instanced(
      new PlaneGeometry(3.2, 2.4),
      new MeshBasicMaterial({ map: pool, transparent: true, blending: AdditiveBlending, depthWrite: false, fog: false }),
      (c) => {
        q.setFromAxisAngle(up, c.rotation).multiply(new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), -Math.PI / 2));
        const world = new Vector3(0, 0.004, 0.75)
          .applyQuaternion(new Quaternion().setFromAxisAngle(up, c.rotation))
          .add(new Vector3(c.x, 0, c.z));
        return m.compose(world, q, s);
      },
    );
    poolMesh.renderOrder = 1;
    const wash = own(washTexture());
    instanced(
      new PlaneGeometry(3.4, 3.4),
      new MeshBasicMaterial({ map: wash, transparent: true, blending: AdditiveBlending, depthWrite: false }),
      (c) => {
        const toCentre = Math.hypot(c.x, c.z) || 1;
        const r = salon.wallRadius - 0.02;
        q.setFromAxisAngle(up, c.rotation);
        return m.compose(new Vector3((c.x / toCentre) * r, 2.4, (c.z / toCentre) * r), q, s);
      },
    );

    // The plaque with the collection's name, on the plinth's front.
    const atlas = plaqueAtlas(cases.map((c) => c.name));
    own(atlas.texture);
    const plaqueParts: Part[] = [];
    cases.forEach((_, i) => {
      const geometry = new PlaneGeometry(0.9, 0.1125);
      const uv = geometry.getAttribute('uv');
      for (let k = 0; k < uv.count; k += 1) uv.setY(k, 1 - (i + 1 - uv.getY(k)) / atlas.rows);
      plaqueParts.push({ geometry, matrix: placed(salon.cases[i]!, new Vector3(0, BED_HEIGHT - 0.2, CASE_DEPTH / 2 + 0.041)).clone() });
    });
    if (plaqueParts.length) {
      const merged = own(mergeParts(plaqueParts));
      // mergeParts keeps positions and normals; the plaques need their atlas coordinates too.
      const uvs = new Float32Array(plaqueParts.reduce((sum, p) => sum + p.geometry.getAttribute('uv').count * 2, 0));
      let at = 0;
      for (const p of plaqueParts) {
        uvs.set(p.geometry.getAttribute('uv').array, at);
        at += p.geometry.getAttribute('uv').count * 2;
        p.geometry.dispose();
      }
      merged.setAttribute('uv', new BufferAttribute(uvs, 2));
      room.add(
        new Mesh(
          merged,
          own(new MeshStandardMaterial({ map: atlas.texture, roughness: 0.5, metalness: 0.2, envMap: env, envMapIntensity: 0.3 })),
        ),
      );
    }
  };

  const project = new Vector3();
  const ray = new Ray();
  const ndc = new Vector2();

  let disposed = false;
  const onVisibility = () => setPausedInternal(document.hidden || paused);
  const setPausedInternal = (stop: boolean) => {
    if (disposed) return;
    if (stop) renderer.setAnimationLoop(null);
    else {
      last = performance.now();
      dirty = true;
      renderer.setAnimationLoop(tick);
    }
  };
  document.addEventListener('visibilitychange', onVisibility);

  return {
    async load(cases, pieces, onProgress, signal) {
      buildRoom(cases);
      // The visitor enters before the first case.
      current = viewOfCase(salon.cases[0] ?? { x: 0, z: -3.4, rotation: 0 }, salon, standOff());
      target = { ...current };
      dirty = true;

      const loader = createGltfLoader();
      const fractions = pieces.map<number | null>(() => 0);
      const parsed = pieces.map(() => false);
      const report = () => onProgress(overallProgress(fractions, parsed));
      const models: (Object3D | null)[] = pieces.map(() => null);
      // Four downloads at a time: the progress moves steadily and a phone is not flooded.
      let next = 0;
      const worker = async () => {
        while (next < pieces.length) {
          const i = next++;
          const piece = pieces[i]!;
          const buffer = await fetchWithProgress(
            piece.url,
            (f) => {
              fractions[i] = f;
              report();
            },
            signal,
          );
          const gltf = await loader.parseAsync(buffer, '');
          models[i] = gltf.scene;
          parsed[i] = true;
          report();
          if (signal.aborted) return;
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(4, pieces.length) }, worker));
      } catch (error) {
        for (const model of models) if (model) disposeObject(model);
        throw error;
      }
      if (signal.aborted) {
        for (const model of models) if (model) disposeObject(model);
        throw new DOMException('Aborted', 'AbortError');
      }

      // Each case's pieces: normalised in size, set on their slots, merged into one mesh per material.
      const materials = new Map<string, Material>();
      const byCase = new Map<number, Map<string, Part[]>>();
      const up = new Vector3(0, 1, 0);
      const perCase = new Map<number, number[]>();
      pieces.forEach((p, i) => perCase.set(p.caseIndex, [...(perCase.get(p.caseIndex) ?? []), i]));
      for (const [caseIndex, indices] of perCase) {
        const c = salon.cases[caseIndex];
        if (!c) continue;
        const slots = slotsInCase(indices.length);
        const groups = byCase.get(caseIndex) ?? new Map<string, Part[]>();
        byCase.set(caseIndex, groups);
        indices.forEach((pieceIndex, k) => {
          const model = models[pieceIndex];
          const slot = slots[k];
          if (!model || !slot) return;
          const parts = partsOf(model);
          const bounds = boundsOf(parts);
          const size = bounds.getSize(new Vector3());
          const scale = PIECE_SIZE / Math.max(size.x, size.y, size.z, 1e-6);
          const centre = bounds.getCenter(new Vector3());
          const caseQ = new Quaternion().setFromAxisAngle(up, c.rotation);
          // A ring stands on its shank, its round across the case: turned so it shows its three-quarter face
          // (the stone and the opening), as in the studio images; the rest turn slightly towards the centre.
          const isRingLike = size.x < size.z * 0.6 && size.y > size.x;
          const turn = (slot.x > 0 ? -1 : 1) * (isRingLike ? 0.85 : 0.25);
          const pieceQ = caseQ.clone().multiply(new Quaternion().setFromAxisAngle(up, turn));
          const local = new Vector3(slot.x, BED_HEIGHT + slot.y + (size.y * scale) / 2 + 0.004, slot.z)
            .applyQuaternion(caseQ)
            .add(new Vector3(c.x, 0, c.z));
          const transform = new Matrix4()
            .compose(local, pieceQ, new Vector3(scale, scale, scale))
            .multiply(new Matrix4().makeTranslation(-centre.x, -centre.y, -centre.z));
          for (const { part, source } of parts) {
            const { key } = sharedMaterial(source, materials, env, gems.texture);
            const list = groups.get(key) ?? [];
            list.push({ geometry: part.geometry, matrix: transform.clone().multiply(part.matrix) });
            groups.set(key, list);
          }
          const box = bounds.clone().applyMatrix4(transform).expandByScalar(0.03);
          pieceBoxes.set(pieces[pieceIndex]!.id, {
            box,
            anchor: new Vector3((box.min.x + box.max.x) / 2, box.max.y + 0.05, (box.min.z + box.max.z) / 2),
            caseIndex,
          });
        });
      }
      const jewels = new Group();
      for (const groups of byCase.values()) {
        for (const [key, parts] of groups) jewels.add(new Mesh(own(mergeParts(parts)), materials.get(key)));
      }
      for (const material of materials.values()) own(material);
      // The sources were never drawn; their GPU side was never created, but free them all the same.
      for (const model of models) if (model) disposeObject(model);
      room.add(jewels);
      dirty = true;
      await renderer.compileAsync(scene, camera).catch(() => undefined);
      dirty = true;
    },
    walk(forward, sideways) {
      setTarget({ ...target, y: EYE_HEIGHT, ...walkTo(target, target.yaw, forward, sideways, salon.walkRadius) });
    },
    turn(yaw, pitch = 0) {
      setTarget({ ...target, yaw: target.yaw + yaw, pitch: target.pitch + pitch });
    },
    look(dx, dy) {
      const k = (camera.fov * Math.PI) / 180 / Math.max(1, height);
      const yaw = current.yaw + dx * k;
      const pitch = clampPitch(current.pitch + dy * k);
      current = { ...current, yaw, pitch };
      target = { ...target, yaw, pitch };
      dirty = true;
    },
    focusCase(index) {
      const c = salon.cases[index];
      if (c) setTarget(viewOfCase(c, salon, standOff()));
    },
    focusPiece(id) {
      const piece = pieceBoxes.get(id);
      const c = piece ? salon.cases[piece.caseIndex] : undefined;
      if (!piece || !c) return;
      const centre = piece.box.getCenter(new Vector3());
      const view = viewOfPiece(centre, c);
      // Leaning in may take the visitor a little past the walking line, never into the glass.
      target = { ...view, pitch: clampPitch(view.pitch) };
      dirty = true;
    },
    pick(clientX, clientY) {
      const rect = canvas.getBoundingClientRect();
      ndc.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
      applyCamera();
      ray.origin.copy(camera.position);
      ray.direction.set(ndc.x, ndc.y, 0.5).unproject(camera).sub(camera.position).normalize();
      let best: string | null = null;
      let bestDistance = Infinity;
      for (const [id, { box }] of pieceBoxes) {
        const hit = ray.intersectBox(box, project);
        if (!hit) continue;
        const d = hit.distanceTo(camera.position);
        if (d < bestDistance) {
          bestDistance = d;
          best = id;
        }
      }
      return best;
    },
    project: () => screen,
    view: () => ({ ...current }),
    stats: () => ({
      calls: renderer.info.render.calls,
      triangles: renderer.info.render.triangles,
      geometries: renderer.info.memory.geometries,
      textures: renderer.info.memory.textures,
      programs: renderer.info.programs?.length ?? 0,
      frames,
      pixelRatio: renderer.getPixelRatio(),
      antialias: renderer.getContext().getContextAttributes()?.antialias ?? false,
    }),
    measure(count) {
      const gl = renderer.getContext();
      // gl.finish() returns at once in Chromium (its GPU work runs in another process): reading one
      // pixel back is what waits for the frame to be drawn.
      const pixel = new Uint8Array(4);
      const times: number[] = [];
      const saved = { ...current };
      for (let i = 0; i < count; i += 1) {
        current = { ...saved, yaw: saved.yaw + (i % 2 ? 0.002 : -0.002) };
        const t0 = performance.now();
        applyCamera();
        renderer.render(scene, camera);
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
        times.push(performance.now() - t0);
      }
      current = saved;
      dirty = true;
      const sorted = [...times].sort((a, b) => a - b);
      return {
        medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
        p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
        calls: renderer.info.render.calls,
        triangles: renderer.info.render.triangles,
        times,
      };
    },
    setPaused(stop) {
      paused = stop;
      setPausedInternal(stop || document.hidden);
    },
    dispose() {
      disposed = true;
      renderer.setAnimationLoop(null);
      document.removeEventListener('visibilitychange', onVisibility);
      observer.disconnect();
      for (const g of owned.geometries) g.dispose();
      for (const m of owned.materials) disposeMaterial(m);
      for (const t of owned.textures) t.dispose();
      studio.dispose();
      gems.dispose();
      room.clear();
      scene.clear();
      pieceBoxes.clear();
      screen.clear();
      const left = { geometries: renderer.info.memory.geometries, textures: renderer.info.memory.textures };
      renderer.dispose();
      // Hand the context back now: browsers cap live WebGL contexts, and a visitor may come back often.
      renderer.forceContextLoss();
      return left;
    },
  };
}
