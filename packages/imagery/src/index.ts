/**
 * @mirror/imagery — the studio renderer: deterministic SVG drawings of the catalogue's pieces (no
 * photographs exist of the demo), rasterised to WebP at every width, and a content-addressed cache of
 * them shared by every start on a machine. Pure: it knows nothing of the database, the storage or HTTP.
 *
 *   render.ts   one piece, one view → SVG → WebP widths (the entry point)
 *   pieces.ts   the silhouettes: ring, necklace, earrings, bracelet, high jewellery
 *   stones.ts   cut stones (facets, girdle, sparkle) · geometry.ts  metal sweeps, tubes, beads
 *   palette.ts  metals and gem colours · scene.ts  vectors, camera, layered painter's-algorithm scene
 *   cache.ts    the render cache, keyed by these sources and the input · studio.ts  a piece's views
 *   preview.ts  a contact sheet for the eye (not part of the cache key)
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
  renderProductImage,
  renderProductSvg,
  type PieceType,
  type ProductImageInput,
  type RenderedImage,
} from './render.js';
export { normaliseCut, type Cut } from './stones.js';
export { STUDIO_VARIANTS, pieceTypeOf, studioInputs, type StudioPiece } from './studio.js';
