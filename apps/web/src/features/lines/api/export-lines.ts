import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';
import { saveFile } from '@/lib/save-file';
import type { LineListParams } from './list-lines';

/** The list's filters, without page, size or sort: the export has every matching line (decision 0155). */
export type LineExportParams = Omit<LineListParams, 'page' | 'per' | 'order_by'>;

/** GET /api/users/export: the CSV of every line the list shows with these filters, saved by the browser. */
export async function exportLines(params: LineExportParams): Promise<void> {
  const { blob, filename } = await apiDownload(`/users/export${toQueryString({ ...params })}`);
  saveFile(blob, filename ?? 'usuarios.csv');
}

export function useExportLines() {
  return useMutation({ mutationFn: exportLines });
}
