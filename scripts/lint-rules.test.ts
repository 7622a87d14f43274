import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleCycles, moduleGraph } from './module-cycles.mjs';

/**
 * The layer rules of eslint.config.js (decision 0036) must report what they exist to forbid: each case lints
 * a small source as if it sat at a real path of the repository and expects that rule's report. The typed
 * promise rules are switched off here (they need a TypeScript program per file; 60 s on this VM) and
 * checked instead by one typed run on a real file below.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const untyped = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
      '@typescript-eslint/return-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
});

async function rulesReported(code: string, filePath: string): Promise<string[]> {
  const [result] = await untyped.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const temporary = mkdtempSync(join(root, 'scripts', 'lint-probe-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe('the import rules report each kind of violation', { timeout: 60_000 }, () => {
  it.each([
    [
      'a feature importing another feature by a relative path',
      'apps/web/src/features/dashboard/components/x.ts',
      "import '../../lines/api/list-lines';",
    ],
    [
      'a feature importing another feature by the alias',
      'apps/web/src/features/dashboard/components/x.ts',
      "import '@/features/lines/api/list-lines';",
    ],
    [
      'shared web code importing a feature',
      'apps/web/src/lib/x.ts',
      "import '../features/lines/api/list-lines';",
    ],
    ['a feature importing app/', 'apps/web/src/features/lines/x.ts', "import '@/app/route-table';"],
    ['the web importing server code', 'apps/web/src/lib/x.ts', "import '../../../server/src/config';"],
    ['shared importing an app', 'packages/shared/src/x.ts', "import '../../../apps/server/src/config';"],
    [
      'a repository importing a service',
      'apps/server/src/panel/lines/x.repository.ts',
      "import './line-create.service';",
    ],
    [
      'a service importing a route file',
      'apps/server/src/panel/lines/x.service.ts',
      "import './lines.routes';",
    ],
    [
      'a service importing an HTTP plugin',
      'apps/server/src/panel/lines/x.service.ts',
      "import '../../plugins/access';",
    ],
    [
      'the delivery plane importing the panel',
      'apps/server/src/delivery/streams/x.ts',
      "import '../../panel/lines/line-view';",
    ],
    [
      'the panel importing a delivery file other than for-panel.ts',
      'apps/server/src/panel/catalog/x.ts',
      "import '../../delivery/content/library-version.repository';",
    ],
  ])('%s', async (_case, filePath, code) => {
    expect(await rulesReported(code, filePath)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['its own feature, relative', 'apps/web/src/features/lines/x.ts', "import './api/list-lines';"],
    [
      'its own feature, by the alias',
      'apps/web/src/features/lines/x.ts',
      "import '@/features/lines/api/list-lines';",
    ],
    ['shared web code, by the alias', 'apps/web/src/features/lines/x.ts', "import '@/lib/format-date';"],
    ['packages/shared from the server', 'apps/server/src/x.ts', "import '@panel/shared/lines/line-costs';"],
    [
      'the panel through for-panel.ts',
      'apps/server/src/panel/catalog/x.ts',
      "import '../../delivery/for-panel';",
    ],
    [
      'the delivery plane using lib/',
      'apps/server/src/delivery/streams/x.ts',
      "import '../../lib/app-error';",
    ],
  ])('an allowed import resolves and passes: %s', async (_case, filePath, code) => {
    expect(await rulesReported(code, filePath)).toEqual([]);
  });

  it('an import cycle', async () => {
    writeFileSync(join(temporary, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(temporary, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [result] = await untyped.lintFiles([join(temporary, 'a.ts')]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('the module-level cycle check (scripts/module-cycles.mjs)', () => {
  it('reports two modules importing each other through different files, and passes the real tree', () => {
    const src = join(temporary, 'src');
    mkdirSync(join(src, 'panel', 'a'), { recursive: true });
    mkdirSync(join(src, 'panel', 'b'), { recursive: true });
    writeFileSync(
      join(src, 'panel', 'a', 'one.ts'),
      "import { two } from '../b/two';\nexport const one = () => two;\n",
    );
    writeFileSync(join(src, 'panel', 'b', 'two.ts'), 'export const two = 2;\n');
    writeFileSync(
      join(src, 'panel', 'b', 'three.ts'),
      "import { four } from '../a/four';\nexport const three = four;\n",
    );
    writeFileSync(join(src, 'panel', 'a', 'four.ts'), 'export const four = 4;\n');
    expect(moduleCycles(moduleGraph(src))).toEqual([['panel/a', 'panel/b']]);
    expect(moduleCycles(moduleGraph(join(root, 'apps/server/src')))).toEqual([]);
  });
});

describe('the typed promise rules run', () => {
  it('a dropped promise is reported', { timeout: 180_000 }, async () => {
    const typed = new ESLint({ cwd: root });
    const file = 'apps/server/src/lib/app-error.ts';
    const [result] = await typed.lintText(
      'export async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n',
      { filePath: join(root, file) },
    );
    expect(result?.messages.map((message) => message.ruleId)).toContain(
      '@typescript-eslint/no-floating-promises',
    );
  });
});
