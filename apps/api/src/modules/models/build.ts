/** From a model spec to GLB bytes: the form's builder fills a scene, glb.ts writes it. Pure and deterministic. */
import { buildBracelet } from './geometry/bracelets';
import { buildEarrings } from './geometry/earrings';
import { buildHighJewelry } from './geometry/high-jewelry';
import { PieceScene } from './geometry/mesh';
import { buildNecklace } from './geometry/necklaces';
import { buildRing } from './geometry/rings';
import { dimsOf } from './geometry/settings';
import type { Form, ModelSpec } from './geometry/spec';
import { writeGlb } from './glb';

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

export function sceneOf(spec: ModelSpec): PieceScene {
  const scene = new PieceScene();
  FAMILY[spec.form](scene, spec);
  return scene;
}

export async function buildModel(spec: ModelSpec, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  const scene = sceneOf(spec);
  const stoneSize = spec.stone ? dimsOf(spec.stone, spec.stone.carat).width : 1;
  return writeGlb(scene, spec, spec.form, { stoneSize, compress: opts.compress ?? true });
}
