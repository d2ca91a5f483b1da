// Bundles the API (and the workspace contract it imports) into dist/; npm dependencies stay external.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mirror/'));

rmSync('dist', { recursive: true, force: true });
await build({
  // The model builder's worker thread is its own entry (dist/modules/models/build.worker.js).
  entryPoints: ['src/server.ts', 'src/admin-create.ts', 'src/modules/models/build.worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('api built → apps/api/dist');
