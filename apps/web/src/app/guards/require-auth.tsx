import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useStoredAuth } from '@/lib/auth-storage';
import { storeRedirectPath } from '@/lib/redirect-path';

/**
 * Protected routes (docs/product/screens.md#redirect-after-login): every visit is remembered as the after-login destination, and without a
 * stored login the visitor goes to /login.
 */
export function RequireAuth() {
  const auth = useStoredAuth();
  const { pathname, search } = useLocation();

  useEffect(() => storeRedirectPath(pathname, search), [pathname, search]);

  if (!auth) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
