import { build, type Plugin } from 'vite';

/**
 * Fewer files on the first paint of /users (decision 0112). The automatic chunking gives every set of
 * screens that share a module its own chunk: the signed-in shell and /users came in ~70 files beyond the
 * entry's, queued on HTTP/1.1's six connections. This plugin builds once without grouping, reads which
 * modules ended up in the chunks the shell and /users load that the entry and /login do not, and has the
 * real build put them in two chunks: the shell's and /users'. The sets come from the first build's chunks,
 * i.e. the tree-shaken graph: the module graph alone goes through barrel files (`@mantine/core`,
 * `@tabler/icons-react`) and would make the entry reach every component (decision 0034).
 */
export const GROUPED_SCREENS = [
  /** What every signed-in screen renders inside (app/route-table.tsx `AppLayout`): one chunk. */
  { name: 'signed-in-shell', module: /[\\/]src[\\/]app[\\/]layout[\\/]app-layout\.tsx$/, splitShared: false },
  /**
   * The /users screen (menu items users-list and users-create): what only it loads, and what other lazy
   * chunks load too, so another screen does not download /users' own code.
   */
  { name: 'users-screen', module: /[\\/]src[\\/]app[\\/]routes[\\/]users-routes\.tsx$/, splitShared: true },
];
const LOGIN_MODULE = /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/]login-page\.tsx$/;

/** Set while the first build runs, so that build does not start another one. */
const FIRST_PASS = 'PANEL_SIGNED_IN_CHUNKS_FIRST_PASS';

/** What the grouping reads of a built chunk (Rolldown's OutputChunk). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  /** The files this chunk imports statically. */
  imports: string[];
}

/**
 * The modules of each grouped screen: those of the chunks the screen loads (its own and their static
 * imports) that neither the entry with /login nor an earlier screen of `GROUPED_SCREENS` loads. A chunk's
 * facade (the module a dynamic import or the entry names) stays in its own chunk, so every lazy screen is
 * still a chunk of its own for the route pages and `React.lazy`. A screen whose module is not a chunk of the
 * build fails the build, as the route pages do.
 */
export function screenGroups(chunks: BuiltChunk[]): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const facadeOf = (pattern: RegExp) => {
    const chunk = chunks.find(
      (candidate) => candidate.facadeModuleId && pattern.test(candidate.facadeModuleId),
    );
    if (!chunk)
      throw new Error(`signed-in chunks: no chunk of the build has ${String(pattern)} as its module`);
    return chunk;
  };
  const reach = (roots: BuiltChunk[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !byFile.has(file)) return;
      seen.add(file);
      byFile.get(file)!.imports.forEach(visit);
    };
    roots.forEach((root) => visit(root.fileName));
    return seen;
  };
  const facades = new Set(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [chunk.facadeModuleId] : [])));
  const taken = reach([...chunks.filter((chunk) => chunk.isEntry), facadeOf(LOGIN_MODULE)]);
  const grouped = GROUPED_SCREENS.map((screen) => facadeOf(screen.module));
  const others = reach(
    chunks.filter(
      (chunk) =>
        chunk.facadeModuleId &&
        !chunk.isEntry &&
        !grouped.includes(chunk) &&
        !LOGIN_MODULE.test(chunk.facadeModuleId),
    ),
  );
  const modulesOf = (files: string[]) =>
    files.flatMap((file) => byFile.get(file)!.moduleIds).filter((id) => !facades.has(id));
  const groups: Record<string, string[]> = {};
  GROUPED_SCREENS.forEach(({ name, module, splitShared }) => {
    const files = [...reach([facadeOf(module)])].filter((file) => !taken.has(file));
    files.forEach((file) => taken.add(file));
    if (!splitShared) groups[name] = modulesOf(files);
    else {
      groups[name] = modulesOf(files.filter((file) => !others.has(file)));
      groups[`${name}-shared`] = modulesOf(files.filter((file) => others.has(file)));
    }
  });
  return groups;
}

/** The Vite plugin: a first build in memory, then the groups for the real one. */
export function signedInChunksPlugin(configFile: string): Plugin {
  return {
    name: 'panel-signed-in-chunks',
    apply: (_config, { command }) => command === 'build' && !process.env[FIRST_PASS],
    async config() {
      process.env[FIRST_PASS] = '1';
      let output;
      try {
        output = await build({
          configFile,
          logLevel: 'silent',
          build: { write: false, emptyOutDir: false, reportCompressedSize: false },
        });
      } finally {
        delete process.env[FIRST_PASS];
      }
      const chunks = (Array.isArray(output) ? output : [output])
        .flatMap((result) => ('output' in result ? result.output : []))
        .filter((file): file is Extract<typeof file, { type: 'chunk' }> => file.type === 'chunk');
      const groups = Object.entries(screenGroups(chunks)).map(([name, ids], index, all) => {
        const members = new Set(ids);
        return {
          name,
          test: (id: string) => members.has(id),
          // Only the listed modules: their dependencies outside the set stay where the first build put
          // them (the entry's and /login's chunks among them), so /login downloads nothing more.
          includeDependenciesRecursively: false,
          priority: all.length - index,
        };
      });
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}
