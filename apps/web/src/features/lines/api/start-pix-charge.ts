import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSchema, type ChargeInput, type Payment } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** POST /api/payments/charges: a PIX charge for the line's renewal by a package (decision 0160). */
export async function startPixCharge(input: ChargeInput): Promise<Payment> {
  return apiRequest('/payments/charges', paymentSchema, { method: 'POST', body: input });
}

export function useStartPixCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPixCharge,
    // The dialog shows the refusal itself.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.payments }),
  });
}
