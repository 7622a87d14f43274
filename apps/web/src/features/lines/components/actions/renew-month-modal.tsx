import { showSuccessToast } from '@/lib/toasts';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { useRenewLineMonth } from '../../api/renew-line-month';
import { LineConfirmDialog } from '../line-confirm-dialogs';
import { LINE_TOASTS } from '../line-texts';
import type { LineActionModalProps } from './line-action-modal';
import { useNowSeconds } from './use-now-seconds';

/**
 * Renew by one month (one credit per screen), after the confirmation with price and new expiry; a trial's
 * confirmation is its conversion into a paid line (decision 0027). /users and the dashboard both open it.
 */
export function RenewMonthModal({ line, opened, onClose }: LineActionModalProps) {
  const isAdmin = useIsAdmin();
  const now = useNowSeconds();
  const renew = useRenewLineMonth();
  if (!opened) return null;
  const confirm = () =>
    renew.mutate(
      { id: line.id, convertTrial: line.is_trial === 1 },
      {
        onSuccess: () => {
          showSuccessToast(LINE_TOASTS.renewed);
          onClose();
        },
      },
    );
  return (
    <LineConfirmDialog
      action="renew-month"
      line={line}
      isAdmin={isAdmin}
      nowSeconds={now}
      loading={renew.isPending}
      onConfirm={confirm}
      // Closing while the renewal is on its way would lose its outcome (the toast).
      onCancel={renew.isPending ? () => {} : onClose}
    />
  );
}
