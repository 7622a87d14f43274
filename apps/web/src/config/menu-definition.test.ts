import { describe, expect, it } from 'vitest';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import {
  builtMenuRoutes,
  isInAudience,
  isInEveryAudience,
  isMenuGroup,
  SETTINGS_MENU,
  SIDEBAR_MENU,
  visibleSettingsMenu,
  visibleSidebarMenu,
  type MenuEntry,
} from './menu-definition';

const ids = (entries: MenuEntry[]) =>
  entries.flatMap((entry) =>
    isMenuGroup(entry) ? [entry.id, ...entry.children.map((c) => c.id)] : [entry.id],
  );

/** The whole menu as if every screen were built: the role rules alone. */
const allBuilt: MenuEntry[] = SIDEBAR_MENU.map((entry) =>
  isMenuGroup(entry)
    ? { ...entry, children: entry.children.map((child) => ({ ...child, built: true })) }
    : { ...entry, built: true },
);

describe('menu role rules (docs/product/screens.md#menu)', () => {
  it.each<[AccountType, string[], string[]]>([
    [
      'admin',
      [
        'admin',
        'admin-settings',
        'admin-news',
        'analytics-movies',
        'admin-transfer',
        'content-sources',
        'streaming-servers',
        'setup-messages',
        'catalog-garbage',
        'migrate-client',
      ],
      ['server-rules', 'responsibilities'],
    ],
    [
      'publisher',
      ['admin', 'analytics-movies', 'analytics-lives', 'server-rules', 'responsibilities'],
      [
        'admin-settings',
        'admin-news',
        'admin-transfer',
        'content-sources',
        'streaming-servers',
        'setup-messages',
        'catalog-garbage',
        'migrate-client',
        'resellers-list',
        'users-list',
        'users-create',
        'users-iptv-online',
        'users-p2p-online',
        'activation-codes',
      ],
    ],
    [
      'reseller',
      [
        'dashboard',
        'users-list',
        'resellers-list',
        'activation-codes',
        'domains',
        'logs',
        'server-rules',
        'responsibilities',
      ],
      [
        'admin',
        'analytics-movies',
        'admin-transfer',
        'content-sources',
        'streaming-servers',
        'setup-messages',
        'catalog-garbage',
        'migrate-client',
      ],
    ],
  ])('%s sees its items and not the others', (type, shown, hidden) => {
    const visible = ids(visibleSidebarMenu({ type }, allBuilt));
    for (const id of shown) expect(visible).toContain(id);
    for (const id of hidden) expect(visible).not.toContain(id);
  });

  it('the migrate-client item shows for non-admins only when user_migration_list is true', () => {
    expect(
      isInAudience('adminOrMigrationList', { type: 'reseller', settings: { user_migration_list: 'false' } }),
    ).toBe(false);
    expect(
      isInAudience('adminOrMigrationList', { type: 'reseller', settings: { user_migration_list: 'true' } }),
    ).toBe(true);
    expect(isInAudience('adminOrMigrationList', { type: 'admin' })).toBe(true);
  });
});

