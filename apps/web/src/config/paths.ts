/** Every route of the panel (docs/product/screens.md#routes). Screens not built yet are listed in menu-definition.ts. */
export const paths = {
  root: '/',
  login: '/login',
  logout: '/logout',
  lock: '/lock',
  maintenance: '/maintenance',
  dashboard: '/dashboard',
  profile: '/profile',
  changePassword: '/profile/change-password',
  /** The setup of a second step the panel requires (decision 0132): outside the signed-in frame. */
  twoFactorSetup: '/two-factor-setup',
  resellers: '/resellers',
  resellersCreate: '/resellers/create',
  resellersLogs: '/resellers/logs',
  users: '/users',
  usersCreate: '/users/create',
  usersIptvConnections: '/users/iptv/connections',
  usersP2pConnections: '/users/p2p/connections',
  adminSettings: '/admin/settings',
  adminNews: '/admin/news',
  adminTransfer: '/admin/transfer',
  contentSources: '/content-sources',
  streamingServers: '/streaming-servers',
  adminSetupMessages: '/admin/setup-messages',
  adminAnalytics: (type: AnalyticsType = 'streams') => `/admin/analytics/${type}`,
  logs: '/logs',
  catalogRequests: '/requests/catalog',
  catalogRequestsCreate: '/requests/catalog/create',
  catalogGarbage: '/catalog/garbage',
  reminders: '/reminders',
  domains: '/domains',
  /** 'Pagamentos' and its 'Recebimentos' tab (decision 0160). */
  payments: '/payments',
  /** 'Comprar créditos': a reseller buys credits from its parent by PIX (decision 0186). */
  buyCredits: '/buy-credits',
  domainsCreate: '/domains/create',
  /** Decisions 0145–0149: batches of activation codes; a batch is /activation-codes/:id, its sheet …/print. */
  activationCodes: '/activation-codes',
} as const;

export const ANALYTICS_TYPES = ['streams', 'series', 'channels', 'lives'] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];

/** Public screens: visiting them never becomes the after-login destination. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.logout,
  paths.lock,
  paths.maintenance,
  paths.twoFactorSetup,
];

export const DEFAULT_AFTER_LOGIN_PATH = paths.dashboard;
