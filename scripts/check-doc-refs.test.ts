import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  brokenReferences,
  headingSlug,
  outsideCitations,
  pageAnchors,
  productReferences,
  repositoryFiles,
} from './doc-refs';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = repositoryFiles(root);
const show = (found: { file: string; line: number; text: string }[]) =>
  found.map(({ file, line, text }) => `${file}:${line}: ${text}`);

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
