import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { linesQueryKeys } from './list-lines';

/**
 * POST /api/users/:id/renew-by-calendar { selected_date: 'YYYY-MM-DD' }: up to that day, 23:59:59
 * Brasília. No price is sent: the server computes it (days / 30 × screens).
 */
export async function renewLineByCalendar({
  id,
  selectedDate,
}: {
  id: number;
  selectedDate: string;
}): Promise<LineActionResult> {
  return lineActionResultSchema.parse(
    await apiRequest<unknown>(`/users/${id}/renew-by-calendar`, {
      method: 'POST',
      body: { selected_date: selectedDate },
    }),
  );
}

export function useRenewLineByCalendar() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: renewLineByCalendar,
    meta: { silentError: true },
    onSuccess: async () => {
      refreshBalance();
      await queryClient.invalidateQueries({ queryKey: linesQueryKeys.all });
    },
  });
}
