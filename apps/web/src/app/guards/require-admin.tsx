import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/queries/profile-query';

/**
 * Admin-only pages (docs/product/roles.md#admin-only-pages: /admin/settings, /admin/news, /admin/transfer;
 * and docs/product/screens.md#content-sources): others go to /dashboard.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: profile, isPending } = useProfile();
  if (isPending) return <PageLoader />;
  if (profile?.type !== 'admin') return <Navigate to={paths.dashboard} replace />;
  return children;
}
