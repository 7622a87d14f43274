import { paths } from './paths';
import {
  isInAudience,
  isMenuGroup,
  type AudienceContext,
  type MenuDialog,
  type MenuEntry,
  type Audience,
  type MenuLeaf,
} from './menu-types';

// Importers keep one module for the menu: its items and its types.
export * from './menu-types';

/**
 * The one menu of the panel (docs/product/screens.md#menu): every sidebar and settings-menu entry with its
 * audience rule and whether its screen exists in this build. An item with `built: false` is neither
 * rendered nor routed; building a screen means registering its page in app/routes and flipping the flag.
 * The audiences are also who may open each route: the router sends anyone else to /dashboard before the
 * screen loads (decision 0068), so the menu and the routes cannot disagree.
 */

// Generic so that `as const` below keeps the literal kinds the route and dialog registries are typed from.
function route<const P extends string>(path: P) {
  return { kind: 'route', path } as const;
}
function dialog<const D extends MenuDialog>(name: D) {
  return { kind: 'dialog', dialog: name } as const;
}

export const SIDEBAR_MENU = [
  {
    id: 'dashboard',
    label: 'dashboard',
    icon: 'dashboard',
    audience: 'everyone',
    target: route(paths.dashboard),
    built: true,
  },
  {
    id: 'users',
    label: 'users',
    icon: 'users',
    audience: 'everyone',
    children: [
      // Publishers have no lines (the API answers 403), so they never see these four.
      {
        id: 'users-list',
        label: 'usersList',
        audience: 'adminOrReseller',
        target: route(paths.users),
        built: true,
      },
      {
        id: 'users-create',
        label: 'usersCreate',
        audience: 'adminOrReseller',
        target: route(paths.usersCreate),
        built: true,
      },
      {
        id: 'users-iptv-online',
        label: 'usersIptvOnline',
        audience: 'adminOrReseller',
        target: route(paths.usersIptvConnections),
        built: true,
      },
      {
        id: 'users-p2p-online',
        label: 'usersP2pOnline',
        audience: 'adminOrReseller',
        target: route(paths.usersP2pConnections),
        built: true,
      },
    ],
  },
  {
    id: 'resellers',
    label: 'resellers',
    icon: 'resellers',
    audience: 'adminOrReseller',
    children: [
      {
        id: 'resellers-list',
        label: 'resellersList',
        audience: 'adminOrReseller',
        target: route(paths.resellers),
        built: true,
      },
      {
        id: 'resellers-create',
        label: 'resellersCreate',
        audience: 'adminOrReseller',
        target: route(paths.resellersCreate),
        built: true,
      },
      {
        id: 'resellers-logs',
        label: 'resellersLogs',
        audience: 'adminOrReseller',
        target: route(paths.resellersLogs),
        built: true,
      },
    ],
  },
  // Decisions 0145–0149: codes bought in batches, a customer's month starting at its first use.
  {
    id: 'activation-codes',
    label: 'activationCodes',
    icon: 'codes',
    audience: 'adminOrReseller',
    target: route(paths.activationCodes),
    built: true,
  },
  {
    id: 'reminders',
    label: 'reminders',
    icon: 'reminders',
    audience: 'adminOrReseller',
    target: route(paths.reminders),
    built: true,
  },
  {
    id: 'domains',
    label: 'domains',
    icon: 'domains',
    audience: 'everyone',
    target: route(paths.domains),
    built: true,
  },
  // Decision 0160: the customers' PIX payments and how the reseller receives them.
  {
    id: 'payments',
    label: 'payments',
    icon: 'payments',
    audience: 'adminOrReseller',
    target: route(paths.payments),
    built: true,
  },
  // Decision 0186: a reseller buys credits from its parent by PIX, while the parent sells.
  {
    id: 'buy-credits',
    label: 'buyCredits',
    icon: 'buyCredits',
    audience: 'creditBuyer',
    target: route(paths.buyCredits),
    built: true,
  },
  { id: 'logs', label: 'logs', icon: 'logs', audience: 'everyone', target: route(paths.logs), built: true },
  {
    id: 'catalog-requests',
    label: 'catalogRequests',
    icon: 'catalog',
    audience: 'everyone',
    children: [
      {
        id: 'catalog-requests-list',
        label: 'catalogRequests',
        audience: 'everyone',
        target: route(paths.catalogRequests),
        built: true,
      },
      {
        id: 'catalog-requests-create',
        label: 'catalogRequestsCreate',
        audience: 'everyone',
        target: route(paths.catalogRequestsCreate),
        built: true,
      },
    ],
  },
  {
    id: 'catalog-garbage',
    label: 'catalogGarbage',
    icon: 'garbage',
    audience: 'admin',
    target: route(paths.catalogGarbage),
    built: true,
  },
  {
    id: 'admin',
    label: 'admin',
    icon: 'admin',
    audience: 'adminOrPublisher',
    children: [
      // The admin menu shows for publishers too (docs/product/screens.md#menu), but settings and news are admin-only pages.
      {
        id: 'admin-settings',
        label: 'adminSettings',
        audience: 'admin',
        target: route(paths.adminSettings),
        built: true,
      },
      {
        id: 'content-sources',
        label: 'contentSources',
        audience: 'admin',
        target: route(paths.contentSources),
        built: true,
      },
      // Decision 0045: the edges and the P2P service that call the ingest API, and their tokens.
      {
        id: 'streaming-servers',
        label: 'streamingServers',
        audience: 'admin',
        target: route(paths.streamingServers),
        built: true,
      },
      // Decision 0050: the setup message template of each client app.
      {
        id: 'setup-messages',
        label: 'setupMessages',
        audience: 'admin',
        target: route(paths.adminSetupMessages),
        built: true,
      },
      {
        id: 'admin-news',
        label: 'adminNews',
        audience: 'admin',
        target: route(paths.adminNews),
        built: true,
      },
      {
        id: 'analytics-movies',
        label: 'analyticsMovies',
        audience: 'adminOrPublisher',
        target: route(paths.adminAnalytics('streams')),
        built: true,
      },
      {
        id: 'analytics-series',
        label: 'analyticsSeries',
        audience: 'adminOrPublisher',
        target: route(paths.adminAnalytics('series')),
        built: true,
      },
      {
        id: 'analytics-channels',
        label: 'analyticsChannels',
        audience: 'adminOrPublisher',
        target: route(paths.adminAnalytics('channels')),
        built: true,
      },
      {
        id: 'analytics-lives',
        label: 'analyticsLives',
        audience: 'adminOrPublisher',
        target: route(paths.adminAnalytics('lives')),
        built: true,
      },
    ],
  },
  {
    id: 'admin-transfer',
    label: 'adminTransfer',
    icon: 'transfer',
    audience: 'admin',
    target: route(paths.adminTransfer),
    built: true,
  },
  {
    id: 'migrate-client',
    label: 'migrateClient',
    icon: 'migration',
    audience: 'adminOrMigrationList',
    target: dialog('userMigration'),
    built: true,
  },
  {
    id: 'manual',
    label: 'manual',
    icon: 'manual',
    audience: 'everyone',
    target: dialog('manual'),
    built: true,
  },
  {
    id: 'server-rules',
    label: 'serverRules',
    icon: 'rules',
    audience: 'nonAdmin',
    target: dialog('serverRules'),
    built: true,
  },
  {
    id: 'responsibilities',
    label: 'responsibilities',
    icon: 'responsibilities',
    audience: 'nonAdmin',
    target: dialog('responsibilities'),
    built: true,
  },
] as const satisfies readonly MenuEntry[];

