import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleanupResultSchema } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { linesQueryKeys } from './list-lines';

/** The four actions of the 'Limpeza' dialog (spec §2): expired trials, or lines expired > N days. */
export type CleanupKind = 'expired-trials' | 30 | 10 | 3;

export interface CleanupResult {
  deleted_count: number;
  message: string;
}

/** DELETE /api/users/cleanup/expired-trials, or /expired-users with `{ days }` (caller's subtree only). */
export async function cleanupLines(kind: CleanupKind): Promise<CleanupResult> {
  const body =
    kind === 'expired-trials'
      ? await apiRequest<unknown>('/users/cleanup/expired-trials', { method: 'DELETE' })
      : await apiRequest<unknown>('/users/cleanup/expired-users', { method: 'DELETE', body: { days: kind } });
  return cleanupResultSchema.parse(body);
}

export function useCleanupLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanupLines,
    // The dialog says what happened ('Erro ao remover usuários' / 'Erro ao conectar com o servidor').
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linesQueryKeys.all }),
  });
}
