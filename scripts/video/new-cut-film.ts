/**
 * The new-cut page's film (decisions §91): the Mirror Oval turning once in the studio light, drawn
 * frame by frame with the catalogue's own studio renderer (packages/imagery — the same stone
 * mesh, palette and light as every product image), rasterised with sharp and encoded with Debian's
 * ffmpeg (VP9 WebM, H.264 MP4 for Safari) plus a WebP poster, into apps/web/src/assets/video/.
 *
 *   npx tsx scripts/video/new-cut-film.ts        (needs /usr/bin/ffmpeg: apt-get install ffmpeg)
 *
 * Deterministic drawing; run again only when the renderer or the cut changes, and commit the files.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { gemLook } from '@mirror/imagery';
import { Camera, Scene, type Vec3 } from '@mirror/imagery/scene';
import { drawStone, sparkle } from '@mirror/imagery/stones';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'apps/web/src/assets/video');
/** 16:9, the editorial ratio (docs/design.md, Imagery); 24 fps, one slow turn in six seconds, looping without a seam. */
const W = 960;
const H = 540;
const FPS = 24;
const FRAMES = 6 * FPS;

const look = gemLook('Diamond', 'F');
/** Frame `i` of the turn as SVG: the stone table up on a turntable, seen from above the bench, turning once. */
function frameSvg(i: number): string {
  const scene = new Scene();
  const turn = (i / FRAMES) * Math.PI * 2;
  // From above the bench: the table, the crown's facets passing the light, the outline sweeping round.
  const cam = new Camera((36 * Math.PI) / 180, W / 2, H * 0.5, 1);
  const up: Vec3 = [0, 0, 1];
  const north: Vec3 = [Math.cos(turn), Math.sin(turn), 0];
  drawStone(scene, cam, look, 'oval', { at: [0, 0, 0], size: 175, up, north }, { layer: 30, pavilion: true, seed: 7 });
  // Two glints that come and go as facets pass the light.
  const glint = (phase: number, x: number, y: number) => {
    const t = Math.max(0, Math.cos(turn * 2 + phase));
    if (t > 0.6) sparkle(scene, 90, x, y, 26 * (t - 0.6) * 2.5, 12);
  };
  glint(0.4, W / 2 - 52, H * 0.5 - 30);
  glint(2.6, W / 2 + 60, H * 0.5 - 6);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfaf7"/><stop offset="0.6" stop-color="#f3f0ea"/><stop offset="1" stop-color="#e4e1dc"/></linearGradient>` +
    `<radialGradient id="spot" cx="0.42" cy="0.3" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="fl"><stop offset="0" stop-color="#3a3128" stop-opacity="0.22"/><stop offset="1" stop-color="#3a3128" stop-opacity="0"/></radialGradient>${scene.defs.join('')}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#spot)"/>` +
    `<ellipse cx="${W / 2 + 8}" cy="${H * 0.5 + 150}" rx="190" ry="22" fill="url(#fl)"/>` +
    scene.body() +
    `</svg>`
  );
}

function ffmpeg(args: string[]): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed`);
}

async function main(): Promise<void> {
  const frames = mkdtempSync(path.join(tmpdir(), 'mirror-film-'));
  try {
    for (let i = 0; i < FRAMES; i += 1) {
      await sharp(Buffer.from(frameSvg(i)))
        .png()
        .toFile(path.join(frames, `f${String(i).padStart(4, '0')}.png`));
    }
    mkdirSync(out, { recursive: true });
    const input = ['-framerate', String(FPS), '-i', path.join(frames, 'f%04d.png')];
    // Small and sharp enough for a 16:9 band: the background barely moves, the stone does.
    ffmpeg([
      ...input,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '38',
      '-row-mt',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-an',
      path.join(out, 'new-cut-oval.webm'),
    ]);
    ffmpeg([
      ...input,
      '-c:v',
      'libx264',
      '-crf',
      '27',
      '-preset',
      'slow',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      path.join(out, 'new-cut-oval.mp4'),
    ]);
    await sharp(path.join(frames, 'f0000.png')).webp({ quality: 82 }).toFile(path.join(out, 'new-cut-oval-poster.webp'));
    for (const file of ['new-cut-oval.webm', 'new-cut-oval.mp4', 'new-cut-oval-poster.webp']) {
      console.log(`${file}: ${(statSync(path.join(out, file)).size / 1024).toFixed(0)} KB`);
    }
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
}

if (process.env.FILM_PREVIEW) {
  // A look at a few frames before encoding: FILM_PREVIEW=<dir>.
  for (const i of [0, FRAMES / 8, FRAMES / 4, (3 * FRAMES) / 8])
    await sharp(Buffer.from(frameSvg(i)))
      .png()
      .toFile(path.join(process.env.FILM_PREVIEW, `preview-${i}.png`));
} else {
  await main();
}
