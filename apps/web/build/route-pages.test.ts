import { describe, expect, it } from 'vitest';
import { EARLY_PROFILE_REQUEST_SCRIPT } from '@panel/shared/web/early-profile-request';
import { routePageHtml } from './route-pages';

const INDEX = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react'],
    css: ['assets/index-1.css'],
  },
  _react: { file: 'assets/react-1.js' },
  _box: { file: 'assets/box-1.js', imports: ['_react'] },
  'src/app/layout/app-layout.tsx': {
    file: 'assets/app-layout-1.js',
    imports: ['_box'],
    css: ['assets/app-layout-1.css'],
  },
  'src/app/routes/users-routes.tsx': { file: 'assets/users-1.js', imports: ['_box', '_table'] },
  _table: { file: 'assets/table-1.js', css: ['assets/table-1.css'] },
  'src/app/routes/dashboard-route.tsx': { file: 'assets/dashboard-1.js' },
};

describe('routePageHtml', () => {
  it("announces every chunk and stylesheet of the route's roots that the entry does not already load", () => {
    const html = routePageHtml(INDEX, MANIFEST, [
      'src/app/layout/app-layout.tsx',
      'src/app/routes/users-routes.tsx',
    ]);
    const preloads = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual([
      '/assets/react-1.js',
      '/assets/app-layout-1.js',
      '/assets/box-1.js',
      '/assets/users-1.js',
      '/assets/table-1.js',
    ]);
    const styles = [...html.matchAll(/rel="stylesheet" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(styles).toEqual(['/assets/index-1.css', '/assets/app-layout-1.css', '/assets/table-1.css']);
    // Another screen's chunk is not announced; the one inline script is the early profile request, whose
    // exact text the panel's CSP allows by hash (decision 0110), before every script and link of the page.
    expect(html).not.toContain('dashboard-1.js');
    expect(html.match(/<script/g)).toHaveLength(2);
    const inline = html.indexOf(`<script>${EARLY_PROFILE_REQUEST_SCRIPT}</script>`);
    expect(inline).toBeGreaterThan(html.indexOf('<head>'));
    expect(inline).toBeLessThan(html.indexOf('<script type="module"'));
    expect(inline).toBeLessThan(html.indexOf('<link'));
    expect(html.indexOf('table-1.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses a page without a script in its head to put the early request before', () => {
    expect(() =>
      routePageHtml('<html><head></head><body><script src="/a.js"></script></body></html>', MANIFEST, []),
    ).toThrow('early request');
  });

  it('refuses a page without a head to add the links to', () => {
    expect(() => routePageHtml('<div id="root"></div>', MANIFEST, [])).toThrow('</head>');
  });
});
