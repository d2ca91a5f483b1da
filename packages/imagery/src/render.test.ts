import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  IMAGE_WIDTHS,
  RENDER_HEIGHT,
  RENDER_WIDTH,
  modelSpecOfInput,
  renderProductImage,
  renderProductPixels,
  type ProductImageInput,
} from './render.js';
import { FORMS, modelStoneOf, type Form, type ModelSpec } from './models/index.js';
import { gemLook, type MetalKey } from './palette.js';
import { normaliseCut } from './stones.js';
import { studioInputs } from './studio.js';
import { forgetPlacedPiece, photograph, type View } from './trace/photo.js';

const HANGING_NECKLACES = new Set<Form>(['pendant', 'chain', 'riviere', 'sautoir', 'bib', 'parure']);
const METALS: MetalKey[] = ['YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER'];
const base: ProductImageInput = {
  pieceType: 'ENGAGEMENT_RING',
  form: 'solitaire',
  metal: 'PLATINUM',
  gemstone: { type: 'diamond', cut: 'round brilliant', colour: 'D', carat: 1.5 },
  variant: 'front',
  seed: 'SKU-0001',
};

const isWebp = (b: Buffer) => b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP';

/** Where the picture departs from the paper: the bounding box of the pixels darker or more coloured than it. */
function subjectBox(px: Uint8Array, w: number, h: number) {
  // the paper's tone: the brightest of the top row's corners and middle (a necklace's chain may cross a corner)
  const top = [0, w >> 1, w - 1].map((x) => [0, 1, 2].map((c) => px[x * 3 + c]!));
  const ref = top.reduce((a, b) => (b[0]! + b[1]! + b[2]! > a[0]! + a[1]! + a[2]! ? b : a));
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  let count = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(px[i + c]! - ref[c]!)));
      if (d < 40) continue;
      count++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  return { x0, y0, x1, y1, count, paper: ref };
}

const small = (spec: ModelSpec, view: View = 'front') => photograph({ spec, view, width: 96, height: 120, seed: 'test' });

describe('photograph', () => {
  it('photographs every form in every metal, front and detail: the piece in the middle, on a light paper', () => {
    const diamond = modelStoneOf({ type: 'Diamond', cut: 'Round', colour: 'D', carat: 1.2 });
    const emerald = modelStoneOf({ type: 'Emerald', cut: 'Emerald', colour: 'Vivid Green', carat: 2 });
    const pearl = modelStoneOf({ type: 'Pearl', cut: 'Round', colour: 'White', carat: 4 });
    FORMS.forEach((form: Form, i) => {
      const metal = METALS[i % METALS.length]!;
      const stone = [diamond, emerald, pearl, null][i % 4]!;
      for (const view of ['front', 'detail'] as const) {
        const px = small({ form, metal, stone }, view);
        expect(px.length).toBe(96 * 120 * 3);
        const box = subjectBox(px, 96, 120);
        // the paper is warm white, not grey or black (a close-up may fill the corners with the piece)
        if (view === 'front') expect(Math.min(...box.paper), `${form} paper`).toBeGreaterThan(205);
        // something is there
        expect(box.count, `${form} ${view} subject`).toBeGreaterThan(20);
        if (view === 'front') {
          expect(box.count, `${form} not the whole frame`).toBeLessThan(96 * 120 * 0.6);
          // centred: the subject's box straddles the middle and keeps a margin on both sides
          const cx = (box.x0 + box.x1) / 2;
          expect(Math.abs(cx - 48), `${form} centred`).toBeLessThan(12);
          // (a necklace is framed on its loop: its chain leaves the frame at the top, near the sides)
          if (!HANGING_NECKLACES.has(form)) {
            expect(box.x0, `${form} margin`).toBeGreaterThan(0);
            expect(box.x1).toBeLessThan(95);
          }
          // and it fills the frame like a catalogue picture (at least a third of its width)
          expect(box.x1 - box.x0, `${form} size`).toBeGreaterThan(32);
        }
      }
    });
  }, 300_000);

  it('handles every cut and stone family, and unknown ones', () => {
    const cuts = ['round brilliant', 'oval', 'cushion', 'emerald cut', 'pear', 'marquise', 'princess', 'cabochon', 'trillion-ish'];
    const types = ['diamond', 'sapphire', 'ruby', 'tanzanite', 'turquoise', 'unobtainium'];
    cuts.forEach((cut, i) => {
      const stone = modelStoneOf({ type: types[i % types.length]!, cut, colour: 'weird colour', carat: 0 });
      const box = subjectBox(small({ form: 'solitaire', metal: 'YELLOW_GOLD', stone }, 'detail'), 96, 120);
      expect(box.count, cut).toBeGreaterThan(200);
    });
    expect(normaliseCut('trillion-ish')).toBe('round');
    expect(normaliseCut('Emerald Cut')).toBe('step');
    expect(gemLook('unobtainium', 'mystery').kind).toBe('diamond');
  });

  it('is deterministic, and the sample positions follow the seed only', () => {
    const spec: ModelSpec = {
      form: 'halo',
      metal: 'ROSE_GOLD',
      stone: modelStoneOf({ type: 'Sapphire', cut: 'Oval', colour: 'Royal Blue', carat: 2 }),
    };
    const a = photograph({ spec, view: 'front', width: 80, height: 100, seed: 'a' });
    expect(Buffer.from(photograph({ spec, view: 'front', width: 80, height: 100, seed: 'a' })).equals(Buffer.from(a))).toBe(true);
    const b = photograph({ spec, view: 'front', width: 80, height: 100, seed: 'b' });
    let differ = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 24) differ++;
    // only the anti-aliased edges move (a thumbnail of a halo ring is mostly edges)
    expect(differ).toBeGreaterThan(0);
    expect(differ).toBeLessThan(a.length * 0.06);
  });

  it('draws the same bytes whether the piece was kept placed from its previous view or placed afresh', () => {
    const spec: ModelSpec = {
      form: 'cocktail',
      metal: 'YELLOW_GOLD',
      stone: modelStoneOf({ type: 'Emerald', cut: 'Emerald', colour: 'Vivid Green', carat: 2 }),
    };
    const detail = { spec, view: 'detail' as const, width: 80, height: 100, seed: 'k' };
    forgetPlacedPiece();
    const fresh = photograph(detail);
    photograph({ ...detail, view: 'front' });
    expect(Buffer.from(photograph(detail)).equals(Buffer.from(fresh))).toBe(true);
    // another model in between places its own piece
    photograph({ ...detail, spec: { ...spec, metal: 'PLATINUM' } });
    expect(Buffer.from(photograph(detail)).equals(Buffer.from(fresh))).toBe(true);
  });

  it('frames a necklace as on a neck form: the chain rises out of the top of the frame, the pendant in its lower third', () => {
    const stone = modelStoneOf({ type: 'Diamond', cut: 'Pear', colour: 'F', carat: 1.5 });
    for (const form of ['pendant', 'sautoir', 'chain'] as const) {
      const box = subjectBox(small({ form, metal: 'YELLOW_GOLD', stone }, 'front'), 96, 120);
      // the chain in the top rows, the lowest point (the pendant) in the lower third, above a bottom margin
      expect(box.y0, `${form} top`).toBeLessThan(6);
      expect(box.y1, `${form} bottom`).toBeGreaterThan(80);
      expect(box.y1, `${form} margin`).toBeLessThan(117);
    }
  });

  it('frames the detail view on the main stone: it fills much more of the picture than in the front view', () => {
    const spec: ModelSpec = {
      form: 'solitaire',
      metal: 'WHITE_GOLD',
      stone: modelStoneOf({ type: 'Ruby', cut: 'Cushion', colour: 'Pigeon Blood Red', carat: 1.5 }),
    };
    const red = (px: Uint8Array) => {
      let n = 0;
      for (let i = 0; i < px.length; i += 3) if (px[i]! > px[i + 1]! + 40 && px[i]! > px[i + 2]! + 40) n++;
      return n;
    };
    const front = red(small(spec, 'front'));
    const detail = red(small(spec, 'detail'));
    expect(front).toBeGreaterThan(5);
    expect(detail).toBeGreaterThan(front * 4);
  });
});

