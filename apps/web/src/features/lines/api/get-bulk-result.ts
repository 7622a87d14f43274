import { bulkResultSchema, type BulkResult } from '@panel/shared/line-bulk/bulk-api';
import { apiRequest } from '@/lib/api-client';

/** GET /api/users/bulk/:id: the summary and every line's outcome, read once the run has ended. */
export async function getBulkResult(id: number): Promise<BulkResult> {
  return apiRequest(`/users/bulk/${id}`, bulkResultSchema);
}
