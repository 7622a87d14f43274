import { useMutation } from '@tanstack/react-query';
import { lineImportPreviewSchema, type LineImportPreview } from '@panel/shared/lines/line-import';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/import/preview: every row of the file checked and priced; nothing is written. */
export async function previewLineImport(file: Blob): Promise<LineImportPreview> {
  return apiRequest('/users/import/preview', lineImportPreviewSchema, { method: 'POST', file });
}

export function usePreviewLineImport() {
  // The dialog shows a refused file or row itself.
  return useMutation({ mutationFn: previewLineImport, meta: { silentError: true } });
}
