import { describe, expect, it } from 'vitest';
import { screenGroups, type BuiltChunk } from './signed-in-chunks';

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  facade?: string,
): BuiltChunk => ({
  fileName,
  isEntry: fileName === 'index.js',
  facadeModuleId: facade ?? null,
  moduleIds,
  imports,
});

// A build like the panel's: the entry, /login, the shell and /users lazy, chunks shared among them.
const chunks = [
  chunk('index.js', ['/src/main.tsx', '/src/app.tsx'], ['react.js'], '/src/main.tsx'),
  chunk('react.js', ['/node_modules/react/index.js']),
  chunk(
    'login.js',
    ['/src/features/auth/components/login-page.tsx'],
    ['form.js'],
    '/src/features/auth/components/login-page.tsx',
  ),
  chunk('form.js', ['/src/form.tsx'], ['react.js']),
  chunk(
    'layout.js',
    ['/src/app/layout/app-layout.tsx'],
    ['nav.js', 'form.js'],
    '/src/app/layout/app-layout.tsx',
  ),
  chunk('nav.js', ['/src/nav.tsx', '/src/menu.ts'], ['table.js']),
  chunk(
    'users.js',
    ['/src/app/routes/users-routes.tsx'],
    ['table.js', 'filters.js', 'pager.js', 'form.js'],
    '/src/app/routes/users-routes.tsx',
  ),
  chunk('table.js', ['/src/table.tsx'], ['react.js']),
  chunk('filters.js', ['/src/filters.tsx'], ['lazy-tooltip-target.js']),
  // Imported lazily elsewhere and statically by /users' filters: its module stays its own chunk.
  chunk('lazy-tooltip-target.js', ['/src/tooltip.tsx', '/src/tooltip-style.ts'], [], '/src/tooltip.tsx'),
  // Loaded by /users and by the dashboard.
  chunk('pager.js', ['/src/pager.tsx']),
  chunk(
    'dashboard.js',
    ['/src/app/routes/dashboard-route.tsx'],
    ['charts.js', 'pager.js'],
    '/src/app/routes/dashboard-route.tsx',
  ),
  chunk('charts.js', ['/src/charts.tsx']),
];

describe('screenGroups', () => {
  it("groups what the shell and /users load beyond the entry's and /login's files, /users' own apart from what another screen loads too", () => {
    expect(screenGroups(chunks)).toEqual({
      'signed-in-shell': ['/src/nav.tsx', '/src/menu.ts', '/src/table.tsx'],
      'users-screen': ['/src/filters.tsx'],
      // The lazy tooltip's chunk (another lazy chunk) needs it too.
      'users-screen-shared': ['/src/tooltip-style.ts', '/src/pager.tsx'],
    });
  });

  it("leaves /login's and the entry's modules, the lazy modules and other screens' code where they were", () => {
    const grouped = Object.values(screenGroups(chunks)).flat();
    for (const id of [
      '/src/main.tsx',
      '/node_modules/react/index.js',
      '/src/form.tsx',
      '/src/app/layout/app-layout.tsx',
      '/src/app/routes/users-routes.tsx',
      '/src/tooltip.tsx',
      '/src/charts.tsx',
    ])
      expect(grouped).not.toContain(id);
  });

  it('fails the build when a grouped screen is not a chunk of it', () => {
    expect(() => screenGroups(chunks.filter((c) => c.fileName !== 'users.js'))).toThrow(/users-routes/);
  });
});
