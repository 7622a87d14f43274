import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/users/bulk/:id/result.csv, saved by the browser under the name the server gives it. */
export async function downloadBulkResult(id: number): Promise<void> {
  const { blob, filename } = await apiDownload(`/users/bulk/${id}/result.csv`);
  saveFile(blob, filename ?? `acao-em-massa-${id}.csv`);
}
