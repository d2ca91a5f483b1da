/**
 * A content-addressed cache of studio renders, shared by every instance and every DATA_DIR on the
 * machine (decisions §82): `<dir>/<key>-<width>.webp`, where the key hashes everything that shapes
 * the picture — the generator (the imagery sources and sharp's libraries) and the render input (piece
 * type, model form, metal, stone, view, seed). A second start, another test server or another instance reads the
 * bytes instead of drawing them again; a change to the renderer changes every key, so nothing stale is
 * ever served.
 *
 * Several processes may fill it at once: a piece being drawn by one holds `<key>.lock` (created with
 * O_EXCL), the others draw other pieces meanwhile and then wait for its files; every file is written
 * under a temporary name and renamed, so a reader never sees half an image. A lock older than
 * STALE_LOCK_MS (its process died) is taken over. When the directory cannot be written, pieces are
 * simply drawn without caching.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_WIDTHS, renderProductImage, type ProductImageInput, type RenderedImage } from './render.js';

/** Set by apps/api/build.mjs (esbuild `define`): the fingerprint of the imagery sources the bundle holds. */
declare const __MIRROR_IMAGERY_SOURCES__: string | undefined;

const STALE_LOCK_MS = 120_000;
const POLL_MS = 200;

/** The renderer's sources: every non-test .ts file under `dir`, by path relative to it, sorted. */
export function imagerySourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && name !== 'preview.ts') files.push(name);
    }
  };
  walk('');
  return files.sort();
}

/** The hash of this folder's non-test sources (models and tracer included), from the files themselves when running from source. */
export function imagerySourcesHash(dir: string = path.dirname(fileURLToPath(import.meta.url))): string {
  const hash = createHash('sha256');
  const files = imagerySourceFiles(dir);
  if (files.length === 0) throw new Error(`no imagery sources in ${dir}`);
  for (const file of files)
    hash
      .update(`${file}\n`)
      .update(readFileSync(path.join(dir, file)))
      .update('\n');
  return hash.digest('hex');
}

let fingerprint: string | null | undefined;
/**
 * What makes the same input draw the same bytes: the renderer's sources and the image libraries. Null
 * when the sources cannot be known (a bundle built without the fingerprint): then nothing is cached.
 */
export function generatorFingerprint(): string | null {
  if (fingerprint === undefined) {
    let sources: string | null = typeof __MIRROR_IMAGERY_SOURCES__ === 'string' ? __MIRROR_IMAGERY_SOURCES__ : null;
    try {
      sources ??= imagerySourcesHash();
    } catch {
      sources = null;
    }
    fingerprint = sources ? createHash('sha256').update(sources).update(JSON.stringify(sharp.versions)).digest('hex') : null;
  }
  return fingerprint;
}

/** The cache key of one render: the generator and every field of the input that shapes the picture. */
export function renderKey(input: ProductImageInput, generator: string = generatorFingerprint() ?? ''): string {
  const g = input.gemstone ?? null;
  const shape = [
    input.pieceType,
    input.form,
    input.metal,
    g ? [g.type, g.cut, g.colour, g.carat ?? null] : null,
    input.variant,
    input.seed,
  ];
  return createHash('sha256').update(generator).update('\n').update(JSON.stringify(shape)).digest('hex').slice(0, 40);
}

/**
 * The default folder: `node_modules/.cache/mirror-imagery` next to the installed dependencies (the
 * usual place for a tool's cache, outside git, the same for the built server and the sources).
 */
export function defaultImageryCacheDir(): string {
  const sharpEntry = createRequire(import.meta.url).resolve('sharp');
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = sharpEntry.lastIndexOf(marker);
  const modules = at >= 0 ? sharpEntry.slice(0, at + marker.length - 1) : path.resolve('node_modules');
  return path.join(modules, '.cache', 'mirror-imagery');
}

const heightOf = (width: number) => Math.round((width * 5) / 4);
const fileOf = (dir: string, key: string, width: number) => path.join(dir, `${key}-${width}.webp`);

async function readCached(dir: string, key: string): Promise<RenderedImage[] | null> {
  try {
    return await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        height: heightOf(width),
        buffer: await readFile(fileOf(dir, key, width)),
        contentType: 'image/webp' as const,
      })),
    );
  } catch {
    return null;
  }
}

async function writeCached(dir: string, key: string, images: RenderedImage[]): Promise<void> {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  for (const image of images) {
    const file = fileOf(dir, key, image.width);
    await writeFile(`${file}.${tag}.tmp`, image.buffer);
    await rename(`${file}.${tag}.tmp`, file);
  }
}

/** Takes `<key>.lock` (true), or reports that a live process holds it (false); a stale lock is taken over. */
async function tryLock(lock: string): Promise<boolean> {
  try {
    await (await open(lock, 'wx')).close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const age = await stat(lock).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  );
  if (age < STALE_LOCK_MS) return false;
  await unlink(lock).catch(() => {});
  return tryLock(lock);
}

export interface ImageryCache {
  dir: string;
  /** The rendered widths of one input: from the cache, else drawn (and stored for next time). */
  get(input: ProductImageInput, options?: { wait?: boolean }): Promise<RenderedImage[] | 'busy'>;
}

export function createImageryCache(
  dir: string,
  render: (input: ProductImageInput) => Promise<RenderedImage[]> = renderProductImage,
): ImageryCache {
  let usable: Promise<boolean> | undefined;
  const ready = () =>
    (usable ??= mkdir(dir, { recursive: true }).then(
      () => true,
      () => false,
    ));
  return {
    dir,
    async get(input, { wait = true } = {}) {
      const generator = generatorFingerprint();
      if (generator === null || !(await ready())) return render(input);
      const key = renderKey(input, generator);
      for (;;) {
        const hit = await readCached(dir, key);
        if (hit) return hit;
        const lock = path.join(dir, `${key}.lock`);
        let locked: boolean;
        try {
          locked = await tryLock(lock);
        } catch {
          return render(input);
        }
        if (locked) {
          try {
            // Another process may have finished between the read and the lock.
            const raced = await readCached(dir, key);
            if (raced) return raced;
            const images = await render(input);
            await writeCached(dir, key, images).catch(() => {});
            return images;
          } finally {
            await unlink(lock).catch(() => {});
          }
        }
        if (!wait) return 'busy';
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}

/**
 * Renders (or reads) many inputs with `concurrency` at a time. A piece another process is drawing is
 * put aside and waited for at the end, so instances starting together share the work instead of
 * repeating it.
 */
export async function renderAllCached<T>(
  cache: ImageryCache,
  items: T[],
  inputsOf: (item: T) => ProductImageInput[],
  done: (item: T, images: RenderedImage[][]) => Promise<void>,
  concurrency = 2,
): Promise<void> {
  const later: T[] = [];
  const run = async (list: T[], wait: boolean) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, list.length) }, async () => {
        while (next < list.length) {
          const item = list[next++]!;
          const images: RenderedImage[][] = [];
          let busy = false;
          for (const input of inputsOf(item)) {
            const got = await cache.get(input, { wait });
            if (got === 'busy') {
              busy = true;
              break;
            }
            images.push(got);
          }
          if (busy) later.push(item);
          else await done(item, images);
        }
      }),
    );
  };
  await run(items, false);
  await run(later.splice(0), true);
}
