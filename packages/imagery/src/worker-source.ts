/**
 * Where a worker thread's script is: a bundle's built file (the first of `built` that exists), or in the
 * sources (dev, tests) the TypeScript file loaded through tsx, which a worker has to register itself;
 * null when neither can be found (the caller then works in-process). Shared by the render threads
 * (pool.ts) and the API's model builds.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerSource {
  script: URL | string;
  eval: boolean;
}

export function workerSource(built: readonly URL[], ts: URL): WorkerSource | null {
  for (const url of built) {
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return { script: url, eval: false };
  }
  if (ts.protocol !== 'file:' || !existsSync(fileURLToPath(ts))) return null;
  try {
    // tsx's ESM entry (require.resolve finds its CommonJS twin, which cannot register from a worker)
    const tsx = pathToFileURL(
      createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    return {
      script: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(ts.href)}); });`,
      eval: true,
    };
  } catch {
    return null;
  }
}
