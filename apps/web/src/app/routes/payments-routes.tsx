import { PageLoader } from '@/components/page-loader';
import { PaymentsPage } from '@/features/payments/components/payments-page';
import { useProfile } from '@/lib/queries/profile-query';

/** /payments, composed here: the list needs the signed-in profile (its stored filters, mobile tables). */
export function PaymentsRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <PaymentsPage profile={profile} />;
}
