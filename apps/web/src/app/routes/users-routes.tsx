import { PageLoader } from '@/components/page-loader';
import { UsersPage } from '@/features/lines/components/users-page';
import { useProfile } from '@/lib/queries/profile-query';

export { prefetchUsersList } from '@/features/lines/components/users-list-request';

/**
 * /users, composed here: the list needs the signed-in profile (role, own account, mobile tables). A
 * navigation state `{ openCreate: true }` or `{ quickTest: true }` opens the create dialog.
 */
export function UsersRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <UsersPage profile={profile} />;
}

/** /users/create: the list with the create dialog open (docs/product/screens.md#routes). */
export function UsersCreateRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <UsersPage profile={profile} createOnOpen />;
}
