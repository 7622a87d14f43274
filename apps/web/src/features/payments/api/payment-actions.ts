import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSchema, type Payment } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPayment } from '@/lib/queries/line-refresh';

/** POST /api/payments/:id/confirm (static PIX received) or /refresh (ask Mercado Pago now). */
export async function runPaymentAction({
  id,
  action,
}: {
  id: number;
  action: 'confirm' | 'refresh';
}): Promise<Payment> {
  return apiRequest(`/payments/${id}/${action}`, paymentSchema, { method: 'POST' });
}

export function usePaymentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPaymentAction,
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
