import { lazy, Suspense, type ReactElement } from 'react';
import { matchPath, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { builtMenuRoutes, type BuiltRouteItemId, type MenuRoute } from '@/config/menu-definition';
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
const MaintenancePage = lazy(() =>
  import('@/features/maintenance/components/maintenance-page').then((m) => ({ default: m.MaintenancePage })),
);
// The shell paints in the stored language at once: its texts arrive with it (pt-BR is in the bundle).
const AppLayout = lazyScreen(async () => {
  const [layout, i18n] = await Promise.all([import('./layout/app-layout'), import('@/lib/i18n')]);
  await i18n.loadStoredLanguage();
  return { default: layout.AppLayout };
});
// The admin guard reads the profile (and its schema): not something the login screen should download.
const RequireAdmin = lazy(() => import('./guards/require-admin').then((m) => ({ default: m.RequireAdmin })));

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
  'users-list': lazyScreen(() => import('./routes/users-routes').then((m) => ({ default: m.UsersRoute }))),
  'users-create': lazyScreen(() =>
    import('./routes/users-routes').then((m) => ({ default: m.UsersCreateRoute })),
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
  domains: lazyScreen(() => import('./routes/domains-routes').then((m) => ({ default: m.DomainsRoute }))),
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
    import('@/features/profile/components/profile-settings-page').then((m) => ({
      default: m.ProfileSettingsPage,
    })),
  ),
};

/**
 * Addresses inside a menu screen that are no menu item of their own: /domains/create is the domains list
 * with the 'Novo domínio' modal open (docs/product/screens.md#domains); /admin/analytics and an unknown
 * analytics type go to the default type (the four known types are menu items, which match first).
 */
const analyticsDefault = lazyScreen(() =>
  import('./routes/analytics-routes').then((m) => ({ default: m.AnalyticsDefaultRoute })),
);
export const SUB_PAGES: { path: string; page: LazyScreen }[] = [
  { path: '/admin/analytics', page: analyticsDefault },
  { path: '/admin/analytics/:type', page: analyticsDefault },
  {
    path: paths.domainsCreate,
    page: lazyScreen(() =>
      import('./routes/domains-routes').then((m) => ({ default: m.DomainsCreateRoute })),
    ),
  },
];

function menuRouteElement(route: MenuRoute): ReactElement {
  const Page = MENU_PAGES[route.id];
  return route.guard === 'adminOnly' ? (
    <RequireAdmin>
      <Page />
    </RequireAdmin>
  ) : (
    <Page />
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
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              ...builtMenuRoutes().map((route) => ({ path: route.path, element: menuRouteElement(route) })),
              ...SUB_PAGES.map(({ path, page: Page }) => ({ path, element: <Page /> })),
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
 * profile is asked first, before the scripts take every connection.
 */
export function preloadScreen(pathname: string): void {
  if (!readStoredAuth()) return;
  const route = builtMenuRoutes().find((candidate) => matchPath(candidate.path, pathname));
  const page = route
    ? MENU_PAGES[route.id]
    : SUB_PAGES.find((candidate) => matchPath(candidate.path, pathname))?.page;
  if (!page) return;
  startEarlyRequest('/profile');
  AppLayout.preload();
  page.preload();
}
