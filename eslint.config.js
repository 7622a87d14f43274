import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/**
 * The import direction of docs/architecture.md: shared imports no app; the web's components/lib import
 * no feature or app; a feature imports no other feature (compose them in app/).
 */
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(^|/)features/(?!${feature}(/|$))`,
            message:
              'A feature never imports another feature: move the piece to components/ or lib/, or compose in app/.',
          },
          { regex: '(^|/)app/', message: 'Features are composed by app/, never the other way round.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      '**/test-results/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)apps/|^@panel/(server|web)', message: 'packages/shared imports no app.' },
            {
              regex: '^(react|fastify|drizzle-orm|pg)($|/)',
              message: 'packages/shared is pure: no UI, server or database code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)web/|^@panel/web', message: 'The server imports no web code.' }] },
      ],
    },
  },
  {
    files: [
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/web/src/config/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|app)/',
              message: 'Shared web code (components, lib, config) imports no feature and no app code.',
            },
            { regex: '(^|/)server/|^@panel/server', message: 'The web app imports no server code.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts and the server entry point talk to a person on the terminal.
    files: [
      'scripts/**',
      'apps/server/src/server.ts',
      'apps/server/scripts/**',
      'apps/web/scripts/**',
      'apps/server/torture/**',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
