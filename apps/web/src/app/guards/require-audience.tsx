import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadFailure } from '@/components/load-failure';
import { PageLoader } from '@/components/page-loader';
import { isInEveryAudience, type Audience } from '@/config/menu-types';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/queries/profile-query';
import { classifySessionFailure } from '@/lib/session-failure';

interface RequireAudienceProps {
  /** Who may open the route: its menu item's audiences (config/menu-definition.ts `builtMenuRoutes`). */
  audiences: readonly Audience[];
  children: ReactNode;
}

/**
 * A screen the account's role may not use (docs/product/roles.md#who-may-open-which-screen, decision 0068):
 * the visitor goes to /dashboard at once and without a word, before the screen mounts, so no dialog opens
 * and no request the server would refuse is made. Waits for the profile, which says the role.
 */
export function RequireAudience({ audiences, children }: RequireAudienceProps) {
  const { data: profile, error, refetch, isRefetching } = useProfile();
  if (!profile) {
    // A locked or gone session is on its way to /lock or /login, which return here afterwards: going to
    // /dashboard now would make that the page to return to (decision 0029).
    if (!error || classifySessionFailure(error)) return <PageLoader />;
    return (
      <LoadFailure
        error={error}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        testId="profile-error"
      />
    );
  }
  if (!isInEveryAudience(audiences, { type: profile.type })) return <Navigate to={paths.dashboard} replace />;
  return children;
}
