import {
  bulkProgressSchema,
  type BulkCreateRequest,
  type BulkProgress,
} from '@panel/shared/line-bulk/bulk-api';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/bulk: records the confirmed action on its lines, all pending (decision 0150). */
export async function createBulkAction(request: BulkCreateRequest): Promise<BulkProgress> {
  return apiRequest('/users/bulk', bulkProgressSchema, { method: 'POST', body: request });
}
