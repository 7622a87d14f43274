import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';
import { saveFile } from '@/lib/save-file';
import type { PaymentListParams } from './list-payments';

/** The list's filters, without page, size or sort: the export has every matching payment (decision 0155). */
export type PaymentExportParams = Omit<PaymentListParams, 'page' | 'per' | 'order_by'>;

/** GET /api/payments/export: the CSV of every payment the list shows with these filters. */
export async function exportPayments(params: PaymentExportParams): Promise<void> {
  const { blob, filename } = await apiDownload(`/payments/export${toQueryString({ ...params })}`);
  saveFile(blob, filename ?? 'pagamentos.csv');
}

export function useExportPayments() {
  return useMutation({ mutationFn: exportPayments });
}
