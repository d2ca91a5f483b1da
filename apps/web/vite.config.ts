import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { bootPlan } from './src/app/boot-plan';
import { sortArticles, toArticle } from './src/features/content/content';
import { MAP_HEIGHT, MAP_WIDTH, ringsToPath } from './src/features/locations/projection';

/** The land outline of Natural Earth 1:110m (world-atlas), projected and simplified into one SVG path. */
function landPath(): string {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8')) as Topology;
  const land = feature(topology, topology.objects.land as GeometryCollection);
  const polygons = land.features.flatMap((f) => {
    const g = f.geometry;
    if (g.type === 'Polygon') return [g.coordinates as [number, number][][]];
    if (g.type === 'MultiPolygon') return g.coordinates as [number, number][][][];
    return [];
  });
  return ringsToPath(polygons);
}

/**
 * The world map drawn offline, no tiles:
 * - `virtual:world-land`: the land as an SVG path string (for a map drawn in script, e.g. a picker);
 * - `virtual:world-land-url`: the URL of `world-land.svg` (`<path id="land">`), a hashed, immutable
 *   asset the storefront map shows with `<use href>` — the ~20 KB of outline stays out of the page's
 *   JavaScript and out of its server-rendered HTML, and is cached once for every visit.
 */
function worldLand(): Plugin {
  const pathId = 'virtual:world-land';
  const urlId = 'virtual:world-land-url';
  const devUrl = '/@mirror/world-land.svg';
  let svg: string | undefined;
  const svgText = () => (svg ??= `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}"><path id="land" d="${landPath()}"/></svg>`);
  let isBuild = false;
  return {
    name: 'mirror:world-land',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    configureServer(server) {
      server.middlewares.use(devUrl, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(svgText());
      });
    },
    resolveId: (source) => (source === pathId || source === urlId ? `\0${source}` : null),
    load(resolved) {
      if (resolved === `\0${pathId}`) return `export default ${JSON.stringify(landPath())};`;
      if (resolved !== `\0${urlId}`) return null;
      if (!isBuild) return `export default ${JSON.stringify(devUrl)};`;
      // A content-hashed name computed here, so the browser build and the server renderer name the same file.
      const fileName = `assets/world-land-${createHash('sha256').update(svgText()).digest('base64url').slice(0, 8)}.svg`;
      this.emitFile({ type: 'asset', fileName, source: svgText() });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}

/**
 * Preload the font files the first paint needs (the display serif of the hero line, the UI sans and
 * its medium weight for navigation, eyebrows and buttons), so `font-display: swap` swaps early and
 * the text above the fold does not reflow late.
 */
function preloadLcpFonts(): Plugin {
  const wanted = [/cormorant-garamond-latin-300-normal.*\.woff2$/, /inter-latin-400-normal.*\.woff2$/, /inter-latin-500-normal.*\.woff2$/];
  return {
    name: 'mirror:preload-lcp-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((file) => wanted.some((re) => re.test(file)));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
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
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * dist/.vite/boot-plan.json: src/app/boot-plan.ts resolved against the news files (their covers),
 * read by the API to prepare each route's first HTML. Next to Vite's manifest, never served.
 */
function emitBootPlan(): Plugin {
  return {
    name: 'mirror:boot-plan',
    apply: 'build',
    generateBundle() {
      const dir = path.resolve(import.meta.dirname, 'src/content/news');
      const articles = sortArticles(readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => toArticle(f, readFileSync(path.join(dir, f), 'utf8'))));
      const plan = bootPlan({ newsCovers: articles.map((a) => a.cover) });
      this.emitFile({ type: 'asset', fileName: '.vite/boot-plan.json', source: JSON.stringify(plan, null, 2) });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // `vite build --ssr src/entry-server.tsx` (npm run build): the server renderer, for Node, in
  // dist-server/ — never served. The browser-only steps (boot plan, compression, font preloads) skip it.
  plugins: isSsrBuild ? [react(), worldLand()] : [react(), preloadLcpFonts(), worldLand(), emitBootPlan(), precompress()],
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    // dist/.vite/manifest.json: the API reads it to preload each route's chunks (apps/api/src/lib/spa-html.ts).
    manifest: !isSsrBuild,
    cssCodeSplit: true,
    // The woff fallbacks are never used by the browsers we target; keep the woff2 only in preload.
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.MIRROR_API_URL ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
}));
