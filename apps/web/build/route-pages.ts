import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
// By path: Vite loads its configuration with Node, which does not import a package's TypeScript sources.
import { EARLY_PROFILE_REQUEST_SCRIPT } from '../../../packages/shared/src/web/early-profile-request';
import { builtMenuRoutes, type BuiltRouteItemId } from '../src/config/menu-definition';

/**
 * The module of each menu screen (app/route-table.tsx `MENU_PAGES`). A Record over every built item: a
 * screen flipped to `built` without an entry here does not compile.
 */
export const SCREEN_MODULES: Record<BuiltRouteItemId, string> = {
  dashboard: 'src/app/routes/dashboard-route.tsx',
  'change-password': 'src/features/profile/components/change-password-page.tsx',
  'resellers-list': 'src/app/routes/resellers-routes.tsx',
  'resellers-create': 'src/app/routes/resellers-routes.tsx',
  'resellers-logs': 'src/app/routes/logs-routes.tsx',
  'users-list': 'src/app/routes/users-routes.tsx',
  'users-create': 'src/app/routes/users-routes.tsx',
  'users-iptv-online': 'src/app/routes/online-routes.tsx',
  'users-p2p-online': 'src/app/routes/online-routes.tsx',
  logs: 'src/app/routes/logs-routes.tsx',
  'admin-settings': 'src/features/panel-settings/components/panel-settings-page.tsx',
  'admin-transfer': 'src/features/resellers/components/transfer-page.tsx',
  'content-sources': 'src/features/content-sources/components/content-sources-page.tsx',
  'streaming-servers': 'src/features/streaming-servers/components/streaming-servers-page.tsx',
  'setup-messages': 'src/features/setup-messages/components/setup-templates-page.tsx',
  'admin-news': 'src/features/news/components/admin-news-page.tsx',
  'profile-settings': 'src/app/routes/profile-route.tsx',
  reminders: 'src/features/reminders/components/reminders-page.tsx',
  domains: 'src/app/routes/domains-routes.tsx',
  'activation-codes': 'src/app/routes/activation-codes-routes.tsx',
  payments: 'src/app/routes/payments-routes.tsx',
  'buy-credits': 'src/app/routes/payments-routes.tsx',
  'catalog-garbage': 'src/app/routes/content-removal-routes.tsx',
  'analytics-movies': 'src/app/routes/analytics-routes.tsx',
  'analytics-series': 'src/app/routes/analytics-routes.tsx',
  'analytics-channels': 'src/app/routes/analytics-routes.tsx',
  'analytics-lives': 'src/app/routes/analytics-routes.tsx',
  'catalog-requests-list': 'src/app/routes/catalog-requests-routes.tsx',
  'catalog-requests-create': 'src/app/routes/catalog-requests-routes.tsx',
};

/** What every signed-in screen renders inside (app/route-table.tsx `AppLayout`, `RequireAudience`). */
const SHELL_MODULES = ['src/app/layout/app-layout.tsx', 'src/lib/i18n.ts'];
/** The role guard of a route some roles may not open (decision 0068). */
const ROLE_GUARD_MODULE = 'src/app/guards/require-audience.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files a set of manifest entries needs before it runs: itself and its static imports, JS and CSS. */
function filesOf(manifest: Manifest, roots: string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return { scripts, styles };
}

/**
 * The page of one route: index.html announcing every file of the route's shell and screen, with the early
 * profile request before the first of them (decision 0110): run while the page is read, its request
 * leaves before the files take the browser's connections.
 */
export function routePageHtml(indexHtml: string, manifest: Manifest, roots: string[], base = '/'): string {
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const already = filesOf(manifest, entry);
  const route = filesOf(manifest, roots);
  const links = [
    ...[...route.styles]
      .filter((file) => !already.styles.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...[...route.scripts]
      .filter((file) => !already.scripts.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ];
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  const firstScript = indexHtml.search(/<script[\s>]/);
  if (firstScript < 0 || firstScript > indexHtml.indexOf('</head>'))
    throw new Error('index.html has no script in its head to put the early request before');
  const indent = /[ \t]*$/.exec(indexHtml.slice(0, firstScript))?.[0] ?? '';
  const withEarlyRequest = `${indexHtml.slice(0, firstScript)}<script>${EARLY_PROFILE_REQUEST_SCRIPT}</script>\n${indent}${indexHtml.slice(firstScript)}`;
  return withEarlyRequest.replace(/\n?(\s*)<\/head>/, (_head, indent: string) =>
    [...links.map((link) => `\n${indent}  ${link}`), `\n${indent}</head>`].join(''),
  );
}

/**
 * Writes `routes/<path>.html` next to index.html for every menu route: the same page, with a
 * `<link rel="modulepreload">` for every chunk of the route's shell and screen (and their stylesheets).
 * The browser then asks for them while the entry script downloads and runs, instead of after it has run
 * (decision 0034); the server answers a page request with its route's file (plugins/static-web.ts).
 * One inline script, the early profile request, which the panel's CSP allows by its hash (decision 0110).
 */
export function routePagesPlugin(): Plugin {
  let outDir = 'dist';
  let base = '/';
  return {
    name: 'panel-route-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle: {
      // After Vite has written index.html and the manifest.
      order: 'post',
      sequential: true,
      handler() {
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
        for (const route of builtMenuRoutes()) {
          const screen = SCREEN_MODULES[route.id];
          if (!manifest[screen]) throw new Error(`${screen} (${route.id}) is not a chunk of the build`);
          const roots = [
            ...SHELL_MODULES,
            screen,
            ...(route.audiences.length > 0 ? [ROLE_GUARD_MODULE] : []),
          ];
          const file = join(outDir, 'routes', `${route.path}.html`);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, routePageHtml(indexHtml, manifest, roots, base));
        }
      },
    },
  };
}
