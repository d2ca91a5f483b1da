import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageryCache, defaultImageryCacheDir, generatorFingerprint, imagerySourcesHash, renderAllCached, renderKey } from './cache';
import { IMAGE_WIDTHS, renderProductImage, type ProductImageInput } from './render';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mirror-imagery-cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ring: ProductImageInput = {
  pieceType: 'RING',
  form: 'ring',
  metal: 'PLATINUM',
  gemstone: { type: 'Diamond', cut: 'Brilliant', colour: 'D', carat: 1.2 },
  variant: 'front',
  seed: 'MIR-TEST-1',
};

/** The real renderer, counting its calls. */
function countingRenderer() {
  const calls: string[] = [];
  return {
    calls,
    render: (input: ProductImageInput) => {
      calls.push(`${input.seed}|${input.variant}`);
      return renderProductImage(input);
    },
  };
}

describe('rendered-images cache', () => {
  it('draws an image once; a second cache on the same folder (another start) reads the same bytes and rewrites nothing', async () => {
    const dir = freshDir();
    const first = countingRenderer();
    const drawn = await createImageryCache(dir, first.render).get(ring);
    if (drawn === 'busy') throw new Error('busy');
    expect(first.calls).toHaveLength(1);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(IMAGE_WIDTHS.map((w) => `${renderKey(ring)}-${w}.webp`).sort());
    const before = files.map((f) => statSync(path.join(dir, f)).mtimeMs);

    const second = countingRenderer();
    const read = await createImageryCache(dir, second.render).get(ring);
    if (read === 'busy') throw new Error('busy');
    expect(second.calls).toEqual([]);
    expect(read.map((i) => [i.width, i.height])).toEqual(drawn.map((i) => [i.width, i.height]));
    read.forEach((image, i) => expect(image.buffer.equals(drawn[i]!.buffer)).toBe(true));
    expect(files.map((f) => statSync(path.join(dir, f)).mtimeMs)).toEqual(before);
  }, 120_000);

  it('keys a picture by everything that shapes it: each attribute and the generator', () => {
    const base = renderKey(ring);
    const variants: ProductImageInput[] = [
      { ...ring, pieceType: 'ENGAGEMENT_RING' },
      { ...ring, form: 'band' },
      { ...ring, metal: 'WHITE_GOLD' },
      { ...ring, gemstone: { ...ring.gemstone!, type: 'Sapphire' } },
      { ...ring, gemstone: { ...ring.gemstone!, cut: 'Oval' } },
      { ...ring, gemstone: { ...ring.gemstone!, colour: 'F' } },
      { ...ring, gemstone: { ...ring.gemstone!, carat: 1.3 } },
      { ...ring, gemstone: null },
      { ...ring, variant: 'detail' },
      { ...ring, seed: 'MIR-TEST-2' },
    ];
    const keys = variants.map((v) => renderKey(v));
    expect(new Set([base, ...keys]).size).toBe(variants.length + 1);
    expect(renderKey(ring)).toBe(base);
    expect(renderKey(ring, 'another generator')).not.toBe(base);
    expect(generatorFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(renderKey(ring)).toBe(renderKey(ring, generatorFingerprint()!));
  });

  it('fingerprints the renderer by its sources: a changed source file is another generator, a test is not', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const copy = freshDir();
    cpSync(here, copy, { recursive: true });
    const original = imagerySourcesHash(here);
    expect(imagerySourcesHash(copy)).toBe(original);
    writeFileSync(path.join(copy, 'extra.test.ts'), 'export {};\n');
    writeFileSync(path.join(copy, 'preview.ts'), '// the contact sheet is not part of the picture\n');
    expect(imagerySourcesHash(copy)).toBe(original);
    writeFileSync(path.join(copy, 'trace', 'extra.test.ts'), 'export {};\n');
    expect(imagerySourcesHash(copy)).toBe(original);
    appendFileSync(path.join(copy, 'palette.ts'), '\n// a retouched palette\n');
    const retouched = imagerySourcesHash(copy);
    expect(retouched).not.toBe(original);
    // the models and the tracer are sources of the picture too
    appendFileSync(path.join(copy, 'models', 'rings.ts'), '\n// a finer shank\n');
    expect(imagerySourcesHash(copy)).not.toBe(retouched);
    appendFileSync(path.join(copy, 'trace', 'light.ts'), '\n// another soft box\n');
    expect(imagerySourcesHash(copy)).not.toBe(retouched);
  });

  it('lets instances starting together share the work: each picture is drawn once, no lock or half file left', async () => {
    const dir = freshDir();
    const inputs: ProductImageInput[] = ['A', 'B', 'C'].map((seed) => ({ ...ring, seed: `MIR-SHARE-${seed}` }));
    const a = countingRenderer();
    const b = countingRenderer();
    const got: Record<string, Buffer[]> = {};
    const collect = (who: string) => (input: ProductImageInput, images: { buffer: Buffer }[][]) => {
      got[`${who}|${input.seed}`] = images[0]!.map((i) => i.buffer);
      return Promise.resolve();
    };
    await Promise.all([
      renderAllCached(createImageryCache(dir, a.render), inputs, (input) => [input], collect('a'), 1),
      renderAllCached(createImageryCache(dir, b.render), inputs, (input) => [input], collect('b'), 1),
    ]);
    expect([...a.calls, ...b.calls].sort()).toEqual(inputs.map((i) => `${i.seed}|front`).sort());
    for (const input of inputs) {
      const [fromA, fromB] = [got[`a|${input.seed}`]!, got[`b|${input.seed}`]!];
      fromA.forEach((buffer, i) => expect(buffer.equals(fromB[i]!)).toBe(true));
    }
    expect(readdirSync(dir).filter((f) => !f.endsWith('.webp'))).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(inputs.length * IMAGE_WIDTHS.length);
  }, 300_000);

  it('keeps its default folder next to the installed dependencies, outside git', () => {
    expect(defaultImageryCacheDir()).toMatch(/node_modules[\\/]\.cache[\\/]mirror-imagery$/);
  });
});
