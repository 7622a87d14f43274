import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/activation-batches/:id/codes.csv, saved by the browser under the name the server gives it. */
export async function downloadBatchCsv(id: number): Promise<void> {
  const { blob, filename } = await apiDownload(`/activation-batches/${id}/codes.csv`);
  saveFile(blob, filename ?? `codigos-lote-${id}.csv`);
}
