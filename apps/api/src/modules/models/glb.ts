/**
 * A piece's scene as binary glTF 2.0 written by glTF-Transform: one mesh per shape (shared by
 * every node that places it), PBR materials with the KHR material extensions, millimetres scaled
 * to metres at the root, then meshopt-compressed (EXT_meshopt_compression + KHR_mesh_quantization).
 */
import { Document, Logger, NodeIO, type Material, type Mesh } from '@gltf-transform/core';
import {
  EXTMeshoptCompression,
  KHRMaterialsClearcoat,
  KHRMaterialsDispersion,
  KHRMaterialsIOR,
  KHRMaterialsIridescence,
  KHRMaterialsSpecular,
  KHRMaterialsTransmission,
  KHRMaterialsVolume,
  KHRMeshQuantization,
} from '@gltf-transform/extensions';
import { meshopt } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import {
  ACCENT_MATERIAL,
  METAL_MATERIALS,
  stoneMaterial,
  type MaterialRole,
  type ModelSpec,
  type PieceScene,
  type StoneMaterial,
} from '@mirror/imagery/models';

const EXTENSIONS = [
  EXTMeshoptCompression,
  KHRMeshQuantization,
  KHRMaterialsTransmission,
  KHRMaterialsIOR,
  KHRMaterialsVolume,
  KHRMaterialsSpecular,
  KHRMaterialsDispersion,
  KHRMaterialsIridescence,
  KHRMaterialsClearcoat,
];

let io: NodeIO | null = null;
async function nodeIO(): Promise<NodeIO> {
  if (io) return io;
  await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
  io = new NodeIO()
    .registerExtensions(EXTENSIONS)
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder, 'meshopt.decoder': MeshoptDecoder });
  return io;
}

export interface WriteOptions {
  /** tests: write without meshopt, to validate the plain geometry too */
  compress?: boolean;
  /** the main stone's width (mm), for its volume thickness */
  stoneSize: number;
}

export async function writeGlb(scene: PieceScene, spec: ModelSpec, name: string, o: WriteOptions): Promise<Uint8Array> {
  const doc = new Document().setLogger(new Logger(Logger.Verbosity.ERROR));
  doc.getRoot().getAsset().generator = 'Mirror models (glTF-Transform)';
  const buffer = doc.createBuffer();
  const materials = new Map<MaterialRole, Material>();
  const material = (role: MaterialRole): Material => {
    const existing = materials.get(role);
    if (existing) return existing;
    const m =
      role === 'metal'
        ? metal(doc, spec)
        : stone(doc, role === 'accent' ? ACCENT_MATERIAL : spec.stone ? stoneMaterial(spec.stone, o.stoneSize) : ACCENT_MATERIAL);
    materials.set(role, m);
    return m;
  };
  const meshes = new Map<string, Mesh>();
  const root = doc.createNode(name).setScale([0.001, 0.001, 0.001]).setRotation(scene.pose);
  const gltfScene = doc.createScene(name).addChild(root);
  doc.getRoot().setDefaultScene(gltfScene);
  for (const node of scene.nodes) {
    const key = `${node.mesh}|${node.material}`;
    let mesh = meshes.get(key);
    if (!mesh) {
      const data = scene.meshes.get(node.mesh)!;
      const position = doc.createAccessor().setType('VEC3').setArray(data.positions).setBuffer(buffer);
      const normal = doc.createAccessor().setType('VEC3').setArray(data.normals).setBuffer(buffer);
      const vertexCount = data.positions.length / 3;
      const indices = doc
        .createAccessor()
        .setType('SCALAR')
        .setArray(vertexCount < 65_536 ? Uint16Array.from(data.indices) : data.indices)
        .setBuffer(buffer);
      const prim = doc
        .createPrimitive()
        .setAttribute('POSITION', position)
        .setAttribute('NORMAL', normal)
        .setIndices(indices)
        .setMaterial(material(node.material));
      mesh = doc.createMesh(node.mesh.split(':')[0]).addPrimitive(prim);
      meshes.set(key, mesh);
    }
    const child = doc.createNode(node.name).setMesh(mesh).setTranslation(node.translation).setRotation(node.rotation);
    if (node.scale) child.setScale(node.scale);
    root.addChild(child);
  }
  const writer = await nodeIO();
  if (o.compress !== false) await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  return writer.writeBinary(doc);
}

/** Reads a GLB (with its meshopt data decoded) — the tests' way back from bytes to a document. */
export async function readGlb(bytes: Uint8Array): Promise<Document> {
  return (await nodeIO()).readBinary(bytes);
}

/** The same model without meshopt (KHR_mesh_quantization stays): what a validator without meshopt can read. */
export async function decompressGlb(bytes: Uint8Array): Promise<Uint8Array> {
  const writer = await nodeIO();
  const doc = await writer.readBinary(bytes);
  doc
    .getRoot()
    .listExtensionsUsed()
    .filter((e) => e.extensionName === 'EXT_meshopt_compression')
    .forEach((e) => e.dispose());
  return writer.writeBinary(doc);
}

function metal(doc: Document, spec: ModelSpec): Material {
  const m = METAL_MATERIALS[spec.metal];
  const specular = doc.createExtension(KHRMaterialsSpecular).createSpecular().setSpecularFactor(1);
  return doc
    .createMaterial(m.name)
    .setBaseColorFactor([...m.baseColor, 1])
    .setMetallicFactor(1)
    .setRoughnessFactor(m.roughness)
    .setExtension('KHR_materials_specular', specular);
}

function stone(doc: Document, s: StoneMaterial): Material {
  const material = doc
    .createMaterial(s.name)
    .setBaseColorFactor([...s.baseColor, 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(s.roughness);
  material.setExtension('KHR_materials_ior', doc.createExtension(KHRMaterialsIOR).createIOR().setIOR(s.ior));
  material.setExtension(
    'KHR_materials_specular',
    doc.createExtension(KHRMaterialsSpecular).createSpecular().setSpecularFactor(1).setSpecularColorFactor(s.specularColor),
  );
  if (s.transmission > 0) {
    material.setExtension(
      'KHR_materials_transmission',
      doc.createExtension(KHRMaterialsTransmission).createTransmission().setTransmissionFactor(s.transmission),
    );
    const volume = doc
      .createExtension(KHRMaterialsVolume)
      .createVolume()
      .setThicknessFactor(s.thickness)
      .setAttenuationColor(s.attenuationColor);
    if (s.attenuationDistance > 0) volume.setAttenuationDistance(s.attenuationDistance);
    material.setExtension('KHR_materials_volume', volume);
    if (s.dispersion > 0)
      material.setExtension(
        'KHR_materials_dispersion',
        doc.createExtension(KHRMaterialsDispersion).createDispersion().setDispersion(s.dispersion),
      );
  }
  if (s.iridescence > 0) {
    material.setExtension(
      'KHR_materials_iridescence',
      doc
        .createExtension(KHRMaterialsIridescence)
        .createIridescence()
        .setIridescenceFactor(s.iridescence)
        .setIridescenceIOR(1.6)
        .setIridescenceThicknessMinimum(250)
        .setIridescenceThicknessMaximum(450),
    );
  }
  if (s.clearcoat > 0) {
    material.setExtension(
      'KHR_materials_clearcoat',
      doc.createExtension(KHRMaterialsClearcoat).createClearcoat().setClearcoatFactor(s.clearcoat).setClearcoatRoughnessFactor(0.08),
    );
  }
  return material;
}
