import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { contentFiles } from './src/features/content/content-plugin';

/**
 * Component tests (`*.test.tsx`) run in jsdom; logic tests (`*.test.ts`) in plain Node, which starts
 * far faster — a `.test.ts` that needs the DOM says so in its first line (`// @vitest-environment jsdom`).
 */
export default defineConfig({
  // The content files load as in the build: data parsed by content-plugin.ts.
  plugins: [contentFiles(), react()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    setupFiles: ['src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    unstubGlobals: true,
    projects: [
      { extends: true, test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'] } },
      { extends: true, test: { name: 'logic', environment: 'node', include: ['src/**/*.test.ts'] } },
    ],
  },
});
