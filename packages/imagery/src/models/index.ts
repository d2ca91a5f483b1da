/**
 * The pieces' 3D models (decision 0107): one builder per family fills a PieceScene in millimetres,
 * Y up. The API writes it as glTF (GET /api/products/{id}/model.glb, the 360° view and the try-on);
 * the studio renderer (../trace) photographs the same scene, so the three always agree.
 */
import { buildBracelet } from './bracelets';
import { buildEarrings } from './earrings';
import { buildHighJewelry } from './high-jewelry';
import { PieceScene } from './mesh';
import { buildNecklace } from './necklaces';
import { buildRing } from './rings';
import type { Form, ModelSpec } from './spec';

export { ACCENT_MATERIAL, METAL_MATERIALS, stoneMaterial, type MetalMaterial, type StoneMaterial } from './materials';
export { PieceScene, type MaterialRole, type MeshData, type PartNode, type Quat, type V3 } from './mesh';
export { dimsOf } from './settings';
export {
  FORMS,
  GENERATOR_VERSION,
  formOf,
  modelSpecOf,
  modelStoneOf,
  specHash,
  type Form,
  type ModelSpec,
  type ModelStone,
  type PieceAttributes,
} from './spec';

const FAMILY: Record<Form, (scene: PieceScene, spec: ModelSpec) => void> = {
  solitaire: buildRing,
  halo: buildRing,
  trilogy: buildRing,
  ring: buildRing,
  band: buildRing,
  signet: buildRing,
  cocktail: buildRing,
  studs: buildEarrings,
  drops: buildEarrings,
  hoops: buildEarrings,
  chandeliers: buildEarrings,
  pendant: buildNecklace,
  chain: buildNecklace,
  riviere: buildNecklace,
  sautoir: buildNecklace,
  bib: buildHighJewelry,
  parure: buildHighJewelry,
  tiara: buildHighJewelry,
  brooch: buildHighJewelry,
  tennis: buildBracelet,
  bangle: buildBracelet,
  cuff: buildBracelet,
  'chain-bracelet': buildBracelet,
};

/** The piece's scene, built by its family's builder. Pure and deterministic. */
export function sceneOf(spec: ModelSpec): PieceScene {
  const scene = new PieceScene();
  FAMILY[spec.form](scene, spec);
  return scene;
}
