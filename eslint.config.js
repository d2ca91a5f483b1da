// ESLint for the whole repository (issue 15 §1): `npm run lint`, run by `npm test` beside the PGlite pass.
// typescript-eslint strict + type-checked on the three TypeScript projects, React hooks and jsx-a11y on the
// web app, import cycles, and the boundaries the code keeps written down as rules. Prettier owns layout:
// eslint-config-prettier comes last and turns off every rule it would fight with.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirs = (rel) =>
  readdirSync(path.join(root, rel), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const apiModules = path.join(root, 'apps/api/src/modules');

/**
 * What one API module may take from another: its service and its repo (the module's two faces), and the
 * few files the code shares on purpose. Anything else in a module is its own.
 */
const apiShared = [
  'taxonomy/taxonomy.routes.ts', // the one route table categories, components and optionals are thin specs of
  'parties/*.ts', // the one core designers and vendors are thin specs of (ARCHITECTURE.md)
  'auth/security-events.ts', // the security log's event vocabulary, written by users too
  'orders/schedule.ts', // pure payment-schedule arithmetic, used by the demo seed
  'notifications/email-templates.ts', // the transactional emails, rendered by the modules that send them
  'submissions/submissions.record.ts', // a submission's record as notifications quote it
  'products/products.csv.ts', // the one CSV writer (products and orders export)
];

/** Tests arrange and inspect the database directly, so they may use Drizzle like a repo. */
const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
      'bench/results/**',
      'bench/peers/**/.medusa/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,

  // ---------- TypeScript, type-checked ----------
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      // Template literals print numbers (prices, counts, ids) all through the code; they read as intended.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // noUncheckedIndexedAccess types every indexed read as possibly undefined; the code asserts with `!`
      // where the index is in range by construction (loops over the same array, fixtures it just made).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `() => setOpen(false)`: an arrow's shorthand body returning void is the React idiom, not a mistake.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // react-hook-form's `onSubmit={handleSubmit(save)}` hands an async handler to a JSX attribute by design
      // (the form library awaits and reports it); elsewhere a promise where void is expected stays an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `_`-prefixed names are the convention for a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  {
    // A Fastify plugin is `async` even with nothing to await: an error thrown while it registers (a route
    // without an access policy, thrown from the auth plugin's onRoute hook) then rejects `app.ready()` and
    // start-up fails cleanly; a synchronous body would let it escape avvio and crash the process (decisions §101).
    files: ['apps/api/src/**/*.routes.ts', 'apps/api/src/plugins/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Vitest's asymmetric matchers (`expect.any(String)`, `expect.stringContaining(…)`) are typed `any` by
    // design; casting each to unknown would be noise. Tests only (decisions §101).
    files: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/api/test/**/*.ts', 'packages/*/src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },

  // ---------- Plain JavaScript (scripts, bench, build): recommended rules, no type information ----------
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Node scripts that drive a browser: the functions they pass to page.evaluate run in the page.
    files: ['bench/*.mjs', 'apps/web/src/features/catalog/components/ar/fixtures/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },

  // ---------- Imports: no cycles anywhere ----------
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/contract', 'apps/api', 'apps/web', 'scripts'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },

  // ---------- API boundaries ----------
  {
    files: ['apps/api/**/*.{ts,mts}'],
    ignores: apiTests,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repo.ts and src/db/ use Drizzle; go through the module’s repo.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.repo.ts', 'apps/api/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // routes → service → repo
            {
              target: 'apps/api/src/modules/**/*.repo.ts',
              from: ['apps/api/src/modules/**/*.service.ts', 'apps/api/src/modules/**/*.routes.ts'],
              message: 'A repo holds Drizzle queries only: it never calls a service or the HTTP layer.',
            },
            {
              target: 'apps/api/src/modules/**/*.service.ts',
              from: ['apps/api/src/modules/**/*.routes.ts'],
              message: 'A service never depends on the HTTP layer.',
            },
            {
              target: 'apps/api/src/lib',
              from: ['apps/api/src/modules', 'apps/api/src/plugins', 'apps/api/src/app.ts', 'apps/api/src/server.ts'],
              message: 'lib/ is below the modules and plugins: it must not reach up into them.',
            },
            // A module takes only another module's service, repo or a deliberately shared file.
            ...dirs('apps/api/src/modules').map((m) => ({
              target: `apps/api/src/modules/${m}/**`,
              from: ['apps/api/src/modules/**'],
              except: [
                `${apiModules}/${m}/**`,
                `${apiModules}/*/*.service.ts`,
                `${apiModules}/*/*.repo.ts`,
                `${apiModules}/{${apiShared.join(',')}}`,
              ],
              message: 'Another module’s internals: use its service or repo (or share the file on purpose in eslint.config.js).',
            })),
          ],
        },
      ],
    },
  },

  // ---------- Web app ----------
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      // The React Compiler is not used (no babel-plugin-react-compiler in vite.config.ts): this rule only says the compiler would skip a component
      // that uses react-hook-form's watch() or TanStack Table, which is no defect here. The other
      // compiler-era rules (refs, purity, immutability, set-state-in-effect…) name real hazards and stay.
      'react-hooks/incompatible-library': 'off',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // Features never import each other; what two features need lives in components/ or lib/.
            ...dirs('apps/web/src/features').map((f) => ({
              target: `apps/web/src/features/${f}`,
              from: 'apps/web/src/features',
              except: [`./${f}`],
              message: 'Features never import each other: move what both need to components/ or lib/.',
            })),
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'The app composes the features, not the other way round.',
            },
            {
              target: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/config', 'apps/web/src/content'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'Shared code stays below the features and the app.',
            },
          ],
        },
      ],
    },
  },

  {
    // The shell every page loads (the app, shared components, lib, config, content) takes only types from the
    // contract's index: a value import brings zod into the first load (CI once failed on a re-export in
    // config/routes.ts). Zod-free values have their own entries: /boot, /brand, /constants, /navigation.
    files: ['apps/web/src/{app,components,lib,config,content}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mirror/contract',
              allowTypeImports: true,
              message:
                'Only types from the contract’s index here (its values bring zod into the first load): use @mirror/contract/constants, /brand, /boot or /navigation.',
            },
          ],
        },
      ],
    },
  },

  prettier,
);
