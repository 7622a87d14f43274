import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { useProfile } from '@/features/profile/api/get-profile';

/** The dashboard is composed here: the profile comes from the profile feature. */
export function DashboardRoute() {
  const { data: profile } = useProfile();
  return <DashboardPage profile={profile} />;
}
