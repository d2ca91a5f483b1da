/**
 * The new-cut page's film (decisions §91, §107): the Mirror Oval on its solitaire turning once under
 * the studio's lights, photographed frame by frame by the catalogue's own renderer (packages/imagery:
 * the same 3D model, ray tracer and studio as every product photograph: the detail view, the camera
 * going round), encoded with Debian's ffmpeg (VP9 WebM, H.264 MP4 for Safari) plus a WebP poster, into
 * apps/web/src/assets/video/.
 *
 *   npx tsx scripts/video/new-cut-film.ts        (needs /usr/bin/ffmpeg: apt-get install ffmpeg)
 *
 * The frames are drawn on a thread per core (each keeps the piece placed from one frame to the next).
 * Deterministic drawing; run again only when the renderer or the cut changes, and commit the files.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { photograph, workerSource } from '@mirror/imagery';
import { modelStoneOf, type ModelSpec } from '@mirror/imagery/models';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'apps/web/src/assets/video');
/** 16:9, the editorial ratio (docs/design.md, Imagery); 24 fps, one slow turn in six seconds, looping without a seam. */
const W = 960;
const H = 540;
const FPS = 24;
const FRAMES = 6 * FPS;

const SPEC: ModelSpec = {
  form: 'solitaire',
  metal: 'PLATINUM',
  stone: modelStoneOf({ type: 'Diamond', cut: 'Oval', colour: 'F', carat: 2 }),
};

/** Frame `i` of the turn: the stone close up, the piece turned by i/FRAMES of a turn under the lights. */
async function frame(i: number, file: string): Promise<void> {
  const pixels = photograph({ spec: SPEC, view: 'detail', width: W, height: H, seed: 'new-cut-film', turn: (i / FRAMES) * Math.PI * 2 });
  await sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(file);
}

function ffmpeg(args: string[]): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed`);
}

const frameFile = (dir: string, i: number) => path.join(dir, `f${String(i).padStart(4, '0')}.png`);

/** Every frame into `dir`, on a thread per core (this file is the threads' script too), else in-process. */
async function drawFrames(dir: string): Promise<void> {
  const source = workerSource([], new URL(import.meta.url));
  if (!source) {
    for (let i = 0; i < FRAMES; i += 1) await frame(i, frameFile(dir, i));
    return;
  }
  let next = 0;
  const thread = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(source.script, { eval: source.eval });
      const give = () => {
        if (next >= FRAMES) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const i = next++;
        worker.postMessage({ i, file: frameFile(dir, i) });
      };
      worker.on('message', (msg: { error?: string }) => (msg.error ? reject(new Error(msg.error)) : give()));
      worker.on('error', reject);
      give();
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, thread));
}

async function main(): Promise<void> {
  const frames = mkdtempSync(path.join(tmpdir(), 'mirror-film-'));
  try {
    await drawFrames(frames);
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

if (!isMainThread) {
  // a frame-drawing thread
  parentPort!.on('message', ({ i, file }: { i: number; file: string }) => {
    frame(i, file).then(
      () => parentPort!.postMessage({}),
      (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  });
} else if (process.env.FILM_PREVIEW) {
  // A look at a few frames before encoding: FILM_PREVIEW=<dir>.
  for (const i of [0, FRAMES / 8, FRAMES / 4, (3 * FRAMES) / 8]) await frame(i, path.join(process.env.FILM_PREVIEW, `preview-${i}.png`));
} else {
  await main();
}
