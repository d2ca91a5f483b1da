/**
 * A contact sheet of the demo catalogue's studio photographs (decision 0107: look at the pictures as a creative
 * director would): every demo piece's front view (or detail view) at 320 px, six to a row, labelled by form.
 *   npx tsx scripts/imagery/demo-sheet.ts out.png         (VIEW=detail, PIECES=NECKLACE,HIGH_JEWELRY to narrow)
 * Reads and fills the render cache (IMAGERY_CACHE_DIR, default node_modules/.cache/mirror-imagery): the pieces the
 * server has photographed are read, the others are drawn. Prints the time each drawn photograph took.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { createImageryCache, defaultImageryCacheDir, studioInputs } from '@mirror/imagery';
import { demoPieces } from '../../apps/api/src/db/seed/catalog';

const out = process.argv[2] ?? '/tmp/demo-sheet.png';
const view = process.env.VIEW === 'detail' ? 1 : 0;
const only = process.env.PIECES?.split(',');
const cache = createImageryCache(process.env.IMAGERY_CACHE_DIR ?? defaultImageryCacheDir());
const pieces = demoPieces().filter((p) => !only || only.includes(p.pieceType));

const cols = 6;
const [w, h, label] = [320, 400, 22];
const tiles: OverlayOptions[] = [];
let next = 0;
// two at a time: the render pool has a thread per core
await Promise.all(
  [0, 1].map(async () => {
    while (next < pieces.length) {
      const i = next++;
      const piece = pieces[i]!;
      const input = studioInputs({ id: '', ...piece.row, pieceType: piece.pieceType })[view]!;
      const started = performance.now();
      const images = await cache.get(input);
      if (images === 'busy') throw new Error('unreachable');
      const ms = performance.now() - started;
      if (ms > 200) console.log(`${piece.row.sku} ${input.form} ${input.variant}: ${(ms / 1000).toFixed(2)} s`);
      const [left, top] = [(i % cols) * w, Math.floor(i / cols) * (h + label)];
      tiles.push({ input: images[0]!.buffer, left, top });
      const text = `${piece.row.sku} ${input.form}`.replace(/&/g, '&amp;');
      tiles.push({
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${label}"><text x="6" y="16" font-family="sans-serif" font-size="13">${text}</text></svg>`,
        ),
        left,
        top: top + h,
      });
    }
  }),
);
await sharp({ create: { width: cols * w, height: Math.ceil(pieces.length / cols) * (h + label), channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile(out);
console.log(`${pieces.length} pieces → ${out}`);
process.exit(0);
