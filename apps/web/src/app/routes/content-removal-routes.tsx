import { PageLoader } from '@/components/page-loader';
import { ContentRemovalPage } from '@/features/content-removal/components/content-removal-page';
import { useProfile } from '@/lib/queries/profile-query';

/** /catalog/garbage (admin only: the menu item's guard); the list needs the profile's table mode. */
export function ContentRemovalRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <ContentRemovalPage profile={profile} />;
}
