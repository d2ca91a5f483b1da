/**
 * Studio-style product imagery generated from product attributes: a hand-built SVG (tiny 3D
 * meshes for metal and faceted stones, flat shaded against a studio environment) rasterised once
 * with sharp and encoded as 4:5 WebP at several widths. Deterministic: same input → same bytes.
 */
import sharp from 'sharp';
import { METALS, gemLook, type MetalKey } from './palette.js';
import { CANVAS_HEIGHT, CANVAS_WIDTH, bracelet, earrings, highJewelry, necklace, ring, type PieceContext } from './pieces.js';
import { Scene, svgNumber, makeRng } from './scene.js';
import { normaliseCut } from './stones.js';

export type PieceType = 'RING' | 'ENGAGEMENT_RING' | 'NECKLACE' | 'EARRINGS' | 'BRACELET' | 'HIGH_JEWELRY';

export interface ProductImageInput {
  pieceType: PieceType;
  metal: MetalKey;
  gemstone?: { type: string; cut: string; colour: string; carat?: number } | null;
  variant: 'front' | 'detail';
  seed: string;
}

export interface RenderedImage {
  width: number;
  height: number;
  buffer: Buffer;
  contentType: 'image/webp';
}

export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
const MAX_W = 1280;
const MAX_H = 1600;

export function renderProductSvg(input: ProductImageInput): string {
  const scene = new Scene();
  const g = input.gemstone ?? null;
  const gem = g ? gemLook(g.type, g.colour) : null;
  const ctx: PieceContext = {
    scene,
    // The input comes from stored rows: a metal the palette does not know is drawn in yellow gold.
    metal: Object.hasOwn(METALS, input.metal) ? METALS[input.metal] : METALS.YELLOW_GOLD,
    gem,
    cut: g ? normaliseCut(g.cut) : 'round',
    carat: g?.carat && Number.isFinite(g.carat) && g.carat > 0 ? g.carat : 1,
    rng: makeRng(`${input.seed}|${input.pieceType}`),
    detail: input.variant === 'detail',
    shadow: [],
    floor: null,
  };
  switch (input.pieceType) {
    case 'ENGAGEMENT_RING':
      ring(ctx, true);
      break;
    case 'NECKLACE':
      necklace(ctx);
      break;
    case 'EARRINGS':
      earrings(ctx);
      break;
    case 'BRACELET':
      bracelet(ctx);
      break;
    case 'HIGH_JEWELRY':
      highJewelry(ctx);
      break;
    default:
      ring(ctx, false);
  }

  const defs: string[] = [
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfaf7"/><stop offset="0.55" stop-color="#f3f0ea"/><stop offset="1" stop-color="#e2e0dc"/></linearGradient>`,
    `<radialGradient id="spot" cx="0.42" cy="0.36" r="0.62"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="fl"><stop offset="0" stop-color="#3a3128" stop-opacity="0.3"/><stop offset="0.55" stop-color="#3a3128" stop-opacity="0.1"/><stop offset="1" stop-color="#3a3128" stop-opacity="0"/></radialGradient>`,
    ...scene.defs,
  ];
  let under = '';
  if (ctx.floor) {
    const f = ctx.floor;
    under += `<ellipse cx="${svgNumber(f.cx)}" cy="${svgNumber(f.cy)}" rx="${svgNumber(f.rx)}" ry="${svgNumber(f.ry)}" fill="url(#fl)"/>`;
    under += `<ellipse cx="${svgNumber(f.cx - 8)}" cy="${svgNumber(f.cy)}" rx="${svgNumber(f.rx * 0.45)}" ry="${svgNumber(Math.max(3, f.ry * 0.25))}" fill="url(#fl)" opacity="0.9"/>`;
  }
  if (ctx.shadow.length) {
    // a cheap soft shadow: the silhouettes stacked at growing spreads, each very faint
    const layers = [14, 8, 3, 0].map((k) => `<g opacity="0.045">${ctx.shadow.map((f) => f(k)).join('')}</g>`).join('');
    under += `<g transform="translate(6 9)">${layers}</g>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MAX_W}" height="${MAX_H}" viewBox="0 0 ${CANVAS_WIDTH} ${CANVAS_HEIGHT}">` +
    `<defs>${defs.join('')}</defs>` +
    `<rect width="${CANVAS_WIDTH}" height="${CANVAS_HEIGHT}" fill="url(#bg)"/><rect width="${CANVAS_WIDTH}" height="${CANVAS_HEIGHT}" fill="url(#spot)"/>` +
    under +
    scene.body() +
    `</svg>`
  );
}

export async function renderProductImage(input: ProductImageInput): Promise<RenderedImage[]> {
  const svg = renderProductSvg(input);
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const height = Math.round((width * 5) / 4);
      const buffer = await sharp(data, { raw })
        .resize(width, height, { kernel: 'lanczos3' })
        .webp({ quality: 80, effort: 2, smartSubsample: true })
        .toBuffer();
      return { width, height, buffer, contentType: 'image/webp' as const };
    }),
  );
}
