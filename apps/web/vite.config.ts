import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react(), preloadLcpFonts()],
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
