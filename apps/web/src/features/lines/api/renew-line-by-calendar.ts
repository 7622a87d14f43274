import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

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
  return apiRequest(`/users/${id}/renew-by-calendar`, lineActionResultSchema, {
    method: 'POST',
    body: { selected_date: selectedDate },
  });
}

export function useRenewLineByCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewLineByCalendar,
    meta: { silentError: true },
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
