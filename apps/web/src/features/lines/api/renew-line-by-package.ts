import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

/**
 * POST /api/users/:id/renew-package: the package's months for its official credits × screens.
 * `convertTrial`: the reseller confirmed turning a trial into a paid line (decision 0027).
 */
export async function renewLineByPackage({
  id,
  packageId,
  convertTrial = false,
}: {
  id: number;
  packageId: number;
  convertTrial?: boolean;
}): Promise<LineActionResult> {
  return apiRequest(`/users/${id}/renew-package`, lineActionResultSchema, {
    method: 'POST',
    body: convertTrial ? { package_id: packageId, convert_trial: true } : { package_id: packageId },
  });
}

export function useRenewLineByPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewLineByPackage,
    // The modal shows the refusal itself (under the form or as a toast).
    meta: { silentError: true },
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
