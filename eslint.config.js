import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = './apps/web/src';
const server = './apps/server/src';

const webFeatures = (() => {
  try {
    return readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/**
 * The import direction of docs/architecture.md, checked on the resolved file an import points to (not on
 * its text, so '../../lines/api/x' is caught like 'features/lines/api/x'). Decision 0036.
 */
const zones = [
  { target: './packages/shared', from: ['./apps', './e2e'], message: 'packages/shared imports no app.' },
  {
    target: './apps/server',
    from: ['./apps/web', './e2e'],
    message: 'The server imports no web or e2e code.',
  },
  {
    target: './apps/web',
    from: ['./apps/server', './e2e'],
    message: 'The web app imports no server or e2e code.',
  },
  {
    target: './apps/customer',
    from: ['./apps/server', './apps/web', './e2e'],
    message: 'The customer page imports no server, panel or e2e code.',
  },
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/config`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared web code (components, lib, config) imports no feature and no app code.',
  },
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the piece to components/ or lib/, or compose in app/.',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features are composed by app/, never the other way round.',
  },
  // The two planes (docs/architecture.md, decision 0075): what customers' apps and edges talk to never depends
  // on the panel, and the panel reaches the delivery plane through one named file.
  {
    target: `${server}/delivery`,
    from: `${server}/panel`,
    message: 'The delivery plane imports nothing from the panel: use packages/shared, db/ or lib/.',
  },
  {
    target: `${server}/panel`,
    from: `${server}/delivery`,
    except: ['./for-panel.ts'],
    message: 'The panel reaches the delivery plane only through delivery/for-panel.ts.',
  },
  // Server layers: routes → services → repositories. Only routes and the app know about HTTP plugins.
  {
    target: `${server}/**/*.repository.ts`,
    from: [`${server}/**/*.service.ts`, `${server}/**/*.routes.ts`],
    message: 'A repository is the bottom layer: it imports no service and no route.',
  },
  {
    target: `${server}/**/*.service.ts`,
    from: [`${server}/**/*.routes.ts`],
    message: 'A service imports no route: routes call services.',
  },
  {
    target: [
      `${server}/{delivery,panel}/**/!(*.routes|*.plugin|*.test).ts`,
      `${server}/db/**`,
      `${server}/lib/**`,
    ],
    from: [`${server}/plugins/**`],
    message: 'Only routes and module plugins use HTTP plugins; rules and SQL do not depend on Fastify hooks.',
  },
];

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
    plugins: { 'import-x': importX },
    settings: {
      // How import-x parses the files an import leads to (no-cycle follows them); without it no cycle is seen.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
    },
  },
  // One resolver per workspace: with several tsconfigs in one resolver, the web's '@/…' alias went unresolved
  // and every zone silently skipped those imports (the lint-rules test catches that now).
  ...['packages/shared', 'apps/server', 'apps/web', 'apps/customer', 'e2e'].map((workspace) => ({
    files: [`${workspace}/**`],
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${workspace}/tsconfig.json` })],
    },
  })),
  {
    // Promise rules need types: a forgotten await in a money path is a bug nobody sees in review.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/customer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The customer page stays small (decision 0175): of packages/shared it takes types, and values only from
    // its messages and paths files; zod never reaches it.
    files: ['apps/customer/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The customer page carries no zod (decision 0175).' }],
          patterns: [
            {
              regex: '^@panel/shared/(?!customer-page/customer-page-(messages|paths)$)',
              allowTypeImports: true,
              message:
                'The customer page imports types only from packages/shared, besides its messages and paths.',
            },
          ],
        },
      ],
    },
  },
  {
    // One typed transaction and one reading of raw results (decision 0096): runInTransaction opens every
    // transaction (it retries a deadlock), db/execute-rows.ts says what `db.execute` answers on both drivers.
    files: ['apps/server/**/*.ts'],
    ignores: [
      'apps/server/src/db/run-in-transaction.ts',
      'apps/server/src/panel/lines/lines.concurrency.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Open transactions with runInTransaction (db/run-in-transaction.ts); its handle is Transaction.',
        },
        {
          selector: "TSAsExpression > AwaitExpression > CallExpression[callee.property.name='execute']",
          message: 'Read raw results with executeRows, rowsOf or affectedRowCount (db/execute-rows.ts).',
        },
      ],
    },
  },
  {
    // Scripts and the server entry point talk to a person on the terminal.
    files: [
      'scripts/**',
      'apps/server/src/server.ts',
      'apps/server/scripts/**',
      'apps/web/scripts/**',
      'apps/server/torture/**',
      'apps/server/players/**',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
