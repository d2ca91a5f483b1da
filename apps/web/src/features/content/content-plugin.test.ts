import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { contentFiles } from './content-plugin';

describe('contentFiles (the Vite plugin)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'mirror-content-'));
  mkdirSync(path.join(root, 'src/content/news'), { recursive: true });
  const good = path.join(root, 'src/content/news/good.md');
  const bad = path.join(root, 'src/content/news/bad.md');
  writeFileSync(good, '---\ntitle: T\ndate: 2025-01-14\ncover: C\nexcerpt: E\n---\nSome **words**.\n');
  writeFileSync(bad, '---\ntitle: T\ndate: 14 January 2025\ncover: C\nexcerpt: E\n---\n');
  const plugin = contentFiles();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root } as ResolvedConfig);
  const load = plugin.load as (id: string) => { code: string } | null;

  it('turns a content file into a module of its parsed data (also as the dev server asks for it)', () => {
    const data = (code: string | undefined) => JSON.parse(/^export default (.*);\n$/.exec(code ?? '')![1]!) as unknown;
    const expected = {
      slug: 'good',
      title: 'T',
      date: '2025-01-14',
      cover: 'C',
      coverArt: { focus: { x: 0.5, y: 0.5 }, crops: {} },
      excerpt: 'E',
      tags: [],
      body: [{ t: 'p', c: ['Some ', { t: 'strong', c: ['words'] }, '.'] }],
    };
    expect(data(load(good)?.code)).toEqual(expected);
    expect(data(load(`${good}?import&t=1`)?.code)).toEqual(expected);
  });

  it('imports a drawing as an asset, so the build serves it as a hashed file and the data holds its URL', () => {
    mkdirSync(path.join(root, 'src/content/services'), { recursive: true });
    mkdirSync(path.join(root, 'src/content/images'), { recursive: true });
    writeFileSync(
      path.join(root, 'src/content/images/tool.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"></svg>',
    );
    const service = path.join(root, 'src/content/services/s.md');
    writeFileSync(
      service,
      '---\nslug: s\ntitle: T\norder: 1\nsummary: S\nduration: D\nimage:\n  file: tool.svg\n  alt: A tool\n---\nText.\n',
    );
    const code = load(service)!.code;
    const image = path.join(root, 'src/content/images/tool.svg').replace(/\\/g, '/');
    expect(code.startsWith(`import asset0 from ${JSON.stringify(image)};\n`)).toBe(true);
    expect(code).toContain('"image":{"src":asset0,"width":300,"height":200,"alt":"A tool"}');
  });

  it('leaves ?raw and files outside src/content to Vite', () => {
    expect(load(`${good}?raw`)).toBeNull();
    expect(load(path.join(root, 'README.md'))).toBeNull();
  });

  it('fails on a bad front matter, naming the file and the field', () => {
    expect(() => load(bad)).toThrow('src/content/news/bad.md: front matter "date" must be YYYY-MM-DD');
  });
});
