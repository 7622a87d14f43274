import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSchema, type Payment } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPayment } from '@/lib/queries/line-refresh';

/** POST /api/payments/:id/confirm: the static PIX arrived; the line is renewed (decision 0164). */
export async function confirmPixPayment(id: number): Promise<Payment> {
  return apiRequest(`/payments/${id}/confirm`, paymentSchema, { method: 'POST' });
}

export function useConfirmPixPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPixPayment,
    meta: { silentError: true },
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
