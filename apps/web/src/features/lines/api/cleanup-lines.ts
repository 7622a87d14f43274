import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleanupResultSchema } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/** The four actions of the 'Limpeza' dialog (docs/product/screens.md#cleanup): expired trials, or lines expired > N days. */
export type CleanupKind = 'expired-trials' | 30 | 10 | 3;

export interface CleanupResult {
  deleted_count: number;
  message: string;
}

/** DELETE /api/users/cleanup/expired-trials, or /expired-users with `{ days }` (caller's subtree only). */
export async function cleanupLines(kind: CleanupKind): Promise<CleanupResult> {
  return kind === 'expired-trials'
    ? apiRequest('/users/cleanup/expired-trials', cleanupResultSchema, { method: 'DELETE' })
    : apiRequest('/users/cleanup/expired-users', cleanupResultSchema, {
        method: 'DELETE',
        body: { days: kind },
      });
}

export function useCleanupLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanupLines,
    // The dialog says what happened ('Erro ao remover usuários' / 'Erro ao conectar com o servidor').
    meta: { silentError: true },
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
