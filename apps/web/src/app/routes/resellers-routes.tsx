import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/lib/queries/profile-query';
import { ResellersPage } from '@/features/resellers/components/resellers-page';

/** /resellers, composed here: the list needs the signed-in profile (role, own username, mobile tables). */
export function ResellersRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <ResellersPage profile={profile} />;
}

/** /resellers/create: the list with the new-reseller modal open (docs/product/screens.md#routes). */
export function ResellersCreateRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <ResellersPage profile={profile} createOnOpen />;
}
