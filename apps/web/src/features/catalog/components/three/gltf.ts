/**
 * Building blocks shared by the lazily loaded three.js scenes (the 360° turntable, the showroom):
 * streamed model download with real progress, one glTF loader with the meshopt decoder, the studio
 * light generated in code (RoomEnvironment through PMREM, no HDR over the network) and disposal.
 * Imported only from those scene modules, so three.js stays in their lazy chunk.
 */
import { Mesh, PMREMGenerator, Texture, type Material, type Object3D, type WebGLRenderer } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { loadFraction } from '../turntable/turntable-logic';

export class ModelLoadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelLoadError';
  }
}

/** Fetches a file, reporting the fraction read (null while the size is unknown). */
export async function fetchWithProgress(
  url: string,
  onProgress: (fraction: number | null) => void,
  signal: AbortSignal,
): Promise<ArrayBuffer> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new ModelLoadError(`The model answered ${response.status}`, response.status);
  const total = Number(response.headers.get('content-length') ?? 0);
  if (!response.body) {
    const buffer = await response.arrayBuffer();
    onProgress(1);
    return buffer;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress(loadFraction(0, total));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loadFraction(loaded, total));
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  onProgress(1);
  return bytes.buffer;
}

/** A glTF loader that reads the meshopt-compressed models of decisions §69. */
export function createGltfLoader(): GLTFLoader {
  const loader = new GLTFLoader();
  loader.setMeshoptDecoder(MeshoptDecoder);
  return loader;
}

export interface StudioEnvironment {
  texture: Texture;
  /** Frees the environment's render target (its texture's own dispose() would leave it on the GPU). */
  dispose(): void;
}

/**
 * The studio light as an environment map. The PMREM is a render target: disposing only its texture
 * leaves the target and its GPU texture alive (still counted by renderer.info.memory), so the scene
 * frees it through `dispose()`.
 */
export function createStudioEnvironment(renderer: WebGLRenderer): StudioEnvironment {
  const pmrem = new PMREMGenerator(renderer);
  const room = new RoomEnvironment();
  const target = pmrem.fromScene(room, 0.03);
  room.dispose();
  pmrem.dispose();
  return { texture: target.texture, dispose: () => target.dispose() };
}

/** A mesh with its geometry and material typed (`instanceof Mesh` alone types them as any). */
export const isMesh = (node: Object3D): node is Mesh => node instanceof Mesh;

/** Frees the GPU side of every mesh under `root`: geometries, materials and their textures. */
export function disposeObject(root: Object3D): void {
  root.traverse((node) => {
    if (isMesh(node)) {
      node.geometry.dispose();
      const materials: Material[] = Array.isArray(node.material) ? node.material : [node.material];
      for (const m of materials) disposeMaterial(m);
    }
  });
}

export function disposeMaterial(material: Material): void {
  for (const value of Object.values(material)) {
    if (value instanceof Texture) value.dispose();
  }
  material.dispose();
}
