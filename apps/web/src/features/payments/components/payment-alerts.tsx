import { ActionIcon, Alert, Anchor, Indicator, Tooltip } from '@mantine/core';
import { IconCashBanknote } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePaymentAlerts } from '../api/get-payment-alerts';
import { PAYMENT_TEXTS as TEXTS } from './payment-texts';

/**
 * The top bar's warning (decision 0164): paid renewals waiting for the reseller's credits, a badge with
 * their number that leads to 'Pagamentos'. Nothing while there are none.
 */
export function RenewalsPendingButton({ enabled, label }: { enabled: boolean; label: string }) {
  const { data } = usePaymentAlerts(enabled);
  const count = data?.renewal_pending ?? 0;
  if (count === 0) return null;
  return (
    <Tooltip label={label}>
      <Indicator label={count} size={16} color="orange">
        <ActionIcon
          component={Link}
          to={paths.payments}
          variant="light"
          color="orange"
          size="lg"
          aria-label={label}
          data-testid="topbar-renewals-pending"
        >
          <IconCashBanknote size={18} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** The dashboard's warning of the same, in words, with a link to 'Pagamentos'. */
export function RenewalsPendingAlert({ enabled }: { enabled: boolean }) {
  const { data } = usePaymentAlerts(enabled);
  const count = data?.renewal_pending ?? 0;
  if (count === 0) return null;
  return (
    <Alert color="orange" title={TEXTS.renewalPendingBadge} data-testid="dashboard-renewals-pending">
      {TEXTS.renewalPendingAlert(count)}{' '}
      <Anchor component={Link} to={paths.payments} size="sm">
        {TEXTS.seePayments}
      </Anchor>
    </Alert>
  );
}
