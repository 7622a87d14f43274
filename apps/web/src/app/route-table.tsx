import { lazy, Suspense, type ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import {
  builtMenuRoutes,
  type Audience,
  type BuiltRouteItemId,
  type MenuRoute,
} from '@/config/menu-definition';
import { isInEveryAudience } from '@/config/menu-types';
import { paths } from '@/config/paths';
import { startEarlyRequest } from '@/lib/api-client';
import { readStoredAuth } from '@/lib/auth-storage';
import { RequireAuth } from './guards/require-auth';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error-page';

// Every screen is its own chunk, so /login loads neither the shell nor any authenticated page.
const LoginPage = lazy(() =>
  import('@/features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const LogoutPage = lazy(() =>
  import('@/features/auth/components/logout-page').then((m) => ({ default: m.LogoutPage })),
);
const LockPage = lazy(() =>
  import('@/features/auth/components/lock-page').then((m) => ({ default: m.LockPage })),
);
const TwoFactorSetupPage = lazy(() =>
  import('@/features/profile/components/two-factor-setup-page').then((m) => ({
    default: m.TwoFactorSetupPage,
  })),
);
const MaintenancePage = lazy(() =>
  import('@/features/maintenance/components/maintenance-page').then((m) => ({ default: m.MaintenancePage })),
);
// The shell paints in the stored language at once: its texts arrive with it (pt-BR is in the bundle).
const AppLayout = lazyScreen(async () => {
  const [layout, i18n] = await Promise.all([import('./layout/app-layout'), import('@/lib/i18n')]);
  await i18n.loadStoredLanguage();
  return { default: layout.AppLayout };
});
// The role guard reads the profile (and its schema): not something the login screen should download.
// The module loader keeps one download however often it is asked for: preloadScreen asks early.
const loadRoleGuard = () => import('./guards/require-audience');
const RequireAudience = lazy(() => loadRoleGuard().then((m) => ({ default: m.RequireAudience })));

/**
 * The page of every built menu item. Typed from the menu definition: flipping an item's `built` flag
 * without adding its page here (or adding a page for an unbuilt item) does not compile.
 */
export const MENU_PAGES: Record<BuiltRouteItemId, LazyScreen> = {
  dashboard: lazyScreen(() =>
    import('./routes/dashboard-route').then((m) => ({ default: m.DashboardRoute })),
  ),
  'change-password': lazyScreen(() =>
    import('@/features/profile/components/change-password-page').then((m) => ({
      default: m.ChangePasswordPage,
    })),
  ),
  'resellers-list': lazyScreen(() =>
    import('./routes/resellers-routes').then((m) => ({ default: m.ResellersRoute })),
  ),
  'resellers-create': lazyScreen(() =>
    import('./routes/resellers-routes').then((m) => ({ default: m.ResellersCreateRoute })),
  ),
  'resellers-logs': lazyScreen(() =>
    import('./routes/logs-routes').then((m) => ({ default: m.ResellerLogsRoute })),
  ),
  'users-list': lazyScreen(() =>
    import('./routes/users-routes').then((m) => ({ default: m.UsersRoute, prefetch: m.prefetchUsersList })),
  ),
  'users-create': lazyScreen(() =>
    import('./routes/users-routes').then((m) => ({
      default: m.UsersCreateRoute,
      prefetch: m.prefetchUsersList,
    })),
  ),
  'users-iptv-online': lazyScreen(() =>
    import('./routes/online-routes').then((m) => ({ default: m.OnlineIptvRoute })),
  ),
  'users-p2p-online': lazyScreen(() =>
    import('./routes/online-routes').then((m) => ({ default: m.OnlineP2pRoute })),
  ),
  logs: lazyScreen(() => import('./routes/logs-routes').then((m) => ({ default: m.LogsRoute }))),
  'admin-settings': lazyScreen(() =>
    import('@/features/panel-settings/components/panel-settings-page').then((m) => ({
      default: m.PanelSettingsPage,
    })),
  ),
  'admin-transfer': lazyScreen(() =>
    import('@/features/resellers/components/transfer-page').then((m) => ({ default: m.TransferPage })),
  ),
  'content-sources': lazyScreen(() =>
    import('@/features/content-sources/components/content-sources-page').then((m) => ({
      default: m.ContentSourcesPage,
    })),
  ),
  'streaming-servers': lazyScreen(() =>
    import('@/features/streaming-servers/components/streaming-servers-page').then((m) => ({
      default: m.StreamingServersPage,
    })),
  ),
  reminders: lazyScreen(() =>
    import('@/features/reminders/components/reminders-page').then((m) => ({ default: m.RemindersPage })),
  ),
  domains: lazyScreen(() => import('./routes/domains-routes').then((m) => ({ default: m.DomainsRoute }))),
  'activation-codes': lazyScreen(() =>
    import('./routes/activation-codes-routes').then((m) => ({ default: m.ActivationCodesRoute })),
  ),
  payments: lazyScreen(() => import('./routes/payments-routes').then((m) => ({ default: m.PaymentsRoute }))),
  'buy-credits': lazyScreen(() =>
    import('./routes/payments-routes').then((m) => ({ default: m.BuyCreditsRoute })),
  ),
  'setup-messages': lazyScreen(() =>
    import('@/features/setup-messages/components/setup-templates-page').then((m) => ({
      default: m.SetupTemplatesPage,
    })),
  ),
  'admin-news': lazyScreen(() =>
    import('@/features/news/components/admin-news-page').then((m) => ({ default: m.AdminNewsPage })),
  ),
  'catalog-garbage': lazyScreen(() =>
    import('./routes/content-removal-routes').then((m) => ({ default: m.ContentRemovalRoute })),
  ),
  'analytics-movies': lazyScreen(() =>
    import('./routes/analytics-routes').then((m) => ({ default: m.AnalyticsMoviesRoute })),
  ),
  'analytics-series': lazyScreen(() =>
    import('./routes/analytics-routes').then((m) => ({ default: m.AnalyticsSeriesRoute })),
  ),
  'analytics-channels': lazyScreen(() =>
    import('./routes/analytics-routes').then((m) => ({ default: m.AnalyticsChannelsRoute })),
  ),
  'analytics-lives': lazyScreen(() =>
    import('./routes/analytics-routes').then((m) => ({ default: m.AnalyticsLivesRoute })),
  ),
  'catalog-requests-list': lazyScreen(() =>
    import('./routes/catalog-requests-routes').then((m) => ({ default: m.CatalogRequestsRoute })),
  ),
  'catalog-requests-create': lazyScreen(() =>
    import('./routes/catalog-requests-routes').then((m) => ({ default: m.CatalogRequestsCreateRoute })),
  ),
  'profile-settings': lazyScreen(() =>
    import('./routes/profile-route').then((m) => ({ default: m.ProfileRoute })),
  ),
};

const MENU_ROUTES: readonly MenuRoute[] = builtMenuRoutes();

/** Who may open a menu item's route (decision 0068): its audiences in the menu definition. */
function audiencesOf(id: BuiltRouteItemId): readonly Audience[] {
  const route = MENU_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No built menu route ${id}`);
  return route.audiences;
}

/**
 * Addresses inside a menu screen that are no menu item of their own, each opened by whoever may open
 * that item (`of`): /domains/create is the domains list with the 'Novo domínio' modal open
 * (docs/product/screens.md#domains); /admin/analytics and an unknown analytics type go to the default
 * type (the four known types are menu items, which match first).
 */
const analyticsDefault = lazyScreen(() =>
  import('./routes/analytics-routes').then((m) => ({ default: m.AnalyticsDefaultRoute })),
);
export const SUB_PAGES: { path: string; page: LazyScreen; of: BuiltRouteItemId }[] = [
  { path: '/admin/analytics', page: analyticsDefault, of: 'analytics-movies' },
  { path: '/admin/analytics/:type', page: analyticsDefault, of: 'analytics-movies' },
  {
    path: paths.domainsCreate,
    page: lazyScreen(() =>
      import('./routes/domains-routes').then((m) => ({ default: m.DomainsCreateRoute })),
    ),
    of: 'domains',
  },
  {
    path: `${paths.activationCodes}/:id`,
    page: lazyScreen(() =>
      import('./routes/activation-codes-routes').then((m) => ({ default: m.ActivationBatchRoute })),
    ),
    of: 'activation-codes',
  },
  {
    path: `${paths.activationCodes}/:id/print`,
    page: lazyScreen(() =>
      import('./routes/activation-codes-routes').then((m) => ({ default: m.ActivationSheetRoute })),
    ),
    of: 'activation-codes',
  },
];

/** Every signed-in address with its page and who may open it: the one table the router and the menu share. */
export const GUARDED_PAGES: { path: string; page: LazyScreen; audiences: readonly Audience[] }[] = [
  ...MENU_ROUTES.map((route) => ({
    path: route.path,
    page: MENU_PAGES[route.id],
    audiences: route.audiences,
  })),
  ...SUB_PAGES.map(({ path, page, of }) => ({ path, page, audiences: audiencesOf(of) })),
];

/** A page for any signed-in account as it is; one with audiences behind the role guard. */
function guardedElement(Page: LazyScreen, audiences: readonly Audience[]): ReactElement {
  return audiences.length === 0 ? (
    <Page />
  ) : (
    <RequireAudience audiences={audiences}>
      <Page />
    </RequireAudience>
  );
}

export const routes: RouteObject[] = [
  {
    // A boundary rather than `errorElement`: main.tsx renders these routes with the component router.
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.logout, element: <LogoutPage /> },
      { path: paths.lock, element: <LockPage /> },
      { path: paths.maintenance, element: <MaintenancePage /> },
      {
        element: <RequireAuth />,
        children: [
          // Outside the signed-in frame: the server refuses its requests until the setup is done (0132).
          { path: paths.twoFactorSetup, element: <TwoFactorSetupPage /> },
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              ...GUARDED_PAGES.map(({ path, page, audiences }) => ({
                path,
                element: guardedElement(page, audiences),
              })),
            ],
          },
        ],
      },
      // Screens not built yet (and unknown addresses) land on the dashboard.
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];

/**
 * A signed-in visit opens on the shell, the screen and the profile, each waiting for the one before
 * when left to rendering. Asked for at start, they arrive together (docs/benchmarks.md, P5); the
 * profile is asked first, before the scripts take every connection. A screen that knows its first
 * request (/users' list) asks for it once its code and the profile are there (decision 0110).
 */
export function preloadScreen(pathname: string, queryClient?: QueryClient): void {
  if (!readStoredAuth()) return;
  // Menu routes first: their static paths win over the sub-pages' patterns, as in the router.
  const route = GUARDED_PAGES.find((candidate) => matchPath(candidate.path, pathname));
  if (!route) return;
  startEarlyRequest('/profile');
  AppLayout.preload();
  // A failed download is React.lazy's to report, when the guard renders.
  if (route.audiences.length > 0) loadRoleGuard().catch(() => undefined);
  // The guard's own rule: a screen the role may not open asks the server for nothing (decision 0110).
  route.page.preload(queryClient, (profile) => isInEveryAudience(route.audiences, { type: profile.type }));
}
