import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's JSON Schema generator: its classic schemas import it eagerly, for `schema.toJSONSchema()`. */
const GENERATOR_FILES = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
const STUB_PREFIX = '\0zod-json-schema-stub:';

/** The names a module exports (`export function|const|class NAME`, `export { a as NAME }`). */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm,
  ))
    names.add(match[1]!);
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/**
 * A module with the same exports, each a function that says it is not in this build. The `create…Method`
 * factories run when a schema's `~standard` is read, so they still return a method: the one that throws.
 */
export function stubModule(names: string[]): string {
  const unavailable =
    "const unavailable = () => { throw new Error('zod JSON Schema generation is not part of the web build (decision 0053)'); };";
  const stub = (name: string) => (/^create\w*Method$/.test(name) ? '() => unavailable' : 'unavailable');
  return [unavailable, ...names.map((name) => `export const ${name} = ${stub(name)};`)].join('\n');
}

/**
 * The browser never turns a schema into JSON Schema (the server's OpenAPI does, outside this build), yet
 * zod's classic schemas import the generator and its processors eagerly: about 7 kB gzipped on every
 * signed-in screen (benchmark P4). The production build swaps both modules for stubs with the same exports
 * (decision 0053); calling one throws instead of silently answering nothing.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !GENERATOR_FILES.test(resolved.id)) return null;
      return STUB_PREFIX + resolved.id;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      return stubModule(exportedNames(readFileSync(id.slice(STUB_PREFIX.length), 'utf8')));
    },
  };
}
