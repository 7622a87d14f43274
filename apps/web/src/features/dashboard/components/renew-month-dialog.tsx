import { renewMonthCents } from '@panel/shared/lines/line-costs';
import type { Line } from '@panel/shared/lines/line-api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { showSuccessToast } from '@/lib/toasts';
import { useRenewMonth } from '../api/renew-month';
import { RENEW_MONTH_LABEL, RENEWED_TOAST } from './dashboard-texts';
import { renewPriceText } from './renew-price';

interface RenewMonthDialogProps {
  line: Line;
  isAdmin: boolean;
  onClose: () => void;
}

/** Renew by one month: asks first, showing the price (one credit per screen; admins renew for free). */
export function RenewMonthDialog({ line, isAdmin, onClose }: RenewMonthDialogProps) {
  const renew = useRenewMonth();
  const confirm = () =>
    renew.mutate(
      { id: line.id },
      {
        onSuccess: () => {
          showSuccessToast(RENEWED_TOAST);
          onClose();
        },
        // Spec §8: silently ignored here; the dialog just closes and the list is refetched.
        onError: onClose,
      },
    );
  return (
    <ConfirmDialog
      opened
      title={RENEW_MONTH_LABEL}
      message={
        <>
          Renovar o usuário <b>{line.username}</b> por 1 mês?
          <br />
          Valor:{' '}
          <b data-testid="renew-month-price">
            {renewPriceText(renewMonthCents(line.max_connections), isAdmin)}
          </b>
        </>
      }
      confirmLabel="Renovar"
      loading={renew.isPending}
      onConfirm={confirm}
      // Closing while the renewal is on its way would lose its outcome (the toast).
      onCancel={renew.isPending ? () => {} : onClose}
      testId="renew-month-dialog"
    />
  );
}
