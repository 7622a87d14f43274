import { Burger, Group, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { CreditBalance } from '@/features/profile/components/credit-balance';
import { ThemeSwitch } from '@/features/profile/components/theme-switch';
import { ReleasesButton } from '@/features/releases/components/releases-button';
import { RenewalsPendingButton } from '@/features/payments/components/payment-alerts';
import { SIDEBAR_BREAKPOINT } from '../theme';
import { LanguageMenu } from './language-menu';
import { SettingsMenu } from './settings-menu';

interface AppHeaderProps {
  accountType: AccountType | undefined;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
}

export function AppHeader({
  accountType,
  mobileOpened,
  desktopOpened,
  onToggleMobile,
  onToggleDesktop,
}: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom={SIDEBAR_BREAKPOINT}
          size="sm"
          aria-label={t('topbar.openMenu')}
        />
        <Burger
          opened={desktopOpened}
          onClick={onToggleDesktop}
          visibleFrom={SIDEBAR_BREAKPOINT}
          size="sm"
          aria-label={t('topbar.collapseSidebar')}
        />
        <Text fw={800} size="lg" visibleFrom="xs">
          Painel
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <CreditBalance />
        {/* Paid renewals waiting for credits (decision 0164): admins and resellers receive payments. */}
        <RenewalsPendingButton
          enabled={accountType === 'admin' || accountType === 'reseller'}
          label={t('topbar.renewalsPending')}
        />
        <ReleasesButton label={t('topbar.contentUpdates')} />
        <ThemeSwitch />
        <LanguageMenu />
        <SettingsMenu accountType={accountType} />
      </Group>
    </Group>
  );
}
