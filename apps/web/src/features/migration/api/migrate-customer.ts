import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import type { MigrationMigrateInput } from '@panel/shared/migration/migration-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

/** POST /api/migration/migrate: the server checks again, creates the line and charges it. */
export function migrateCustomer(input: MigrationMigrateInput): Promise<LineActionResult> {
  return apiRequest('/migration/migrate', lineActionResultSchema, { method: 'POST', body: input });
}

export function useMigrateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: migrateCustomer,
    meta: { silentError: true },
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
