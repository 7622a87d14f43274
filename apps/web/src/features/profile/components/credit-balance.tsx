import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import {
  isLowBalance,
  RESELLER_NOTIFICATION_MESSAGES,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { useTranslation } from '@/lib/i18n';
import { formatCredits } from '@panel/shared/money/credits';
import { useProfile } from '@/lib/queries/profile-query';

/**
 * The room the balance takes, loaded or not: "1.234,56" in tabular digits. Right after sign-in a placeholder
 * of this width holds the number's place, so 'Créditos:' never stands alone and nothing moves when the
 * number arrives (decision 0028).
 */
export const BALANCE_WIDTH = '8ch';

/** The top bar's credit balance: two decimals, pt-BR format (docs/product/screens.md#top-bar). */
export function CreditBalance() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  // The reseller's own threshold (decision 0174): compared in exact cents, as the server does.
  const low = profile ? isLowBalance(profile.credits, profile.low_balance_threshold) : false;
  return (
    <Group gap={6} wrap="nowrap">
      <IconCoins size={18} aria-hidden />
      <Text size="sm" visibleFrom="xs">
        {t('topbar.credits')}:
      </Text>
      {/* The same box either way (size, weight, minimum width), so both are exactly as wide. */}
      <Text
        component="div"
        size="sm"
        fw={700}
        miw={BALANCE_WIDTH}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        aria-busy={profile ? undefined : true}
        data-testid={profile ? 'credit-balance' : 'credit-balance-placeholder'}
      >
        {profile ? formatCredits(profile.credits) : <Skeleton h="1lh" radius="sm" />}
      </Text>
      {low && profile?.low_balance_threshold ? (
        <Badge
          color="red"
          variant="filled"
          size="sm"
          title={RESELLER_NOTIFICATION_MESSAGES.lowBalance(formatCredits(profile.low_balance_threshold))}
          aria-label={RESELLER_NOTIFICATION_MESSAGES.lowBalance(formatCredits(profile.low_balance_threshold))}
          data-testid="low-balance-warning"
        >
          {RESELLER_NOTIFICATION_MESSAGES.lowBalanceBadge}
        </Badge>
      ) : null}
    </Group>
  );
}
