import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  backtickedPaths,
  brokenReferences,
  headingSlug,
  ISSUE_REFERENCE,
  issueReferences,
  messageFiles,
  missingPaths,
  outsideCitations,
  pageAnchors,
  pathsInMarkdown,
  productReferences,
  repositoryFiles,
  screenCodeGaps,
  unindexedMessageFiles,
} from './doc-refs';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = repositoryFiles(root);
const show = (found: { file: string; line: number; text: string }[]) =>
  found.map(({ file, line, text }) => `${file}:${line}: ${text}`);
const showTargets = (found: { file: string; line: number; target: string }[]) =>
  found.map(({ file, line, target }) => `${file}:${line}: ${target}`);
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('references to the product (decision 0035)', () => {
  it('reads the repository', () => {
    expect(files).toContain('docs/product/README.md');
    expect(files).toContain('packages/shared/src/lines/line-costs.ts');
  });

  it('no file cites the specification or the product decisions by section', () => {
    expect(show(outsideCitations(root, files))).toEqual([]);
  });

  it('every docs/product reference names an existing page and anchor', () => {
    const references = productReferences(root, files);
    expect(references.length).toBeGreaterThan(50);
    expect(
      brokenReferences(root, references).map(({ file, line, target }) => `${file}:${line}: ${target}`),
    ).toEqual([]);
  });
});

describe('anchors', () => {
  it('follow GitHub: lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    expect(headingSlug('Expiry at 23:59')).toBe('expiry-at-2359');
    expect(headingSlug('`REVENDAS_DELETADOS` and [links](x.md)')).toBe('revendas_deletados-and-links');
    expect([
      ...pageAnchors('# A\n## Renewals\n### Renewals\n<a id="kept"></a>\n```\n# not a heading\n```'),
    ]).toEqual(['a', 'renewals', 'renewals-1', 'kept']);
  });

  it('a reference to a missing page, anchor or linked file is reported', () => {
    // Built from parts, so the scan of this file does not find them.
    const product = 'docs/product';
    const references = [
      { file: 'x.ts', line: 1, text: '', target: `${product}/rules.md#renewals` },
      { file: 'x.ts', line: 2, text: '', target: `${product}/rules.md#no-such-anchor` },
      { file: 'x.ts', line: 3, text: '', target: `${product}/no-such-page.md` },
      { file: 'x.ts', line: 4, text: '', target: 'packages/shared/src/lines/line-costs.ts' },
      { file: 'x.ts', line: 5, text: '', target: 'packages/shared/src/lines/no-such-file.ts' },
    ];
    expect(brokenReferences(root, references).map(({ line }) => line)).toEqual([2, 3, 5]);
  });
});

describe('where the code is (docs/product/screens.md, docs/architecture.md)', () => {
  // The product pages and the architecture; xtream-contract.md cites files of other projects.
  const documents = files.filter(
    (file) =>
      (file.startsWith('docs/product/') && file !== 'docs/product/xtream-contract.md') ||
      file === 'docs/architecture.md',
  );

  it('every repository path written in backticks exists', () => {
    const paths = backtickedPaths(root, documents);
    expect(paths.filter(({ file }) => file === 'docs/product/screens.md').length).toBeGreaterThan(100);
    expect(showTargets(missingPaths(root, paths))).toEqual([]);
  });

  it('every screen of the status table names its route, page, API calls, server routes, shared rules and e2e specs', () => {
    expect(screenCodeGaps(read('docs/product/screens.md'))).toEqual([]);
  });

  it('a stale path and a screen without its code are reported', () => {
    // Built from parts, so the scan of the documents above never meets them.
    const web = 'apps/web/src';
    const markdown = [
      '## Status of the build',
      '',
      '| [/a](#a), [/b](#b) | yes |',
      '',
      '## A',
      '',
      'Code:',
      '',
      `- route: \`${web}/app/route-table.tsx\``,
      `- page: \`${web}/features/no-such-feature/page.tsx\``,
      '- API: none',
      '- server: `panel/online/online.routes.ts`',
      '- e2e: `e2e/tests/<spec>.ts`',
      '',
      '## B',
      '',
      'No code.',
    ].join('\n');
    expect(screenCodeGaps(markdown)).toEqual(['a: no shared', 'b: no code entry']);
    const paths = pathsInMarkdown('docs/architecture.md', markdown);
    expect(paths.map(({ target }) => target)).toEqual([
      `${web}/app/route-table.tsx`,
      `${web}/features/no-such-feature/page.tsx`,
      'apps/server/src/panel/online/online.routes.ts',
    ]);
    expect(missingPaths(root, paths).map(({ line }) => line)).toEqual([10]);
  });
});

describe('the messages index (docs/product/messages.md)', () => {
  it('lists every file of packages/shared that holds Portuguese messages', () => {
    const messages = messageFiles(root, files);
    expect(messages).toContain('packages/shared/src/lines/line-messages.ts');
    expect(messages).toContain('packages/shared/src/online/online-api.ts');
    expect(unindexedMessageFiles(read('docs/product/messages.md'), messages)).toEqual([]);
  });

  it('a message file the index does not name is reported', () => {
    const index = '[`lines/line-messages.ts`](../../packages/shared/src/lines/line-messages.ts)';
    expect(
      unindexedMessageFiles(index, [
        'packages/shared/src/lines/line-messages.ts',
        'packages/shared/src/auth/messages.ts',
      ]),
    ).toEqual(['packages/shared/src/auth/messages.ts']);
  });
});

describe('no issue numbers: code and documents point at a decision or a product page', () => {
  it('no file says "issue" and a number', () => {
    expect(show(issueReferences(root, files))).toEqual([]);
  });

  it('finds the ways it is written', () => {
    // Built from parts, so this file does not find itself.
    const issue = 'issue';
    expect(
      [`(${issue} 12)`, `${issue}s 9 and 10`, `${issue} #4`, `${issue}12-player`, `the ${issue} we saw`].map(
        (text) => ISSUE_REFERENCE.test(text),
      ),
    ).toEqual([true, true, true, true, false]);
  });
});
