// @ts-check
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import globals from 'globals';
import tseslint from 'typescript-eslint';

const uiLibraries = [
  'react',
  'react-dom',
  'react-dom/*',
  'jotai',
  'jotai/*',
  '@tanstack/*',
  'react-router',
  'react-router-dom',
  'dexie-react-hooks',
];

const features = readdirSync(join(import.meta.dirname, 'src', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Outside its own folder (other features, their tests, src/app) a feature is reached only through its
// index.ts, type imports included. Test support in src/testing and tests/ may reach internals.
const featureEntryZones = features.map((feature) => ({
  target: [
    './src/app',
    ...features.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
  ],
  from: `./src/features/${feature}`,
  except: ['./index.ts'],
  message: `import src/features/${feature}/index.ts, the feature's public entry.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'bench-results',
      'test-results',
      'playwright-report',
      '.data',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
      // Type-aware rules: each file is read through the tsconfig that includes it (tsconfig.json references
      // them all: app, node, integration, functions); only this config file is in none.
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A promise nobody awaits or catches loses its failure; a handler given a promise drops it.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Only the configured client may import supabase-js; everything else gets it injected.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@supabase/supabase-js',
              message: 'Use src/lib/supabase-client.ts (types: import type).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    // Layering (docs/architecture.md): db and sync are headless; ui and lib know no feature or app code;
    // features do not import the app, and reach each other only through their public entries.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/db',
              from: ['./src/app', './src/features', './src/ui', './src/sync'],
              message: 'src/db is headless and below sync.',
            },
            {
              target: './src/sync',
              from: ['./src/app', './src/features', './src/ui'],
              message: 'src/sync is headless.',
            },
            {
              target: ['./src/ui', './src/lib'],
              from: ['./src/app', './src/features'],
              message: 'shared code must not know features or the app.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'features are composed by src/app, not the other way round.',
            },
            ...featureEntryZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/db/**/*.ts', 'src/sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@supabase/supabase-js', message: 'Inject the transport.', allowTypeImports: true },
          ],
          patterns: [
            {
              group: uiLibraries,
              message: 'src/db and src/sync are headless: no React, Jotai, TanStack Query or router.',
            },
          ],
        },
      ],
    },
  },
  {
    // Time, randomness, ids and timers are injected into db and sync (docs/sync.md R1), so tests and the
    // simulation control them. Only src/sync/real-ports.ts touches the real ones.
    files: ['src/db/**/*.ts', 'src/sync/**/*.ts'],
    ignores: ['src/sync/real-ports.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame'].map(
          (name) => ({
            name,
            message: 'Use the injected Timers port.',
          }),
        ),
        { name: 'crypto', message: 'Use the injected IdSource / Random port.' },
        { name: 'navigator', message: 'Use the injected Connectivity / LockPort.' },
        { name: 'performance', message: 'Use the injected Clock.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the injected Clock.' },
        { object: 'Math', property: 'random', message: 'Use the injected Random port.' },
        { object: 'crypto', property: 'randomUUID', message: 'Use the injected IdSource.' },
        { object: 'globalThis', property: 'setTimeout', message: 'Use the injected Timers port.' },
        { object: 'window', property: 'setTimeout', message: 'Use the injected Timers port.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'new Date() reads the clock: use new Date(clock.now()).',
        },
      ],
    },
  },
  {
    // The journal's encryption (ADR 0151): keys and IVs must come from the platform's CSPRNG through Web
    // Crypto, never from the seeded Random port that keeps the rest of sync deterministic.
    files: ['src/sync/crypto/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame'].map(
          (name) => ({ name, message: 'Use the injected Timers port.' }),
        ),
        { name: 'navigator', message: 'Use the injected Connectivity / LockPort.' },
        { name: 'performance', message: 'Use the injected Clock.' },
      ],
    },
  },
  {
    files: ['src/lib/supabase-client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    plugins: { vitest },
    rules: {
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['tests/e2e/**/*.ts', 'tests/bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts', 'server/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
