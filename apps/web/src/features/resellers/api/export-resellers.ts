import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';
import { saveFile } from '@/lib/save-file';
import type { ResellerListParams } from './list-resellers';

/** The list's filters, without page, size or sort: the export has every matching reseller (decision 0155). */
export type ResellerExportParams = Omit<ResellerListParams, 'page' | 'per' | 'order_by'>;

/** GET /api/resellers/export: the CSV of every reseller the list shows with these filters. */
export async function exportResellers(params: ResellerExportParams): Promise<void> {
  const { blob, filename } = await apiDownload(`/resellers/export${toQueryString({ ...params })}`);
  saveFile(blob, filename ?? 'revendedores.csv');
}

export function useExportResellers() {
  return useMutation({ mutationFn: exportResellers });
}
