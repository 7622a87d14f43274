import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineSchema, type Line } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/**
 * POST /api/users/:id/change_system { system_id }: free. To hybrid (3) it is the hybrid transfer with
 * the line's own MAC (new username and password); without a MAC: 422 on `macaddr`.
 */
export async function changeLineSystem({ id, systemId }: { id: number; systemId: 1 | 2 | 3 }): Promise<Line> {
  return apiRequest(`/users/${id}/change_system`, lineSchema, {
    method: 'POST',
    body: { system_id: systemId },
  });
}

export function useChangeLineSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLineSystem,
    meta: { silentError: true },
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
