import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PANEL_SETTINGS_MESSAGES } from '@panel/shared/settings/panel-settings-api';
import { PageLoader } from '@/components/page-loader';
import { showSuccessToast } from '@/lib/toasts';
import { useProfile } from '@/lib/queries/profile-query';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import { BrandingCard } from './branding-card';
import { NotificationsCard } from './notifications-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const SETTING_SAVED_TEXT = PANEL_SETTINGS_MESSAGES.saved;

/**
 * /profile: the account's preferences (table layout on mobile, avatar), its two-factor sign-in and sessions,
 * then the sections app/ composes in (`children`: the 'API' tokens of decision 0137).
 */
export function ProfileSettingsPage({ children }: { children?: ReactNode }) {
  const { data: profile } = useProfile();
  const updateProfile = useUpdateProfile();

  if (!profile) return <PageLoader />;

  const save = (update: Parameters<typeof updateProfile.mutate>[0]) =>
    updateProfile.mutate(update, { onSuccess: () => showSuccessToast(SETTING_SAVED_TEXT) });

  return (
    <Stack gap="lg">
      <Title order={2}>Configurações</Title>
      <Card withBorder radius="md" p="lg">
        <Switch
          label="Exibir tabelas em modo vertical (Mobile)"
          checked={profile.mobile_table_mode === 1}
          onChange={(event) => save({ mobile_table_mode: event.currentTarget.checked ? 1 : 0 })}
        />
      </Card>
      <Card withBorder radius="md" p="lg">
        <Stack gap="md">
          <div>
            <Title order={4}>Avatar</Title>
            <Text size="sm" c="dimmed">
              Escolha o avatar exibido no menu lateral.
            </Text>
          </div>
          <AvatarPicker
            value={profile.avatar}
            disabled={updateProfile.isPending}
            onChange={(avatar) => save({ avatar })}
          />
        </Stack>
      </Card>
      {profile.type === 'publisher' ? null : <BrandingCard />}
      {profile.type === 'publisher' ? null : <NotificationsCard />}
      <TwoFactorCard />
      <SessionsCard />
      {children}
    </Stack>
  );
}
