import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineImportResultSchema, type LineImportResult } from '@panel/shared/lines/line-import';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';
import { toQueryString } from '@/lib/query-string';

export interface ImportLinesRequest {
  file: Blob;
  /** The preview's total and count of valid rows: the server imports only if they still hold (decision 0157). */
  expectedTotal: string;
  expectedLines: number;
}

/** POST /api/users/import: the valid rows become lines, charged as the preview said. */
export async function importLines(request: ImportLinesRequest): Promise<LineImportResult> {
  const query = toQueryString({
    expected_total: request.expectedTotal,
    expected_lines: request.expectedLines,
  });
  return apiRequest(`/users/import${query}`, lineImportResultSchema, { method: 'POST', file: request.file });
}

export function useImportLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLines,
    // The dialog shows a refusal itself (the preview changed, not enough credits).
    meta: { silentError: true },
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
