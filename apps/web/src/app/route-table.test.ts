import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type AccountType } from '@panel/shared/profile/profile-schema';
import {
  builtMenuRoutes,
  isInEveryAudience,
  isMenuGroup,
  visibleSettingsMenu,
  visibleSidebarMenu,
} from '@/config/menu-definition';
import { GUARDED_PAGES, MENU_PAGES, routes } from './route-table';

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
        '/two-factor-setup',
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
        '/reminders',
        '/domains',
        '/domains/create',
        '/activation-codes',
        '/activation-codes/:id',
        '/activation-codes/:id/print',
        '/payments',
        '/buy-credits',
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

/** docs/product/roles.md#who-may-open-which-screen: the screens each role may open by their address. */
const OPENS: Record<AccountType, string[]> = {
  admin: [
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
    '/reminders',
    '/domains',
    '/domains/create',
    '/activation-codes',
    '/activation-codes/:id',
    '/activation-codes/:id/print',
    '/payments',
    '/admin/setup-messages',
    '/admin/news',
    '/catalog/garbage',
    '/admin/analytics',
    '/admin/analytics/:type',
    '/admin/analytics/streams',
    '/admin/analytics/series',
    '/admin/analytics/channels',
    '/admin/analytics/lives',
  ],
  // A publisher has no lines and no resellers; it works the catalog requests and reads the analytics.
  publisher: [
    '/dashboard',
    '/profile',
    '/profile/change-password',
    '/logs',
    '/requests/catalog',
    '/requests/catalog/create',
    '/domains',
    '/domains/create',
    '/admin/analytics',
    '/admin/analytics/:type',
    '/admin/analytics/streams',
    '/admin/analytics/series',
    '/admin/analytics/channels',
    '/admin/analytics/lives',
  ],
  reseller: [
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
    '/requests/catalog',
    '/requests/catalog/create',
    '/reminders',
    '/domains',
    '/domains/create',
    '/activation-codes',
    '/activation-codes/:id',
    '/activation-codes/:id/print',
    '/payments',
    '/buy-credits',
  ],
};

describe('who may open which screen', () => {
  it.each(ACCOUNT_TYPES)('a %s opens exactly its screens; any other sends it to /dashboard', (type) => {
    const opened = GUARDED_PAGES.filter((page) => isInEveryAudience(page.audiences, { type })).map(
      (page) => page.path,
    );
    expect(opened.sort()).toEqual([...OPENS[type]].sort());
  });

  it('a screen a role may open is in its menu, and the other way round', () => {
    for (const type of ACCOUNT_TYPES) {
      const inMenu = visibleSidebarMenu({ type })
        .concat(visibleSettingsMenu({ type }))
        .flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry]))
        .flatMap((leaf) => (leaf.target.kind === 'route' ? [leaf.target.path] : []));
      const opened = builtMenuRoutes()
        .filter((route) => isInEveryAudience(route.audiences, { type }))
        .map((route) => route.path);
      expect(opened.sort()).toEqual(inMenu.sort());
    }
  });
});
