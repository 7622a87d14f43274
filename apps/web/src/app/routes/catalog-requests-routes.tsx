import { PageLoader } from '@/components/page-loader';
import { CatalogRequestsPage } from '@/features/catalog-requests/components/catalog-requests-page';
import { useProfile } from '@/lib/queries/profile-query';

/** /requests/catalog, composed here: the list needs the signed-in profile (role, mobile tables). */
export function CatalogRequestsRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <CatalogRequestsPage profile={profile} />;
}

/** /requests/catalog/create: the list with the new-request modal open. */
export function CatalogRequestsCreateRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <CatalogRequestsPage profile={profile} createOnOpen />;
}
