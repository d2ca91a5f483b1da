import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { contentFiles } from './src/features/content/content-plugin';
import { worldAtlas } from './src/features/locations/atlas/world-atlas-plugin';

/**
 * MediaPipe Hands for the ring try-on, self-hosted: the npm package's loader, wasm, graph and
 * hand-landmark models are copied into `assets/mediapipe-hands-<version>/` (immutable like every
 * asset; the version in the folder name makes a new package a new URL). `virtual:mediapipe-hands`
 * exports that folder's URL. Nothing of it is in any bundle: the try-on loads `hands.js` itself.
 */
function mediapipeHands({ emit }: { emit: boolean }): Plugin {
  const dir = path.dirname(createRequire(import.meta.url).resolve('@mediapipe/hands/package.json'));
  const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const files = readdirSync(dir).filter((f) => /\.(js|wasm|data|tflite|binarypb)$/.test(f));
  const base = `/assets/mediapipe-hands-${version}/`;
  const id = 'virtual:mediapipe-hands';
  return {
    name: 'mirror:mediapipe-hands',
    configureServer(server) {
      server.middlewares.use(base, (req, res, next) => {
        const file = decodeURIComponent((req.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!files.includes(file)) {
          next();
          return;
        }
        if (file.endsWith('.wasm')) res.setHeader('Content-Type', 'application/wasm');
        res.end(readFileSync(path.join(dir, file)));
      });
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(base)};` : null),
    generateBundle() {
      if (!emit) return;
      for (const file of files)
        this.emitFile({ type: 'asset', fileName: `${base.slice(1)}${file}`, source: readFileSync(path.join(dir, file)) });
    },
  };
}

/**
 * Brotli and gzip siblings of every compressible file of the build (`app.js.br`, `app.js.gz`),
 * written once at build time at maximum quality; the API serves them with @fastify/static's
 * `preCompressed`, so no request pays for compression. Fonts and images are compressed already.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mirror:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? (entry.name.startsWith('.') ? [] : walk(file)) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|html|txt|map)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * React Router 7's package exports name only its development build (`dist/development`, dev
 * warnings on: remix-run/react-router#12532, #14102, open); its production build ships beside it. A build
 * resolves `react-router` to `dist/production`: the same API without the warnings' code (decision 0132).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  // `vite build --ssr src/entry-server.tsx` (npm run build): the server renderer, for Node, in
  // dist-server/ — never served. The browser-only steps (compression) skip it; both read
  // the content files as data parsed at build time (contentFiles).
  plugins: isSsrBuild
    ? [contentFiles(), react(), worldAtlas(), mediapipeHands({ emit: false })]
    : [contentFiles(), react(), worldAtlas(), mediapipeHands({ emit: true }), precompress()],
  // The house's brand domain, from the same variable the API reads (src/config/brand.ts; empty = the contract's default).
  define: { 'import.meta.env.BRAND_DOMAIN': JSON.stringify((process.env.BRAND_DOMAIN ?? '').trim()) },
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    // WEB_BUILD_DIR=<dir>: build into <dir>/dist and <dir>/dist-server instead (a second build beside
    // a running server's, e.g. for a benchmark; serve it with WEB_DIST=<dir>/dist).
    outDir: path.join(process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : '', isSsrBuild ? 'dist-server' : 'dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the API reads it to preload each route's chunks (apps/api/src/lib/spa-html/manifest.ts).
    manifest: !isSsrBuild,
    cssCodeSplit: true,
    // Fonts and images stay files of their own (cached apart, never inlined into a stylesheet or a chunk).
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.MIRROR_API_URL ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
}));
