import { PageLoader } from '@/components/page-loader';
import { OnlineIptvPage } from '@/features/online/components/online-iptv-page';
import { P2pOnlinePage } from '@/features/online/components/p2p-online-page';
import { useProfile } from '@/lib/queries/profile-query';

/** /users/iptv/connections (docs/product/screens.md#online-users): cards follow the profile's table mode. */
export function OnlineIptvRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <OnlineIptvPage profile={profile} />;
}

/** /users/p2p/connections. */
export function OnlineP2pRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <P2pOnlinePage profile={profile} />;
}
