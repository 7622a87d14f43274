import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineSchema, type EditLineInput, type Line } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/**
 * PUT /api/users/:id: absent fields keep their value. Hybrid lines send only bouquet, full_name,
 * macaddr and reseller_notes. Free.
 */
export async function editLine({ id, input }: { id: number; input: EditLineInput }): Promise<Line> {
  return apiRequest(`/users/${id}`, lineSchema, { method: 'PUT', body: input });
}

export function useEditLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLine,
    meta: { silentError: true },
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
