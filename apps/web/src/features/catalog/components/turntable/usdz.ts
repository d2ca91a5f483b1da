/**
 * The piece as a USDZ for iOS's Quick Look (decision 0116), written in the page by three.js's
 * USDZExporter. A chunk of its own, imported by the scene only when Quick Look is offered: no other
 * browser ever fetches it.
 */
import { Box3, Vector3, type Object3D } from 'three';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';

export const USDZ_TYPE = 'model/vnd.usdz+zip';

/**
 * `piece` (metres, as the glTF is) standing on the floor at the origin: Quick Look puts the model's
 * origin on the surface it finds, so a piece centred on it would stand half in the table.
 */
export async function exportUsdz(piece: Object3D): Promise<Blob> {
  piece.updateMatrixWorld(true);
  const box = new Box3().setFromObject(piece);
  const centre = box.getCenter(new Vector3());
  piece.position.sub(new Vector3(centre.x, box.min.y, centre.z));
  piece.updateMatrixWorld(true);
  const bytes = await new USDZExporter().parseAsync(piece, {
    quickLookCompatible: true,
    includeAnchoringProperties: true,
    ar: { anchoring: { type: 'plane' }, planeAnchoring: { alignment: 'horizontal' } },
  });
  return new Blob([bytes], { type: USDZ_TYPE });
}
