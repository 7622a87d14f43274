import { bulkProgressSchema, type BulkProgress } from '@panel/shared/line-bulk/bulk-api';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/bulk/:id/run: the server does the next lines and answers where the action stands. */
export async function runBulkChunk(id: number): Promise<BulkProgress> {
  return apiRequest(`/users/bulk/${id}/run`, bulkProgressSchema, { method: 'POST', body: {} });
}
