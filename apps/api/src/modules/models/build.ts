/** From a model spec to GLB bytes: the form's builder fills a scene, glb.ts writes it. Pure and deterministic. */
import { dimsOf, sceneOf, type ModelSpec } from '@mirror/imagery/models';
import { writeGlb } from './glb';

export async function buildModel(spec: ModelSpec, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  const scene = sceneOf(spec);
  const stoneSize = spec.stone ? dimsOf(spec.stone, spec.stone.carat).width : 1;
  return writeGlb(scene, spec, spec.form, { stoneSize, compress: opts.compress ?? true });
}