describe('renderProductImage', () => {
  it('returns 4:5 WebP images at 160, 320, 480 and 640 px, none above the traced width, the same bytes for the same input', async () => {
    const imgs = await renderProductImage(base);
    expect(imgs.map((i) => i.width)).toEqual([160, 320, 480, 640]);
    expect(Math.max(...IMAGE_WIDTHS)).toBe(RENDER_WIDTH);
    for (const img of imgs) {
      expect(img.height).toBe((img.width * 5) / 4);
      expect(img.contentType).toBe('image/webp');
      expect(isWebp(img.buffer)).toBe(true);
      const meta = await sharp(img.buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', img.width, img.height]);
    }
    expect(imgs.find((i) => i.width === 640)!.buffer.length).toBeLessThan(80 * 1024);
    const again = await renderProductImage({ ...base });
    again.forEach((img, i) => expect(img.buffer.equals(imgs[i]!.buffer)).toBe(true));
  }, 180_000);

  it('draws on a render thread what photograph draws in-process', async () => {
    const input: ProductImageInput = { ...base, form: 'studs', pieceType: 'EARRINGS', variant: 'detail' };
    const threaded = await renderProductPixels(input);
    expect(threaded.length).toBe(RENDER_WIDTH * RENDER_HEIGHT * 3);
    const local = photograph({
      spec: modelSpecOfInput(input),
      view: 'detail',
      width: RENDER_WIDTH,
      height: RENDER_HEIGHT,
      seed: `${input.seed}|${input.pieceType}`,
    });
    expect(Buffer.from(threaded).equals(Buffer.from(local))).toBe(true);
  }, 180_000);
});

describe('studioInputs', () => {
  it('photographs the model the GLB route builds: the form from the category and the name', () => {
    const row = { id: 'x', sku: 'MIR-1', name: 'Givre Diamond Tiara', pieceType: 'HIGH_JEWELRY' as const, metal: 'PLATINUM' as const };
    expect(studioInputs(row).map((i) => [i.form, i.variant])).toEqual([
      ['tiara', 'front'],
      ['tiara', 'detail'],
    ]);
    expect(studioInputs({ ...row, name: 'Aube Solitaire', pieceType: 'ENGAGEMENT_RING', gemstoneType: 'Diamond' })[0]!.form).toBe(
      'solitaire',
    );
    expect(
      studioInputs({ ...row, name: 'Aube Ring', pieceType: 'RING', categoryName: 'Engagement Rings', gemstoneType: 'Diamond' })[0]!.form,
    ).toBe('solitaire');
    expect(studioInputs({ ...row, name: 'Aube Band', pieceType: 'RING' })[0]!.form).toBe('band');
  });

  it('maps colour words sensibly', () => {
    expect(gemLook('diamond', 'D').tint).toBe(0);
    expect(gemLook('diamond', 'fancy pink').tint).toBeGreaterThan(0);
    const blue = gemLook('sapphire', 'royal blue').base;
    expect(blue[2]).toBeGreaterThan(blue[0]);
    const red = gemLook('ruby', 'pigeon blood red').base;
    expect(red[0]).toBeGreaterThan(red[2]);
    expect(gemLook('pearl', 'white').kind).toBe('pearl');
  });
});
