import { ApiTokensSection } from '@/features/api-tokens/components/api-tokens-section';
import { ProfileSettingsPage } from '@/features/profile/components/profile-settings-page';
import { useProfile } from '@/lib/queries/profile-query';

/**
 * /profile, composed here: the preferences, then the 'API' section for the accounts that may make API
 * tokens (admins and resellers; decision 0137).
 */
export function ProfileRoute() {
  const { data: profile } = useProfile();
  const withApi = profile !== undefined && profile.type !== 'publisher';
  return (
    <ProfileSettingsPage>
      {withApi && <ApiTokensSection isAdmin={profile.type === 'admin'} />}
    </ProfileSettingsPage>
  );
}
