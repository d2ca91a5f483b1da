/**
 * Contact sheets for the eye (decision 0107: look at the pictures as a creative director would):
 *   npx tsx src/preview.ts [outDir]   (run in packages/imagery; default /tmp/imagery)
 * Writes sheet.png (every form, metals and stones in turn, front views at 320 px), sheet-detail.png
 * (their detail views) and the first few at full size; prints the time each picture took.
 * ONLY=halo,tiara limits the forms.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { FORMS, type Form } from './models/index.js';
import type { MetalKey } from './palette.js';
import { renderProductImage, type PieceType, type ProductImageInput } from './render.js';

const out = process.argv[2] ?? '/tmp/imagery';
mkdirSync(out, { recursive: true });

type G = ProductImageInput['gemstone'];
const gems: G[] = [
  { type: 'diamond', cut: 'round brilliant', colour: 'D', carat: 1.2 },
  { type: 'sapphire', cut: 'oval', colour: 'royal blue', carat: 2 },
  { type: 'ruby', cut: 'cushion', colour: 'pigeon blood red', carat: 1.5 },
  { type: 'emerald', cut: 'emerald cut', colour: 'vivid green', carat: 2.2 },
  { type: 'pearl', cut: 'round', colour: 'white', carat: 6 },
  { type: 'diamond', cut: 'pear', colour: 'F', carat: 1.5 },
  { type: 'morganite', cut: 'cushion', colour: 'pink', carat: 4 },
  { type: 'aquamarine', cut: 'emerald cut', colour: 'sky blue', carat: 5 },
  null,
];
const metals: MetalKey[] = ['YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER'];
const TYPE: Partial<Record<Form, PieceType>> = { solitaire: 'ENGAGEMENT_RING', halo: 'ENGAGEMENT_RING', trilogy: 'ENGAGEMENT_RING' };

const only = process.env.ONLY?.split(',');
const forms = FORMS.filter((f) => !only || only.includes(f));
const items: ProductImageInput[] = forms.map((form, i) => ({
  pieceType: TYPE[form] ?? 'RING',
  form,
  metal: metals[i % metals.length]!,
  gemstone: gems[(i * 2) % gems.length] ?? null,
  variant: 'front',
  seed: `preview-${i}`,
}));

async function sheet(list: ProductImageInput[], name: string): Promise<void> {
  const cols = 6;
  const w = 320;
  const h = 400;
  const tiles: { input: Buffer; left: number; top: number }[] = [];
  for (const [i, it] of list.entries()) {
    const t0 = performance.now();
    const imgs = await renderProductImage(it);
    console.log(name, it.form, it.metal, it.gemstone?.type ?? '-', `${((performance.now() - t0) / 1000).toFixed(2)} s`);
    tiles.push({ input: await sharp(imgs[0]!.buffer).png().toBuffer(), left: (i % cols) * w, top: Math.floor(i / cols) * h });
    if (i < 4)
      await sharp(imgs[3]!.buffer)
        .png()
        .toFile(join(out, `${name}-${i}-${it.form}.png`));
  }
  await sharp({ create: { width: cols * w, height: Math.ceil(list.length / cols) * h, channels: 3, background: '#ffffff' } })
    .composite(tiles)
    .png()
    .toFile(join(out, `${name}.png`));
}

await sheet(items, 'sheet');
await sheet(
  items.map((x) => ({ ...x, variant: 'detail' as const })),
  'sheet-detail',
);
console.log('written to', out);
