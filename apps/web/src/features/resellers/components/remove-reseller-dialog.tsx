import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ACTION_DONE_TEXT, showSuccessToast } from '@/lib/toasts';
import { useDeleteReseller } from '../api/delete-reseller';

/** Admin removal, asked first: the credits go back to its master, its sub-resellers to REVENDAS_DELETADOS. */
export function RemoveResellerDialog({ reseller, onClose }: { reseller: Reseller; onClose: () => void }) {
  const deleteReseller = useDeleteReseller();
  return (
    <ConfirmDialog
      opened
      title="Remover revendedor"
      message={`Deseja realmente remover o revendedor ${reseller.username}? Os créditos voltam para o master e os sub-revendas vão para REVENDAS_DELETADOS.`}
      confirmLabel="Remover"
      confirmColor="red"
      loading={deleteReseller.isPending}
      onCancel={onClose}
      onConfirm={() =>
        deleteReseller.mutate(reseller.id, {
          onSuccess: () => {
            showSuccessToast(ACTION_DONE_TEXT);
            onClose();
          },
          // The global handler already showed the refusal; the dialog stays for another try or Cancelar.
        })
      }
      testId="remove-reseller-dialog"
    />
  );
}
