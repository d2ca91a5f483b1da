// Bundles the API (and the workspace packages it imports: contract, imagery) into dist/; npm dependencies stay external.
import { build } from 'esbuild';
import { cpSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mirror/'));

// The studio renderer's fingerprint, a key of the rendered-images cache (packages/imagery/src/cache.ts
// `imagerySourcesHash`, computed the same way): the bundle has no sources to hash at run time.
const imageryDir = '../../packages/imagery/src';
const imageryHash = createHash('sha256');
for (const file of readdirSync(imageryDir)
  .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && f !== 'preview.ts')
  .sort()) {
  imageryHash
    .update(`${file}\n`)
    .update(readFileSync(`${imageryDir}/${file}`))
    .update('\n');
}

// API_BUILD_DIR=<dir>: bundle there instead (a second build beside a running server's; <dir> must sit
// inside the repository so the external packages resolve from its node_modules).
const outdir = process.env.API_BUILD_DIR ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  define: { __MIRROR_IMAGERY_SOURCES__: JSON.stringify(imageryHash.digest('hex')) },
  // The model builder's worker thread is its own entry (dist/modules/models/build.worker.js).
  entryPoints: ['src/server.ts', 'src/admin-create.ts', 'src/modules/models/build.worker.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`api built → ${outdir}`);
