/**
 * Studio product imagery: a photograph of the piece's own 3D model (models/, the same scene the API
 * serves as glTF), ray traced on the CPU (trace/photo.ts) once at RENDER_WIDTH on a worker thread,
 * then downscaled and encoded as 4:5 WebP at every width. Deterministic: same input → same bytes.
 */
import sharp from 'sharp';
import { modelStoneOf, type Form, type ModelSpec } from './models/index.js';
import type { MetalKey } from './palette.js';
import { renderPixels } from './pool.js';

export type PieceType = 'RING' | 'ENGAGEMENT_RING' | 'NECKLACE' | 'EARRINGS' | 'BRACELET' | 'HIGH_JEWELRY';

export interface ProductImageInput {
  pieceType: PieceType;
  /** the model's form (models/spec.ts `formOf`): what the GLB route builds for the same piece */
  form: Form;
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

/**
 * The widths a photograph is offered at: the traced width and downscales of it, never more (decision 0136). An
 * upscaled file carries no detail the browser's own scaling of the traced one lacks, at 1.7–2.9× its bytes: the
 * 960 and 1280 px files of before cost a phone's piece page 23 KB (its 372 px stage at 1.75 dpr needs 651 px, one
 * more than 640) and a 3× phone 33 KB. 160 is a gallery thumbnail's (72 px at up to 2.2 dpr), 480 a phone card's.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640] as const;
/** The width the tracer renders at: the largest of IMAGE_WIDTHS; the others are downscaled from it. */
export const RENDER_WIDTH = 640;
export const RENDER_HEIGHT = 800;

/** The model a render input photographs. */
export function modelSpecOfInput(input: ProductImageInput): ModelSpec {
  const g = input.gemstone ?? null;
  return {
    form: input.form,
    metal: input.metal,
    stone: g ? modelStoneOf({ type: g.type, cut: g.cut, colour: g.colour, carat: g.carat ?? null }) : null,
  };
}

/** The raw photograph (RENDER_WIDTH × RENDER_HEIGHT RGB), drawn on a worker thread. */
export function renderProductPixels(input: ProductImageInput): Promise<Uint8Array> {
  return renderPixels({
    spec: modelSpecOfInput(input),
    view: input.variant,
    width: RENDER_WIDTH,
    height: RENDER_HEIGHT,
    seed: `${input.seed}|${input.pieceType}`,
  });
}

export async function renderProductImage(input: ProductImageInput): Promise<RenderedImage[]> {
  const data = await renderProductPixels(input);
  const raw = { width: RENDER_WIDTH, height: RENDER_HEIGHT, channels: 3 as const };
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const height = Math.round((width * 5) / 4);
      const buffer = await sharp(data, { raw })
        .resize(width, height, { kernel: 'lanczos3' })
        .webp({ quality: 82, effort: 2, smartSubsample: true })
        .toBuffer();
      return { width, height, buffer, contentType: 'image/webp' as const };
    }),
  );
}
