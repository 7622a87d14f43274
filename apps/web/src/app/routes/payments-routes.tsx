import { PageLoader } from '@/components/page-loader';
import { BuyCreditsPage } from '@/features/payments/components/buy-credits-page';
import { PaymentsPage } from '@/features/payments/components/payments-page';
import { useProfile } from '@/lib/queries/profile-query';

/** /payments, composed here: the list needs the signed-in profile (its stored filters, mobile tables). */
export function PaymentsRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <PaymentsPage profile={profile} />;
}

/** /buy-credits, 'Comprar créditos' (decision 0186): the balance it shows is the signed-in profile's. */
export function BuyCreditsRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <BuyCreditsPage profile={profile} />;
}
