import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineSchema, type Line } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { linesQueryKeys } from './list-lines';

/** POST /api/users/:id/block or /unblock (no body, so no JSON content type). */
export async function setLineStatus({ id, blocked }: { id: number; blocked: boolean }): Promise<Line> {
  const body = await apiRequest<unknown>(`/users/${id}/${blocked ? 'block' : 'unblock'}`, { method: 'POST' });
  return lineSchema.parse(body);
}

export function useSetLineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLineStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linesQueryKeys.all }),
  });
}
