import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_WIDTHS, renderProductImage, renderProductSvg, type ProductImageInput } from './render.js';
import { gemLook } from './palette.js';
import { normaliseCut } from './stones.js';

const PIECES: ProductImageInput['pieceType'][] = ['RING', 'ENGAGEMENT_RING', 'NECKLACE', 'EARRINGS', 'BRACELET', 'HIGH_JEWELRY'];
const METALS: ProductImageInput['metal'][] = ['YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER'];
const base: ProductImageInput = {
  pieceType: 'ENGAGEMENT_RING',
  metal: 'PLATINUM',
  gemstone: { type: 'diamond', cut: 'round brilliant', colour: 'D', carat: 1.5 },
  variant: 'front',
  seed: 'SKU-0001',
};

const isWebp = (b: Buffer) => b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP';

describe('renderProductImage', () => {
  it('returns 4:5 WebP images at 320, 640, 960 and 1280 px', async () => {
    const imgs = await renderProductImage(base);
    expect(imgs.map((i) => i.width)).toEqual([...IMAGE_WIDTHS]);
    for (const img of imgs) {
      expect(img.height).toBe((img.width * 5) / 4);
      expect(img.contentType).toBe('image/webp');
      expect(isWebp(img.buffer)).toBe(true);
      const meta = await sharp(img.buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(img.width);
      expect(meta.height).toBe(img.height);
    }
    const w640 = imgs.find((i) => i.width === 640);
    expect(w640 && w640.buffer.length).toBeLessThan(60 * 1024);
  });

  it('is deterministic: same input, same bytes', async () => {
    const a = await renderProductImage(base);
    const b = await renderProductImage({ ...base });
    expect(a.map((x) => x.buffer.equals(b[a.indexOf(x)]?.buffer ?? Buffer.alloc(0)))).toEqual([true, true, true, true]);
    expect(renderProductSvg(base)).toBe(renderProductSvg({ ...base }));
  });

  it('varies with the seed and the variant', () => {
    const a = renderProductSvg(base);
    expect(renderProductSvg({ ...base, seed: 'SKU-0002' })).not.toBe(a);
    expect(renderProductSvg({ ...base, variant: 'detail' })).not.toBe(a);
  });

  it('has a light studio background (corners ivory/grey, not white or dark)', async () => {
    const [small] = await renderProductImage({ ...base, pieceType: 'NECKLACE' });
    const { data, info } = await sharp(small?.buffer).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    for (const [r, g, b] of [px(2, 2), px(info.width - 3, info.height - 3)]) {
      expect(Math.min(r ?? 0, g ?? 0, b ?? 0)).toBeGreaterThan(200);
    }
  });
});

describe('renderProductSvg', () => {
  it('renders every piece type × metal, with and without a stone, both variants', async () => {
    for (const pieceType of PIECES) {
      for (const metal of METALS) {
        for (const gemstone of [base.gemstone, null]) {
          for (const variant of ['front', 'detail'] as const) {
            const svg = renderProductSvg({ pieceType, metal, gemstone, variant, seed: `${pieceType}-${metal}` });
            expect(svg.startsWith('<svg')).toBe(true);
            expect(svg).not.toMatch(/NaN|undefined|Infinity/);
          }
        }
      }
    }
    // and rasterise one of each piece type for real
    for (const pieceType of PIECES) {
      const imgs = await renderProductImage({ ...base, pieceType, metal: 'YELLOW_GOLD' });
      expect(imgs).toHaveLength(4);
    }
  }, 300_000); // CPU-bound: 120 renders; a loaded 2-core machine needs time

  it('handles every listed gem type and cut, and falls back for unknown ones', () => {
    const types = [
      'diamond',
      'sapphire',
      'ruby',
      'emerald',
      'pearl',
      'tanzanite',
      'morganite',
      'aquamarine',
      'spinel',
      'tsavorite',
      'unobtainium',
    ];
    const cuts = ['round brilliant', 'oval', 'cushion', 'emerald cut', 'pear', 'marquise', 'princess', 'cabochon', 'trillion-ish'];
    for (const type of types) {
      for (const cut of cuts) {
        const svg = renderProductSvg({ ...base, gemstone: { type, cut, colour: 'weird colour', carat: 0 } });
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
    expect(normaliseCut('trillion-ish')).toBe('round');
    expect(normaliseCut('Emerald Cut')).toBe('step');
    expect(gemLook('unobtainium', 'mystery').kind).toBe('diamond');
  });

  it('maps colour words sensibly', () => {
    expect(gemLook('diamond', 'D').tint).toBe(0);
    expect(gemLook('diamond', 'colourless').tint).toBe(0);
    expect(gemLook('diamond', 'fancy pink').tint).toBeGreaterThan(0);
    const blue = gemLook('sapphire', 'royal blue').base;
    expect(blue[2]).toBeGreaterThan(blue[0]);
    const red = gemLook('ruby', 'pigeon blood red').base;
    expect(red[0]).toBeGreaterThan(red[2]);
    const green = gemLook('emerald', 'vivid green').base;
    expect(green[1]).toBeGreaterThan(green[0]);
    // unknown colour → the stone's classic colour
    const s = gemLook('sapphire', 'zzz').base;
    expect(s[2]).toBeGreaterThan(s[0]);
    expect(gemLook('pearl', 'white').kind).toBe('pearl');
  });
});
