import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/lib/queries/profile-query';
import { LogsPage } from '@/features/logs/components/logs-page';
import { ResellerLogsPage } from '@/features/logs/components/reseller-logs-page';

/** /logs, composed here: filters are remembered per account, cards follow the profile's table mode. */
export function LogsRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <LogsPage profile={profile} />;
}

/** /resellers/logs: credit moves and reseller creations (docs/product/screens.md#reseller-logs). */
export function ResellerLogsRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <ResellerLogsPage profile={profile} />;
}
