import { checkMacResultSchema } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/users/checkmac: resolves when the MAC is free, rejects with the 409 (`Este MAC address já
 * está em uso.`) when it is taken. `userId`: the line being edited, whose own MAC does not count.
 */
export async function checkMac(macaddr: string, userId?: number, signal?: AbortSignal): Promise<void> {
  await apiRequest('/users/checkmac', checkMacResultSchema, {
    method: 'POST',
    body: userId === undefined ? { macaddr } : { macaddr, user_id: userId },
    signal,
  });
}
