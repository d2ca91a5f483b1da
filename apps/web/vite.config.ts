import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { ringsToPath } from './src/features/locations/projection';

/**
 * `virtual:world-land`: the land outline of Natural Earth 1:110m (world-atlas), projected and
 * simplified at build time into one SVG path — the boutique map is drawn offline, no tiles.
 */
function worldLand(): Plugin {
  const id = 'virtual:world-land';
  return {
    name: 'mirror:world-land',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const require = createRequire(import.meta.url);
      const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8')) as Topology;
      const land = feature(topology, topology.objects.land as GeometryCollection);
      const polygons = land.features.flatMap((f) => {
        const g = f.geometry;
        if (g.type === 'Polygon') return [g.coordinates as [number, number][][]];
        if (g.type === 'MultiPolygon') return g.coordinates as [number, number][][][];
        return [];
      });
      return `export default ${JSON.stringify(ringsToPath(polygons))};`;
    },
  };
}

/**
 * Preload the two font files the first paint needs (the display serif of the hero line and the
 * UI sans), so `font-display: swap` swaps early and the LCP text does not reflow late.
 */
function preloadLcpFonts(): Plugin {
  const wanted = [/cormorant-garamond-latin-300-normal.*\.woff2$/, /inter-latin-400-normal.*\.woff2$/];
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

export default defineConfig({
  plugins: [react(), preloadLcpFonts(), worldLand()],
  build: {
    target: 'es2022',
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
});