/** The top bar's settings menu (docs/product/screens.md#top-bar "settings menu (change password, settings, lock panel, logout)"). */
export const SETTINGS_MENU = [
  {
    id: 'change-password',
    label: 'changePassword',
    icon: 'password',
    audience: 'everyone',
    target: route(paths.changePassword),
    built: true,
  },
  {
    id: 'profile-settings',
    label: 'settings',
    icon: 'settings',
    audience: 'everyone',
    target: route(paths.profile),
    built: true,
  },
  {
    id: 'lock',
    label: 'lockPanel',
    icon: 'lock',
    audience: 'everyone',
    target: { kind: 'action', action: 'lock' },
    built: true,
  },
  {
    id: 'logout',
    label: 'logout',
    icon: 'logout',
    audience: 'everyone',
    target: { kind: 'action', action: 'logout' },
    built: true,
  },
] as const satisfies readonly MenuLeaf[];

type LeavesOf<E> = E extends { children: readonly (infer C)[] } ? C : E;
type MenuLeafLiteral = LeavesOf<(typeof SIDEBAR_MENU)[number]> | (typeof SETTINGS_MENU)[number];
/** Ids of built items that open a route: app/routes must register a page for each, and only for these. */
export type BuiltRouteItemId = Extract<MenuLeafLiteral, { built: true; target: { kind: 'route' } }>['id'];
/** Dialogs of built items: app/layout must provide each. */
export type BuiltMenuDialog = Extract<
  MenuLeafLiteral,
  { built: true; target: { kind: 'dialog' } }
>['target'] extends infer T
  ? T extends { dialog: infer D }
    ? D
    : never
  : never;

function isShown(leaf: MenuLeaf, context: AudienceContext): boolean {
  return leaf.built && isInAudience(leaf.audience, context);
}

/** The sidebar for one account: built, permitted items; groups without such children disappear. */
export function visibleSidebarMenu(
  context: AudienceContext,
  menu: readonly MenuEntry[] = SIDEBAR_MENU,
): MenuEntry[] {
  const visible: MenuEntry[] = [];
  for (const entry of menu) {
    if (!isMenuGroup(entry)) {
      if (isShown(entry, context)) visible.push(entry);
      continue;
    }
    if (!isInAudience(entry.audience, context)) continue;
    const children = entry.children.filter((child) => isShown(child, context));
    if (children.length > 0) visible.push({ ...entry, children });
  }
  return visible;
}

export function visibleSettingsMenu(
  context: AudienceContext,
  menu: readonly MenuLeaf[] = SETTINGS_MENU,
): MenuLeaf[] {
  return menu.filter((leaf) => isShown(leaf, context));
}

export interface MenuRoute {
  id: BuiltRouteItemId;
  path: string;
  /**
   * Who may open it: every one of these audiences must admit the account (its group's and its own;
   * 'everyone' left out). Empty: any signed-in account (decision 0068).
   */
  audiences: readonly Audience[];
}

function routeAudiences(...audiences: Audience[]): Audience[] {
  return [...new Set(audiences)].filter((audience) => audience !== 'everyone');
}

/**
 * Every route of a built menu item with who may open it: what app/routes must register and guard, and
 * nothing else from the menu.
 */
export function builtMenuRoutes(
  menus: readonly (readonly MenuEntry[])[] = [SIDEBAR_MENU, SETTINGS_MENU],
): MenuRoute[] {
  const leaves = menus
    .flat()
    .flatMap((entry) =>
      isMenuGroup(entry)
        ? entry.children.map((leaf) => ({ leaf, audiences: routeAudiences(entry.audience, leaf.audience) }))
        : [{ leaf: entry, audiences: routeAudiences(entry.audience) }],
    );
  return leaves.flatMap(({ leaf, audiences }) =>
    leaf.built && leaf.target.kind === 'route'
      ? [{ id: leaf.id as BuiltRouteItemId, path: leaf.target.path, audiences }]
      : [],
  );
}
