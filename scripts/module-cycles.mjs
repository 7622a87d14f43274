#!/usr/bin/env node
// The server's module-level cycle check (decision 0075): a module is a folder under apps/server/src/delivery
// or apps/server/src/panel. ESLint's no-cycle sees file cycles only; two modules that import each other
// through different files are one module in two folders, and this reports them. Test files are left out
// (a test may use a neighbour's factory). `npm run lint` runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The module a file belongs to ('delivery/streams'), or undefined outside the two planes. */
function moduleOf(serverSrc, file) {
  const parts = relative(serverSrc, file).split(sep);
  return (parts[0] === 'delivery' || parts[0] === 'panel') && parts.length > 2
    ? `${parts[0]}/${parts[1]}`
    : undefined;
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, join(base, 'index.ts')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

/** Module → the modules its files import. */
export function moduleGraph(serverSrc) {
  const graph = new Map();
  for (const plane of ['delivery', 'panel']) {
    const planeDir = join(serverSrc, plane);
    if (!existsSync(planeDir)) continue;
    for (const file of sourceFiles(planeDir)) {
      const from = moduleOf(serverSrc, file);
      if (!from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = resolveImport(file, match[1] ?? match[2]);
        const to = target && moduleOf(serverSrc, target);
        if (to && to !== from) graph.get(from).add(to);
      }
    }
  }
  return graph;
}

/** Every group of modules that reach each other (Tarjan's strongly connected components of size > 1). */
export function moduleCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const serverSrc = process.argv[2] ?? fileURLToPath(new URL('../apps/server/src', import.meta.url));
  const cycles = moduleCycles(moduleGraph(serverSrc));
  for (const cycle of cycles) console.error(`module cycle: ${cycle.join(' ↔ ')}`);
  if (cycles.length > 0) process.exit(1);
}
