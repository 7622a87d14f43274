import { API_BASE_PATH } from '@/config/api';
import { ApiError } from '@/lib/api-client';
import { readStoredAuth } from '@/lib/auth-storage';

/**
 * GET /api/users/bulk/:id/result.csv, saved by the browser as `acao-em-massa-<id>.csv`: the file needs the
 * bearer token, so it is fetched and handed to a link rather than opened as an address.
 */
export async function downloadBulkResult(id: number): Promise<void> {
  const token = readStoredAuth()?.token;
  const response = await fetch(`${API_BASE_PATH}/users/bulk/${id}/result.csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError({ status: response.status, message: `HTTP ${response.status}` });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `acao-em-massa-${id}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
