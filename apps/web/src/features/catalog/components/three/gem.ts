/**
 * Stones that read as stones in real time, without a transmission pass (which renders the scene a
 * second time and, against the ivory backdrop, fills a stone with a blurred copy of it: milky).
 *
 * A cut stone sends back what its facets see: light entering the crown is totally reflected inside
 * the pavilion and leaves by the crown again, so each facet shows one direction of the room — a soft
 * box (white), or the dark studio around it (black). The studio photographs (packages/imagery's ray
 * tracer) show exactly that: a mosaic of white and dark facets for a diamond, deep colour with white
 * flashes for a sapphire or an emerald. The cheap equivalent: a faceted mirror (flat shading, no
 * roughness) tinted by the stone's body colour, under a clear lacquer (the surface's own white
 * reflection), reflecting an environment made like the photographs' studio — a dark room with a
 * few bright panels — instead of the evenly lit RoomEnvironment, whose greys make every facet pale.
 * One physical program per kind of stone, no extra pass, no extra draw call.
 */
import {
  BackSide,
  Color,
  CylinderGeometry,
  Mesh,
  MeshBasicMaterial,
  MeshPhysicalMaterial,
  PlaneGeometry,
  PMREMGenerator,
  Scene,
  SphereGeometry,
  type Material,
  type Texture,
  type WebGLRenderer,
} from 'three';

export interface GemEnvironment {
  texture: Texture;
  dispose(): void;
}

const DEG = Math.PI / 180;

/**
 * The photographs' studio (packages/imagery/src/trace/light.ts) as a small scene: a dark room, a
 * large soft box overhead, two tall strips at the sides, a low strip behind, a small hard spot (the
 * pin-point flashes) and the warm paper below. Azimuth 0 faces the camera's side (+z).
 */
const PANELS = [
  { az: -20, el: 62, w: 80, h: 36, intensity: 5.5, tint: '#fff8eb' },
  { az: -78, el: 18, w: 16, h: 60, intensity: 4.2, tint: '#f5faff' },
  { az: 74, el: 22, w: 14, h: 56, intensity: 3.4, tint: '#fff8eb' },
  { az: 180, el: 16, w: 80, h: 12, intensity: 2.6, tint: '#fff8eb' },
  { az: 38, el: 48, w: 8, h: 8, intensity: 14, tint: '#fff8eb' },
  // Reflectors all round (the studio's white cards): a cut stone sees the room in many directions at
  // once, one per facet, and a facet that meets only darkness reads black — half of them lit, half dark.
  ...[0, 45, 90, 135, 180, 225, 270, 315].map((az, i) => ({
    az: az + 22,
    el: i % 2 ? 34 : 8,
    w: 24,
    h: 26,
    intensity: i % 2 ? 1.6 : 2.4,
    tint: '#fffaf2',
  })),
] as const;

