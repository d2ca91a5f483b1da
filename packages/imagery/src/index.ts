/**
 * @mirror/imagery — the pieces' 3D models and their studio photographs (decision 0107). Pure: it
 * knows nothing of the database, the storage or HTTP.
 *
 *   models/     the pieces' 3D models (one builder per family), shared with the GLB route
 *   trace/      the CPU ray tracer: BVH, the studio's lights, contact shadows, the photograph
 *   render.ts   one piece, one view → photograph (on a render thread, pool.ts) → WebP widths
 *   palette.ts  stone families and colours · stones.ts  cut names
 *   cache.ts    the render cache, keyed by these sources and the input · studio.ts  a piece's views
 *   preview.ts  contact sheets for the eye (not part of the cache key)
 */
export {
  createImageryCache,
  defaultImageryCacheDir,
  generatorFingerprint,
  imagerySourcesHash,
  renderAllCached,
  renderKey,
  type ImageryCache,
} from './cache.js';
export { gemLook, stoneFamily, type GemLook, type MetalKey, type Rgb } from './palette.js';
export {
  IMAGE_WIDTHS,
  RENDER_HEIGHT,
  RENDER_WIDTH,
  modelSpecOfInput,
  renderProductImage,
  renderProductPixels,
  type PieceType,
  type ProductImageInput,
  type RenderedImage,
} from './render.js';
export { normaliseCut, type Cut } from './stones.js';
export { STUDIO_VARIANTS, pieceTypeOf, studioInputs, type StudioPiece } from './studio.js';
export { photograph, type PhotoInput, type View } from './trace/photo.js';
export { workerSource, type WorkerSource } from './worker-source.js';
