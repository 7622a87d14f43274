import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { linesQueryKeys } from './list-lines';

/** POST /api/users/:id/renew-package: the package's months for its official credits × screens. */
export async function renewLineByPackage({
  id,
  packageId,
}: {
  id: number;
  packageId: number;
}): Promise<LineActionResult> {
  return lineActionResultSchema.parse(
    await apiRequest<unknown>(`/users/${id}/renew-package`, {
      method: 'POST',
      body: { package_id: packageId },
    }),
  );
}

export function useRenewLineByPackage() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: renewLineByPackage,
    // The modal shows the refusal itself (under the form or as a toast).
    meta: { silentError: true },
    onSuccess: async () => {
      refreshBalance();
      await queryClient.invalidateQueries({ queryKey: linesQueryKeys.all });
    },
  });
}
