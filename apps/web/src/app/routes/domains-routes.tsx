import { PageLoader } from '@/components/page-loader';
import { DomainsPage } from '@/features/domains/components/domains-page';
import { useProfile } from '@/lib/queries/profile-query';

/** /domains, composed here: the list needs the signed-in profile (role, mobile tables). */
export function DomainsRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <DomainsPage profile={profile} />;
}

/** /domains/create: the list with the 'Novo domínio' modal open (docs/product/screens.md#domains). */
export function DomainsCreateRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <DomainsPage profile={profile} createOnOpen />;
}
