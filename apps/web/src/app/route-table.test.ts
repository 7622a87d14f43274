import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { builtMenuRoutes } from '@/config/menu-definition';
import { MENU_PAGES, routes } from './route-table';

function collectPaths(objects: RouteObject[]): string[] {
  return objects.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...collectPaths(route.children ?? []),
  ]);
}

describe('route table', () => {
  it('registers the public routes, the built menu routes and nothing else', () => {
    expect(collectPaths(routes).sort()).toEqual(
      [
        '/login',
        '/logout',
        '/lock',
        '/maintenance',
        '/dashboard',
        '/profile',
        '/profile/change-password',
        '/users',
        '/users/create',
        '/users/iptv/connections',
        '/users/p2p/connections',
        '/resellers',
        '/resellers/create',
        '/resellers/logs',
        '/logs',
        '/admin/settings',
        '/requests/catalog',
        '/requests/catalog/create',
        '/admin/transfer',
        '/content-sources',
        '/streaming-servers',
        '/domains',
        '/domains/create',
        '/admin/setup-messages',
        '/admin/news',
        '/catalog/garbage',
        '/admin/analytics',
        '/admin/analytics/:type',
        '/admin/analytics/streams',
        '/admin/analytics/series',
        '/admin/analytics/channels',
        '/admin/analytics/lives',
        '*',
      ].sort(),
    );
  });

  it('has a page for every built menu route', () => {
    expect(Object.keys(MENU_PAGES).sort()).toEqual(
      builtMenuRoutes()
        .map((route) => route.id)
        .sort(),
    );
  });
});
