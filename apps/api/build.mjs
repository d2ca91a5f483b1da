// Bundles the API (and the workspace packages it imports: contract, imagery) into dist/; npm dependencies stay external.
import { build } from 'esbuild';
import { cpSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mirror/'));

// The studio renderer's fingerprint, a key of the rendered-images cache (packages/imagery/src/cache.ts
// `imagerySourceFiles` / `imagerySourcesHash`, computed the same way): the bundle has no sources to hash at run time.
const imageryDir = '../../packages/imagery/src';
const imageryFiles = [];
const walk = (rel) => {
  for (const entry of readdirSync(`${imageryDir}/${rel}`, { withFileTypes: true })) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(name);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && name !== 'preview.ts') imageryFiles.push(name);
  }
};
walk('');
const imageryHash = createHash('sha256');
for (const file of imageryFiles.sort()) {
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
  // The model builder's worker thread is its own entry (dist/modules/models/build.worker.js), and so is
  // the studio renderer's (dist/imagery.worker.js, found next to server.js by packages/imagery/src/pool.ts).
  entryPoints: {
    server: 'src/server.ts',
    'admin-create': 'src/admin-create.ts',
    'modules/models/build.worker': 'src/modules/models/build.worker.ts',
    'imagery.worker': '../../packages/imagery/src/render.worker.ts',
  },
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
