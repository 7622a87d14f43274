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

/** The folders a repository path written in a document starts with. */
const REPOSITORY_ROOTS = /^(apps|packages|docs|e2e|scripts)\//;
/** Paths the server documents write from `apps/server/src/` (the two planes of decision 0075). */
const SERVER_PLANES = /^(panel|delivery)\//;

/**
 * Repository paths written in backticks (`apps/…`, `packages/…`, `docs/…`, `e2e/…`, `scripts/…`; in
 * docs/architecture.md also `panel/…` and `delivery/…` under apps/server/src). A pattern is no path: anything
 * with `<`, `*`, `{`, `…` or a space is left out.
 */
export function backtickedPaths(root: string, files: readonly string[]): Reference[] {
  return files.flatMap((file) => pathsInMarkdown(file, readFileSync(join(root, file), 'utf8')));
}

/** The repository paths one Markdown text writes in backticks outside code blocks (see backtickedPaths). */
export function pathsInMarkdown(file: string, markdown: string): Reference[] {
  const references: Reference[] = [];
  const serverRelative = file === 'docs/architecture.md';
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (text.startsWith('```')) fenced = !fenced;
    if (fenced) return;
    for (const match of text.matchAll(/`([^`\s]+)`/g)) {
      const path = match[1] ?? '';
      if (/[<>*{}…]/.test(path)) continue;
      const target = REPOSITORY_ROOTS.test(path)
        ? path
        : serverRelative && SERVER_PLANES.test(path)
          ? `apps/server/src/${path}`
          : undefined;
      if (target) references.push({ file, line: index + 1, text: text.trim(), target });
    }
  });
  return references;
}

/** References to a file or folder that is not in the repository (an anchor after `#` is not checked here). */
export function missingPaths(root: string, references: readonly Reference[]): Reference[] {
  return references.filter(({ target }) => !existsSync(join(root, target.split('#')[0] ?? '')));
}

/** The parts every screen's code entry in docs/product/screens.md names, each a path or "none". */
export const SCREEN_CODE_PARTS = ['route', 'page', 'API', 'server', 'shared', 'e2e'] as const;

/**
 * The screens of docs/product/screens.md (the sections its "Status of the build" table links to) whose
 * section has no complete code entry: a line `Code:` followed by one list item per part of
 * SCREEN_CODE_PARTS (`- route: …`). Answers each such screen's anchor with what it lacks.
 */
export function screenCodeGaps(markdown: string): string[] {
  const lines = markdown.split('\n');
  const status = lines.findIndex((line) => line === '## Status of the build');
  const statusEnd = lines.findIndex((line, index) => index > status && line.startsWith('## '));
  const screens = new Set<string>();
  for (const line of lines.slice(status + 1, statusEnd))
    for (const match of line.matchAll(/\]\(#([\w-]+)\)/g)) if (match[1]) screens.add(match[1]);
  const gaps: string[] = [];
  if (status < 0 || screens.size === 0) return ['no "Status of the build" table of screens'];
  const slugs = new Map<string, number>();
  const seen = new Map<string, number>();
  lines.forEach((line, index) => {
    const heading = /^(#{2,6})\s+(.*?)\s*$/.exec(line);
    if (!heading?.[2]) return;
    const slug = headingSlug(heading[2]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    slugs.set(count === 0 ? slug : `${slug}-${count}`, index);
  });
  for (const screen of screens) {
    const start = slugs.get(screen);
    if (start === undefined) {
      gaps.push(`${screen}: no such heading`);
      continue;
    }
    const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 2;
    const end = lines.findIndex(
      (line, index) => index > start && (/^#+/.exec(line)?.[0].length ?? Infinity) <= level,
    );
    const section = lines.slice(start + 1, end < 0 ? undefined : end);
    const code = section.indexOf('Code:');
    if (code < 0) {
      gaps.push(`${screen}: no code entry`);
      continue;
    }
    const items = section.slice(code + 1).filter((line) => line.startsWith('- '));
    const missing = SCREEN_CODE_PARTS.filter(
      (part) => !items.some((item) => new RegExp(`^- ${part}: (none|\`)`).test(item)),
    );
    if (missing.length > 0) gaps.push(`${screen}: no ${missing.join(', ')}`);
  }
  return gaps;
}

/**
 * The files of packages/shared that hold Portuguese messages: named `*messages.ts`, or exporting a constant
 * named `*_MESSAGES`, `*_TEXT` or `*_TEXTS`. Tests are left out.
 */
export function messageFiles(root: string, files: readonly string[]): string[] {
  return files.filter(
    (file) =>
      file.startsWith('packages/shared/src/') &&
      /\.tsx?$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      (/messages\.ts$/.test(file) ||
        /export const [A-Z_]+_(MESSAGES|TEXTS?)\b/.test(readFileSync(join(root, file), 'utf8'))),
  );
}

/** The message files an index page (docs/product/messages.md) does not name by their repository path. */
export function unindexedMessageFiles(index: string, messageFilePaths: readonly string[]): string[] {
  return messageFilePaths.filter((file) => !index.includes(file));
}

/**
 * "issue N" written in a file: the repository points at a decision or a product page instead, which says
 * why and stays true (the issues are not in the repository).
 */
export const ISSUE_REFERENCE = /\bissues? ?#?\d+/i;

export function issueReferences(root: string, files: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  for (const file of files)
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (ISSUE_REFERENCE.test(text)) findings.push({ file, line: index + 1, text: text.trim() });
      });
  return findings;
}
