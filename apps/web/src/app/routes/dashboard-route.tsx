import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import type { RenewalDialogs } from '@/features/dashboard/components/renewal-dialogs';
import { RenewByPackageModal, RenewMonthModal } from '@/features/lines/components/line-action-modals';
import { useProfile } from '@/lib/data/profile-query';

/** 'Próximos vencimentos' renews with the /users dialogs: one paid line-action flow (decision 0030). */
const RENEWAL_DIALOGS: RenewalDialogs = { month: RenewMonthModal, package: RenewByPackageModal };

/** The dashboard is composed here: the profile from lib/data, the renewals from the lines feature. */
export function DashboardRoute() {
  const { data: profile } = useProfile();
  return <DashboardPage profile={profile} renewalDialogs={RENEWAL_DIALOGS} />;
}