describe('built flag', () => {
  it('only the screens of this build are shown', () => {
    expect(ids(visibleSidebarMenu({ type: 'admin' }))).toEqual([
      'dashboard',
      'users',
      'users-list',
      'users-create',
      'users-iptv-online',
      'users-p2p-online',
      'resellers',
      'resellers-list',
      'resellers-create',
      'resellers-logs',
      'activation-codes',
      'reminders',
      'domains',
      'payments',
      'logs',
      'catalog-requests',
      'catalog-requests-list',
      'catalog-requests-create',
      'catalog-garbage',
      'admin',
      'admin-settings',
      'content-sources',
      'streaming-servers',
      'setup-messages',
      'admin-news',
      'analytics-movies',
      'analytics-series',
      'analytics-channels',
      'analytics-lives',
      'admin-transfer',
      'migrate-client',
      'manual',
    ]);
    expect(ids(visibleSidebarMenu({ type: 'reseller' }))).toEqual([
      'dashboard',
      'users',
      'users-list',
      'users-create',
      'users-iptv-online',
      'users-p2p-online',
      'resellers',
      'resellers-list',
      'resellers-create',
      'resellers-logs',
      'activation-codes',
      'reminders',
      'domains',
      'payments',
      'buy-credits',
      'logs',
      'catalog-requests',
      'catalog-requests-list',
      'catalog-requests-create',
      'manual',
      'server-rules',
      'responsibilities',
    ]);
    expect(
      ids(visibleSidebarMenu({ type: 'reseller', settings: { user_migration_list: 'true' } })),
    ).toContain('migrate-client');
    // Decision 0186: 'Comprar créditos' disappears once the parent is known to sell nothing.
    expect(ids(visibleSidebarMenu({ type: 'reseller', buysCredits: false }))).not.toContain('buy-credits');
    // The API refuses publishers on the reseller and line screens: the menu does not offer them.
    // Publishers work the catalog requests (decision 0054) and have the analytics screens (decision 0057),
    // not the content-removal queue.
    expect(ids(visibleSidebarMenu({ type: 'publisher' }))).toEqual([
      'dashboard',
      'domains',
      'logs',
      'catalog-requests',
      'catalog-requests-list',
      'catalog-requests-create',
      'admin',
      'analytics-movies',
      'analytics-series',
      'analytics-channels',
      'analytics-lives',
      'manual',
      'server-rules',
      'responsibilities',
    ]);
    // Decision 0059: the server rules and responsibilities are for non-admins (docs/product/roles.md#who-sees-which-menu-item).
    expect(ids(visibleSidebarMenu({ type: 'admin' }))).not.toContain('server-rules');
    expect(ids(visibleSidebarMenu({ type: 'admin' }))).not.toContain('responsibilities');
  });

  it('a group whose children are all unbuilt or not for the account disappears', () => {
    // The users group's items are for admins and resellers only.
    expect(ids(visibleSidebarMenu({ type: 'publisher' }))).not.toContain('users');
    const onlySources = SIDEBAR_MENU.map((entry) =>
      isMenuGroup(entry)
        ? {
            ...entry,
            children: entry.children.map((child) => ({ ...child, built: child.id === 'content-sources' })),
          }
        : entry,
    );
    // With only 'Fontes de Conteúdo' built, the admin group is the admin's only.
    expect(ids(visibleSidebarMenu({ type: 'publisher' }, onlySources))).not.toContain('admin');
    expect(ids(visibleSidebarMenu({ type: 'admin' }, onlySources))).toContain('admin');
  });

  it('the settings menu offers change password, settings, lock and logout to everyone', () => {
    for (const type of ['admin', 'publisher', 'reseller'] as const) {
      expect(visibleSettingsMenu({ type }).map((item) => item.id)).toEqual([
        'change-password',
        'profile-settings',
        'lock',
        'logout',
      ]);
    }
  });

  it('routes exist only for built route items', () => {
    expect(builtMenuRoutes()).toEqual([
      { id: 'dashboard', path: '/dashboard', audiences: [] },
      { id: 'users-list', path: '/users', audiences: ['adminOrReseller'] },
      { id: 'users-create', path: '/users/create', audiences: ['adminOrReseller'] },
      { id: 'users-iptv-online', path: '/users/iptv/connections', audiences: ['adminOrReseller'] },
      { id: 'users-p2p-online', path: '/users/p2p/connections', audiences: ['adminOrReseller'] },
      { id: 'resellers-list', path: '/resellers', audiences: ['adminOrReseller'] },
      { id: 'resellers-create', path: '/resellers/create', audiences: ['adminOrReseller'] },
      { id: 'resellers-logs', path: '/resellers/logs', audiences: ['adminOrReseller'] },
      { id: 'activation-codes', path: '/activation-codes', audiences: ['adminOrReseller'] },
      { id: 'reminders', path: '/reminders', audiences: ['adminOrReseller'] },
      { id: 'domains', path: '/domains', audiences: [] },
      { id: 'payments', path: '/payments', audiences: ['adminOrReseller'] },
      { id: 'buy-credits', path: '/buy-credits', audiences: ['creditBuyer'] },
      { id: 'logs', path: '/logs', audiences: [] },
      { id: 'catalog-requests-list', path: '/requests/catalog', audiences: [] },
      { id: 'catalog-requests-create', path: '/requests/catalog/create', audiences: [] },
      { id: 'catalog-garbage', path: '/catalog/garbage', audiences: ['admin'] },
      { id: 'admin-settings', path: '/admin/settings', audiences: ['adminOrPublisher', 'admin'] },
      { id: 'content-sources', path: '/content-sources', audiences: ['adminOrPublisher', 'admin'] },
      { id: 'streaming-servers', path: '/streaming-servers', audiences: ['adminOrPublisher', 'admin'] },
      { id: 'setup-messages', path: '/admin/setup-messages', audiences: ['adminOrPublisher', 'admin'] },
      { id: 'admin-news', path: '/admin/news', audiences: ['adminOrPublisher', 'admin'] },
      { id: 'analytics-movies', path: '/admin/analytics/streams', audiences: ['adminOrPublisher'] },
      { id: 'analytics-series', path: '/admin/analytics/series', audiences: ['adminOrPublisher'] },
      { id: 'analytics-channels', path: '/admin/analytics/channels', audiences: ['adminOrPublisher'] },
      { id: 'analytics-lives', path: '/admin/analytics/lives', audiences: ['adminOrPublisher'] },
      { id: 'admin-transfer', path: '/admin/transfer', audiences: ['admin'] },
      { id: 'change-password', path: '/profile/change-password', audiences: [] },
      { id: 'profile-settings', path: '/profile', audiences: [] },
    ]);
    expect(
      builtMenuRoutes([allBuilt, SETTINGS_MENU]).find((route) => route.path === '/admin/transfer'),
    ).toEqual({
      id: 'admin-transfer',
      path: '/admin/transfer',
      audiences: ['admin'],
    });
  });

  it('the admin-only pages of docs/product/roles.md#who-may-open-which-screen are guarded', () => {
    const guarded = builtMenuRoutes([allBuilt])
      .filter((route) => !isInEveryAudience(route.audiences, { type: 'publisher' }))
      .filter((route) => !isInEveryAudience(route.audiences, { type: 'reseller' }))
      .map((route) => route.path);
    // /content-sources (docs/product/screens.md#content-sources), /streaming-servers (decision 0045),
    // /admin/setup-messages (decision 0050) and /catalog/garbage (docs/product/roles.md) too.
    expect(guarded.sort()).toEqual([
      '/admin/news',
      '/admin/settings',
      '/admin/setup-messages',
      '/admin/transfer',
      '/catalog/garbage',
      '/content-sources',
      '/streaming-servers',
    ]);
  });
});
