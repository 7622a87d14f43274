import { Group, Skeleton, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { formatCredits } from '@panel/shared/money/credits';
import { useProfile } from '../api/get-profile';

/** The top bar's credit balance: two decimals, pt-BR format (spec §2). */
export function CreditBalance() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  return (
    <Group gap={6} wrap="nowrap">
      <IconCoins size={18} aria-hidden />
      <Text size="sm" visibleFrom="xs">
        {t('topbar.credits')}:
      </Text>
      {profile ? (
        <Text size="sm" fw={700} data-testid="credit-balance">
          {formatCredits(profile.credits)}
        </Text>
      ) : (
        <Skeleton h={16} w={56} />
      )}
    </Group>
  );
}
