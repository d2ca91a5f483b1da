/**
 * Contact sheet for eyeballing the generated imagery:
 *   npx tsx src/preview.ts [outDir]   (run in packages/imagery)   (default /tmp/imagery)
 * Writes sheet.png (grid of 24 varied pieces at 320 px), sheet-detail.png (their hover views)
 * and a few individual PNGs at 1280 px.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderProductImage, renderProductSvg, type ProductImageInput } from './render.js';

const out = process.argv[2] ?? '/tmp/imagery';
mkdirSync(out, { recursive: true });

type G = ProductImageInput['gemstone'];
const gems: G[] = [
  { type: 'diamond', cut: 'round brilliant', colour: 'D', carat: 1.2 },
  { type: 'sapphire', cut: 'oval', colour: 'royal blue', carat: 2 },
  { type: 'ruby', cut: 'cushion', colour: 'pigeon blood red', carat: 1.5 },
  { type: 'emerald', cut: 'emerald cut', colour: 'vivid green', carat: 2.2 },
  { type: 'pearl', cut: 'round', colour: 'white' },
  { type: 'tanzanite', cut: 'pear', colour: 'violet blue', carat: 3 },
  { type: 'morganite', cut: 'cushion', colour: 'pink', carat: 4 },
  { type: 'aquamarine', cut: 'emerald cut', colour: 'sky blue', carat: 5 },
  { type: 'spinel', cut: 'marquise', colour: 'red', carat: 1 },
  { type: 'tsavorite', cut: 'round brilliant', colour: 'green', carat: 0.8 },
  { type: 'diamond', cut: 'princess', colour: 'F', carat: 1 },
  { type: 'diamond', cut: 'pear', colour: 'colourless', carat: 1.5 },
  null,
];

const pieces: ProductImageInput['pieceType'][] = ['ENGAGEMENT_RING', 'RING', 'NECKLACE', 'EARRINGS', 'BRACELET', 'HIGH_JEWELRY'];
const metals: ProductImageInput['metal'][] = ['YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER'];

const only = process.env.ONLY; // e.g. ONLY=RING
const items: ProductImageInput[] = [];
for (let i = 0; i < 24; i++) {
  const pieceType = only ? (only as ProductImageInput['pieceType']) : (pieces[i % pieces.length] ?? 'RING');
  items.push({
    pieceType,
    metal: metals[(i * 3 + Math.floor(i / 6)) % metals.length] ?? 'YELLOW_GOLD',
    gemstone: gems[(i * 5 + Math.floor(i / 6)) % gems.length] ?? null,
    variant: 'front',
    seed: `product-${i}`,
  });
}

async function sheet(list: ProductImageInput[], name: string): Promise<void> {
  const cols = 6;
  const w = 320;
  const h = 400;
  const tiles: { input: Buffer; left: number; top: number }[] = [];
  let t = 0;
  for (let i = 0; i < list.length; i++) {
    const it = list[i];
    if (!it) continue;
    const t0 = performance.now();
    const imgs = await renderProductImage(it);
    t += performance.now() - t0;
    const small = imgs.find((x) => x.width === 320);
    if (!small) continue;
    tiles.push({ input: await sharp(small.buffer).png().toBuffer(), left: (i % cols) * w, top: Math.floor(i / cols) * h });
    if (i < 6) {
      const big = imgs.find((x) => x.width === 1280);
      if (big) writeFileSync(join(out, `${name}-${i}-${it.pieceType}.png`), await sharp(big.buffer).png().toBuffer());
      const sizes = imgs.map((x) => `${x.width}:${(x.buffer.length / 1024).toFixed(1)}KB`).join(' ');
      console.log(name, i, it.pieceType, it.metal, it.gemstone?.type ?? '-', it.gemstone?.cut ?? '', sizes);
    }
  }
  const rows = Math.ceil(list.length / cols);
  await sharp({ create: { width: cols * w, height: rows * h, channels: 3, background: '#ffffff' } })
    .composite(tiles)
    .png()
    .toFile(join(out, `${name}.png`));
  console.log(`${name}: ${list.length} images, ${(t / list.length).toFixed(0)} ms/image (4 widths)`);
}

await sheet(items, 'sheet');
await sheet(
  items.map((x) => ({ ...x, variant: 'detail' as const })),
  'sheet-detail',
);
writeFileSync(
  join(out, 'sample.svg'),
  renderProductSvg(items[0] ?? { pieceType: 'RING', metal: 'YELLOW_GOLD', variant: 'front', seed: 'x' }),
);
console.log('written to', out);
