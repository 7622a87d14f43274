import { bulkProgressSchema, type BulkProgress } from '@panel/shared/line-bulk/bulk-api';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/bulk/:id/cancel: the lines not reached yet are not done. */
export async function cancelBulkAction(id: number): Promise<BulkProgress> {
  return apiRequest(`/users/bulk/${id}/cancel`, bulkProgressSchema, { method: 'POST', body: {} });
}
