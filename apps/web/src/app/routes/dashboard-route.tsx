import { Stack } from '@mantine/core';
import { lazyModal } from '@/components/lazy-modal';
import { PageLoader } from '@/components/page-loader';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { PublisherDashboard } from '@/features/dashboard/components/publisher-dashboard';
import type { RenewalDialogs } from '@/features/dashboard/components/renewal-dialogs';
import { RenewalsPendingAlert } from '@/features/payments/components/payment-alerts';
import { useProfile } from '@/lib/queries/profile-query';

/**
 * 'Próximos vencimentos' renews with the /users dialogs: one paid line-action flow (decision 0030). Each is
 * fetched when it opens. Imported here, not through the lines feature's `line-action-modals.ts`: a module
 * shared by two routes becomes a shared chunk that the bundler fills with the dialogs' common code, which
 * /users would then download up front (P4).
 */
const RENEWAL_DIALOGS: RenewalDialogs = {
  month: lazyModal(() =>
    import('@/features/lines/components/actions/renew-month-modal').then((m) => m.RenewMonthModal),
  ),
  package: lazyModal(() =>
    import('@/features/lines/components/actions/renew-by-package-modal').then((m) => m.RenewByPackageModal),
  ),
};

/**
 * The dashboard is composed here: the profile from lib/queries, the renewals from the lines feature, the
 * payments' warning of renewals waiting for credits. The
 * role decides which one (decision 0068): a publisher's is its catalog work, so nothing is painted or
 * asked for before the profile says who is signed in (it was asked for at start, decision 0020).
 */
export function DashboardRoute() {
  const { data: profile, isPending } = useProfile();
  if (isPending) return <PageLoader />;
  if (profile?.type === 'publisher') return <PublisherDashboard profile={profile} />;
  // Paid renewals waiting for credits are told at once, above everything (decision 0164).
  return (
    <Stack gap="md">
      <RenewalsPendingAlert enabled={profile !== undefined} />
      <DashboardPage profile={profile} renewalDialogs={RENEWAL_DIALOGS} />
    </Stack>
  );
}