/** The stones' environment: rendered once per renderer through PMREM, sharp (no blur), at its smallest size. */
export function createGemEnvironment(renderer: WebGLRenderer): GemEnvironment {
  const scene = new Scene();
  // Dark, not black: the photographs' darkest facets are a deep grey.
  scene.background = new Color(0.06, 0.06, 0.065);
  const disposables: { dispose(): void }[] = [];
  const keep = <T extends { dispose(): void }>(thing: T): T => {
    disposables.push(thing);
    return thing;
  };
  const r = 5;
  for (const p of PANELS) {
    const width = 2 * r * Math.tan((p.w * DEG) / 2);
    const height = 2 * r * Math.tan((p.h * DEG) / 2);
    const panel = new Mesh(
      keep(new PlaneGeometry(width, height)),
      keep(new MeshBasicMaterial({ color: new Color(p.tint).multiplyScalar(p.intensity), side: BackSide })),
    );
    const az = p.az * DEG;
    const el = p.el * DEG;
    panel.position.set(r * Math.cos(el) * Math.sin(az), r * Math.sin(el), r * Math.cos(el) * Math.cos(az));
    // A plane's front faces +z: turned to face the centre, drawn on its back side (the side the centre sees).
    panel.lookAt(panel.position.clone().multiplyScalar(2));
    scene.add(panel);
  }
  // The warm paper below: what the lower facets of a stone lying on it reflect.
  const paper = new Mesh(
    keep(new SphereGeometry(r * 1.2, 24, 8, 0, Math.PI * 2, Math.PI * 0.56, Math.PI * 0.44)),
    keep(new MeshBasicMaterial({ color: new Color('#f4f0e9').multiplyScalar(0.9), side: BackSide })),
  );
  scene.add(paper);
  // A low band of soft light all round, just above the paper: the table of a stone seen from above
  // reflects it whichever way the piece is turned (the photographs' tables read white).
  const band = new Mesh(
    keep(new CylinderGeometry(r * 1.1, r * 1.1, r * 0.9, 32, 1, true)),
    keep(new MeshBasicMaterial({ color: new Color('#fff6ea').multiplyScalar(1.3), side: BackSide })),
  );
  band.position.y = r * 0.4;
  scene.add(band);
  const pmrem = new PMREMGenerator(renderer);
  const target = pmrem.fromScene(scene, 0, 0.1, 20, { size: 256 });
  pmrem.dispose();
  for (const d of disposables) d.dispose();
  return { texture: target.texture, dispose: () => target.dispose() };
}

/** A stone's material in the models (decisions §69): transmissive (KHR_materials_transmission), or named so. */
export function isCutStone(material: Material): boolean {
  if (material instanceof MeshPhysicalMaterial && material.transmission > 0) return true;
  return /^(stone|accent)/i.test(material.name) && !/pearl/i.test(material.name) && !(material instanceof MeshPhysicalMaterial);
}

/** The stone's body colour: the colour light takes on inside it (glTF volume attenuation), else its base colour. */
function bodyColour(source: Material): Color {
  if (source instanceof MeshPhysicalMaterial && source.transmission > 0) {
    const a = source.attenuationColor;
    if (Math.abs(a.r - a.g) + Math.abs(a.g - a.b) + Math.abs(a.r - a.b) > 0.05) return a.clone();
    return new Color(1, 1, 1);
  }
  return 'color' in source && source.color instanceof Color ? source.color.clone() : new Color(1, 1, 1);
}

/**
 * The real-time cut stone for a model's stone material: a faceted mirror in the stone's colour
 * (a colourless diamond: neutral, black and white) under a clear lacquer, reflecting `env` (the
 * gem environment above). Coloured stones are deepened and saturated: the photographs' body colour
 * is what light shows after travelling through the stone, darker than the attenuation colour itself.
 */
export function cutStoneMaterial(source: Material, env: Texture): MeshPhysicalMaterial {
  const colour = bodyColour(source);
  const hsl = { h: 0, s: 0, l: 0 };
  colour.getHSL(hsl);
  const isColourless = hsl.s < 0.08;
  const body = isColourless
    ? new Color(0.92, 0.93, 0.95)
    : new Color().setHSL(hsl.h, Math.min(1, hsl.s * 1.15 + 0.1), Math.min(0.42, hsl.l * 0.7));
  const ior = source instanceof MeshPhysicalMaterial ? source.ior : 1.6;
  return new MeshPhysicalMaterial({
    name: `cut-${source.name}`,
    color: body,
    metalness: 1,
    roughness: 0.04,
    clearcoat: isColourless ? 0 : 1,
    clearcoatRoughness: 0.02,
    // A diamond's fire: a faint thin-film tint on the facets that face a light.
    iridescence: isColourless && ior > 2 ? 0.25 : 0,
    iridescenceIOR: 1.8,
    iridescenceThicknessMinimum: 280,
    iridescenceThicknessMaximum: 480,
    envMap: env,
    envMapIntensity: isColourless ? 1.1 : 1.4,
    flatShading: true,
  });
}
