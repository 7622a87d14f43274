import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useProfile } from '@/lib/queries/profile-query';

/** The theme follows the profile's dark_mode (docs/product/screens.md#top-bar: the theme is stored on the profile). */
export function useProfileColorScheme(): void {
  const darkMode = useProfile().data?.dark_mode;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (darkMode !== undefined) setColorScheme(darkMode === 1 ? 'dark' : 'light');
  }, [darkMode, setColorScheme]);
}
