import { apiRequestText } from '@/lib/api-client';

/** GET /api/activation-batches/:id/codes.csv, saved by the browser as codigos-lote-<id>.csv. */
export async function downloadBatchCsv(id: number): Promise<void> {
  const text = await apiRequestText(`/activation-batches/${id}/codes.csv`);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `codigos-lote-${id}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
