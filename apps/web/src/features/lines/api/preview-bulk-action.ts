import { queryOptions } from '@tanstack/react-query';
import {
  bulkPreviewSchema,
  type BulkPreview,
  type BulkPreviewRequest,
} from '@panel/shared/line-bulk/bulk-api';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/users/bulk/preview: the lines a bulk action would take (the ticked ones or every line matching
 * the filters, at most 1.000), its total price and the balance; nothing is changed (decision 0151).
 */
async function previewBulkAction(request: BulkPreviewRequest): Promise<BulkPreview> {
  return apiRequest('/users/bulk/preview', bulkPreviewSchema, { method: 'POST', body: request });
}

/**
 * Asked again whenever the parameters change, never kept: what the action takes is read anew each time
 * the dialog opens. Its failure is shown in the dialog, not as a toast.
 */
export const bulkPreviewQueryOptions = (request: BulkPreviewRequest) =>
  queryOptions({
    queryKey: ['bulk-preview', request],
    queryFn: () => previewBulkAction(request),
    staleTime: 0,
    gcTime: 0,
    meta: { silentError: true },
  });
