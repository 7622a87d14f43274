import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

/**
 * Finds what keeps the repository's references followable: every product rule is cited as
 * docs/product/<page>.md#<anchor> (decision 0035), never as a section of a document that is not in the
 * repository. Used by check-doc-refs.test.ts.
 */

const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'coverage',
  'test-results',
  'artifacts',
  '.cache',
]);
const CHECKED_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|css|md|html|yml|yaml|sh|sql)$/;

/** Citations of documents outside the repository (the section sign is written as an escape). */
const OUTSIDE_CITATIONS: readonly RegExp[] = [
  /\bspec(ification)?('s)?\s*\u00a7/i,
  /\bPRODUCT(\.md)?\s*\u00a7/,
  /panel-spe[c]/,
  /\u00a7\s*\d/,
];

export function repositoryFiles(root: string, directory = root): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name))
        files.push(...repositoryFiles(root, join(directory, entry.name)));
    } else if (CHECKED_EXTENSIONS.test(entry.name)) {
      files.push(relative(root, join(directory, entry.name)));
    }
  }
  return files;
}

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Lines that cite the specification or the product decisions by section instead of docs/product. */
export function outsideCitations(root: string, files: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (OUTSIDE_CITATIONS.some((pattern) => pattern.test(text)))
          findings.push({ file, line: index + 1, text: text.trim() });
      });
  }
  return findings;
}

/** GitHub's anchor for a heading: its text in lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown page offers: heading slugs (repeats numbered as GitHub does) and `<a id>`. */
export function pageAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) {
      const slug = headingSlug(heading[1]);
      const count = seen.get(slug) ?? 0;
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      seen.set(slug, count + 1);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) if (match[1]) anchors.add(match[1]);
  }
  return anchors;
}

export interface Reference extends Finding {
  target: string;
}

/**
 * Every reference into docs/product: `docs/product/<page>.md#<anchor>` anywhere, and inside
 * docs/product also the relative Markdown links `(page.md#anchor)`, `(#anchor)` and `(../../<file>)`.
 */
export function productReferences(root: string, files: readonly string[]): Reference[] {
  const references: Reference[] = [];
  for (const file of files) {
    const insideProduct = file.startsWith('docs/product/');
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const add = (target: string) => references.push({ file, line: index + 1, text: text.trim(), target });
        for (const match of text.matchAll(/docs\/product\/([\w-]+\.md)(#[\w-]+)?/g))
          add(`docs/product/${match[1]}${match[2] ?? ''}`);
        if (!insideProduct) return;
        for (const match of text.matchAll(/\]\(([\w-]+\.md)?(#[\w-]+)?\)/g)) {
          if (!match[1] && !match[2]) continue;
          add(`docs/product/${match[1] ?? file.slice('docs/product/'.length)}${match[2] ?? ''}`);
        }
        for (const match of text.matchAll(/\]\((\.\.\/[^)#\s]+)\)/g))
          if (match[1]) add(posix.join('docs/product', match[1]));
      });
  }
  return references;
}

/** References whose page or anchor does not exist. */
export function brokenReferences(root: string, references: readonly Reference[]): Reference[] {
  const anchorsByPage = new Map<string, Set<string> | null>();
  const anchorsOf = (page: string) => {
    if (!anchorsByPage.has(page)) {
      const path = join(root, page);
      anchorsByPage.set(page, existsSync(path) ? pageAnchors(readFileSync(path, 'utf8')) : null);
    }
    return anchorsByPage.get(page) ?? null;
  };
  return references.filter((reference) => {
    const [page = '', anchor] = reference.target.split('#');
    const anchors = anchorsOf(page);
    return anchors === null || (anchor !== undefined && !anchors.has(anchor));
  });
}
