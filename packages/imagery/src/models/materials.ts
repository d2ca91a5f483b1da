/**
 * PBR materials as glTF describes them (and three.js / model-viewer render them): polished metals
 * by their measured reflectance, stones through KHR_materials_transmission / ior / volume /
 * specular / dispersion, pearls opaque with a faint iridescent orient. Colours in linear RGB.
 */
import { gemLook, stoneFamily, type MetalKey as MetalType, type Rgb } from '../palette.js';
import type { ModelStone } from './spec';

export type Linear = [number, number, number];

export interface MetalMaterial {
  name: string;
  baseColor: Linear;
  roughness: number;
}

/** Base colours (linear) after measured spectral reflectance: 18k golds, rhodium-plated white gold, platinum, sterling. */
export const METAL_MATERIALS: Record<MetalType, MetalMaterial> = {
  YELLOW_GOLD: { name: 'metal-yellow-gold', baseColor: [0.98, 0.76, 0.4], roughness: 0.16 },
  WHITE_GOLD: { name: 'metal-white-gold', baseColor: [0.83, 0.82, 0.8], roughness: 0.14 },
  ROSE_GOLD: { name: 'metal-rose-gold', baseColor: [0.95, 0.64, 0.52], roughness: 0.16 },
  PLATINUM: { name: 'metal-platinum', baseColor: [0.77, 0.76, 0.73], roughness: 0.18 },
  SILVER: { name: 'metal-silver', baseColor: [0.96, 0.95, 0.92], roughness: 0.2 },
};

export interface StoneMaterial {
  name: string;
  baseColor: Linear;
  roughness: number;
  /** 0 for opaque stones and pearls */
  transmission: number;
  ior: number;
  /** KHR_materials_volume: thickness in the mesh's units (mm) and the colour light takes on inside */
  thickness: number;
  attenuationColor: Linear;
  attenuationDistance: number;
  /** KHR_materials_dispersion (20 / Abbe number) */
  dispersion: number;
  specularColor: Linear;
  /** pearls: a thin-film orient */
  iridescence: number;
  /** pearls: a lacquer-like nacre */
  clearcoat: number;
}

const IOR: Record<string, number> = {
  diamond: 2.42,
  sapphire: 1.77,
  ruby: 1.77,
  emerald: 1.57,
  aquamarine: 1.58,
  morganite: 1.59,
  tanzanite: 1.69,
  spinel: 1.72,
  tsavorite: 1.74,
  garnet: 1.76,
  amethyst: 1.54,
  citrine: 1.54,
  topaz: 1.62,
  tourmaline: 1.63,
  peridot: 1.67,
  opal: 1.45,
};

/** 20 / Abbe number: diamond's fire (V ≈ 55) is the strongest of the common stones. */
const DISPERSION: Record<string, number> = {
  diamond: 0.36,
  sapphire: 0.28,
  ruby: 0.28,
  spinel: 0.26,
  tsavorite: 0.3,
  garnet: 0.3,
  tanzanite: 0.28,
};

const toLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
};
export const linearOf = (rgb: Rgb): Linear => [toLinear(rgb[0]), toLinear(rgb[1]), toLinear(rgb[2])];

const round3 = (v: Linear): Linear => [Math.round(v[0] * 1000) / 1000, Math.round(v[1] * 1000) / 1000, Math.round(v[2] * 1000) / 1000];

/** The main stone's material; `size` (mm, the stone's width) sets how deep its colour reads. */
export function stoneMaterial(stone: ModelStone, size: number): StoneMaterial {
  const look = gemLook(stone.type, stone.colour);
  const family = stoneFamily(stone.type);
  const colour = round3(linearOf(look.base));
  if (look.kind === 'pearl') {
    return {
      name: 'pearl',
      baseColor: colour,
      roughness: 0.28,
      transmission: 0,
      ior: 1.53,
      thickness: 0,
      attenuationColor: [1, 1, 1],
      attenuationDistance: 0,
      dispersion: 0,
      specularColor: [1, 1, 1],
      iridescence: 0.35,
      clearcoat: 0.6,
    };
  }
  if (look.opaque) {
    return {
      name: `stone-${slug(family)}`,
      baseColor: colour,
      roughness: 0.12,
      transmission: 0,
      ior: IOR[family] ?? 1.55,
      thickness: 0,
      attenuationColor: [1, 1, 1],
      attenuationDistance: 0,
      dispersion: 0,
      specularColor: [1, 1, 1],
      iridescence: 0,
      clearcoat: 0.5,
    };
  }
  const isColourless = look.kind === 'diamond' && look.tint === 0;
  return {
    name: `stone-${slug(family)}`,
    // the body colour comes through absorption (attenuation), so the surface stays white and clear
    baseColor: isColourless ? [1, 1, 1] : round3(mixLinear(colour, [1, 1, 1], 0.55)),
    roughness: 0,
    transmission: 1,
    ior: IOR[family] ?? 1.6,
    thickness: Math.round(size * 0.6 * 1000) / 1000,
    attenuationColor: isColourless ? [1, 1, 1] : colour,
    // attenuationDistance is in world units (metres), the mesh in millimetres
    attenuationDistance: isColourless ? 0 : Math.round(size * (look.tint < 1 ? 1.2 : 0.55) * 1000) / 1e6,
    dispersion: DISPERSION[family] ?? 0.2,
    specularColor: [1, 1, 1],
    iridescence: 0,
    clearcoat: 0,
  };
}

/** The small colourless diamonds of halos, pavé and tennis lines. */
export const ACCENT_MATERIAL: StoneMaterial = {
  name: 'accent-diamond',
  baseColor: [1, 1, 1],
  roughness: 0,
  transmission: 1,
  ior: 2.42,
  thickness: 1,
  attenuationColor: [1, 1, 1],
  attenuationDistance: 0,
  dispersion: 0.36,
  specularColor: [1, 1, 1],
  iridescence: 0,
  clearcoat: 0,
};

function mixLinear(a: Linear, b: Linear, t: number): Linear {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
