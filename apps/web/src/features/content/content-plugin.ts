/**
 * Build-time only (vite.config.ts, vitest.config.ts; never imported by the app): every `.md` file of
 * src/content is imported as a JavaScript module whose default export is its data, front matter
 * checked and body already parsed (content-build.ts). The browser and the server renderer get the
 * data and the small renderer of markdown.tsx, never a parser. A file with a bad front matter or
 * Markdown the site does not render fails the build (and the dev server's page) naming the file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ASSET_PREFIX, compileContentFile } from './content-build';

export function contentFiles(): Plugin {
  let root = process.cwd();
  return {
    name: 'mirror:content',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    load(id) {
      const [file, query = ''] = id.split('?') as [string, string?];
      // The dev server asks for `x.md?import` (and `&t=…` after an edit); `?raw`, `?url`… stay Vite's.
      const plain = query.split('&').every((part) => part === '' || part === 'import' || part.startsWith('t='));
      if (!plain || !/[\\/]src[\\/]content[\\/].+\.md$/.test(file)) return null;
      const data = compileContentFile(path.relative(root, file).replace(/\\/g, '/'), readFileSync(file, 'utf8'), file);
      // A drawing's URL is Vite's: each becomes an asset import (a hashed file in the build), so the
      // data carries the final URL and the image is served as a file, never inlined in the chunk.
      const assets: string[] = [];
      const json = JSON.stringify(data).replace(new RegExp(`"${ASSET_PREFIX}([^"]+)"`, 'g'), (_, relative: string) => {
        assets.push(path.resolve(path.dirname(file), '..', relative).replace(/\\/g, '/'));
        return `asset${assets.length - 1}`;
      });
      const imports = assets.map((asset, i) => `import asset${i} from ${JSON.stringify(asset)};\n`).join('');
      return { code: `${imports}export default ${json};\n`, map: null };
    },
  };
}
