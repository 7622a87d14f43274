import { Switch, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

/** Light/dark switch of the top bar; the choice is saved on the profile (POST /api/profile {dark_mode}). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const updateProfile = useUpdateProfile();

  const handleChange = (checked: boolean) => {
    setColorScheme(checked ? 'dark' : 'light');
    updateProfile.mutate({ dark_mode: checked ? 1 : 0 });
  };

  return (
    <Switch
      aria-label={t('topbar.toggleTheme')}
      checked={dark}
      onChange={(event) => handleChange(event.currentTarget.checked)}
      size="md"
      onLabel={<IconMoon size={14} stroke={2} />}
      offLabel={<IconSun size={14} stroke={2} />}
    />
  );
}
