import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { showSuccessToast } from '@/lib/toasts';
import { useResetTwoFactor } from '../api/reset-two-factor';

/** The admin resets a reseller's two-factor sign-in (decision 0135), asked first. */
export function ResetTwoFactorDialog({ reseller, onClose }: { reseller: Reseller; onClose: () => void }) {
  const reset = useResetTwoFactor();
  return (
    <ConfirmDialog
      opened
      title="Redefinir verificação em duas etapas"
      message={`Redefinir a verificação em duas etapas de ${reseller.username}? As sessões abertas dessa conta são encerradas e ela entra só com a senha até configurar de novo.`}
      confirmLabel="Redefinir"
      confirmColor="red"
      loading={reset.isPending}
      onCancel={onClose}
      onConfirm={() =>
        reset.mutate(reseller.id, {
          onSuccess: () => {
            showSuccessToast(TWO_FACTOR_MESSAGES.resetDone);
            onClose();
          },
        })
      }
      testId="reset-two-factor-dialog"
    />
  );
}
