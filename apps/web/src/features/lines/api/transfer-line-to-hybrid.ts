import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineSchema, type Line } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/**
 * POST /api/users/:id/hybrid-transfer { macaddr, full_name? }: irreversible; the answer carries the
 * line's new random username and password, which the panel shows once.
 */
export async function transferLineToHybrid({
  id,
  input,
}: {
  id: number;
  input: { macaddr: string; full_name?: string };
}): Promise<Line> {
  return apiRequest(`/users/${id}/hybrid-transfer`, lineSchema, { method: 'POST', body: input });
}

export function useTransferLineToHybrid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferLineToHybrid,
    meta: { silentError: true },
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
