import { Navigate } from 'react-router';
import type { AnalyticsType } from '@panel/shared/analytics/analytics-api';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import { useProfile } from '@/lib/queries/profile-query';

/**
 * /admin/analytics/{type} (docs/product/screens.md#analytics): admins and publishers; the route table's
 * guard sends a reseller to the dashboard before this loads (decision 0068).
 */
function AnalyticsRoute({ type }: { type: AnalyticsType }) {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <AnalyticsPage key={type} profile={profile} type={type} />;
}

export const AnalyticsMoviesRoute = () => <AnalyticsRoute type="streams" />;
export const AnalyticsSeriesRoute = () => <AnalyticsRoute type="series" />;
export const AnalyticsChannelsRoute = () => <AnalyticsRoute type="channels" />;
export const AnalyticsLivesRoute = () => <AnalyticsRoute type="lives" />;

/** /admin/analytics and an unknown type: the default type, movies (decision 0057). */
export const AnalyticsDefaultRoute = () => <Navigate to={paths.adminAnalytics('streams')} replace />;
