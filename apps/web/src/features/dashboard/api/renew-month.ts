import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { DASHBOARD_KEY } from './get-dashboard-stats';
import { dropExpiringLine } from './get-expiring-lines';

/** POST /api/users/:id/renew { months: 1 }: one month for one credit per screen (admins: free). */
export async function renewMonth({ id }: { id: number }): Promise<LineActionResult> {
  const body = await apiRequest<unknown>(`/users/${id}/renew`, { method: 'POST', body: { months: 1 } });
  return lineActionResultSchema.parse(body);
}

/**
 * Spec §8: a renew failure from the expirations list is silently ignored (no toast); session failures
 * still go to the lock or login screen. Either way the list and counters are refetched.
 */
export function useRenewMonth() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: renewMonth,
    meta: { silentError: true },
    onSuccess: (result) => {
      refreshBalance();
      dropExpiringLine(queryClient, result.line.id);
    },
    // Not awaited: the row is already gone, the toast need not wait for the refetch.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  });
}
