import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { DASHBOARD_KEY } from './get-dashboard-stats';
import { dropExpiringLine } from './get-expiring-lines';

/**
 * POST /api/users/:id/renew-package { package_id }: the package's months for its official credits
 * times the line's screens (admins: free); the line takes the package.
 */
export async function renewByPackage({
  id,
  packageId,
}: {
  id: number;
  packageId: number;
}): Promise<LineActionResult> {
  const body = await apiRequest<unknown>(`/users/${id}/renew-package`, {
    method: 'POST',
    body: { package_id: packageId },
  });
  return lineActionResultSchema.parse(body);
}

/** Like useRenewMonth: failures from the expirations list are silent (spec §8), the list is refetched. */
export function useRenewByPackage() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: renewByPackage,
    meta: { silentError: true },
    onSuccess: (result) => {
      refreshBalance();
      dropExpiringLine(queryClient, result.line.id);
    },
    // Not awaited: the row is already gone, the toast need not wait for the refetch.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  });
}
