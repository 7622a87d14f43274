import { lineProvisioningResponseSchema, type Line } from '@panel/shared/lines/line-api';
import type { LineProvisioningStateResponse } from '@panel/shared/provisioning/provisioning-schemas';
import { apiRequest } from '@/lib/api-client';

/** GET /api/users/:id/provisioning: the delivery state of a P2P or hybrid line (null for IPTV). */
export async function getLineProvisioning(
  id: Line['id'],
  signal?: AbortSignal,
): Promise<LineProvisioningStateResponse | null> {
  const answer = await apiRequest(`/users/${id}/provisioning`, lineProvisioningResponseSchema, { signal });
  return answer.provisioning;
}
