import { useMutation } from '@tanstack/react-query';
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
export async function previewBulkAction(request: BulkPreviewRequest): Promise<BulkPreview> {
  return apiRequest('/users/bulk/preview', bulkPreviewSchema, { method: 'POST', body: request });
}

export function usePreviewBulkAction() {
  return useMutation({ mutationFn: previewBulkAction, meta: { silentError: true } });
}
