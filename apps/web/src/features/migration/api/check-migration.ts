import { useMutation } from '@tanstack/react-query';
import {
  migrationCheckResultSchema,
  type MigrationCheckInput,
  type MigrationCheckResult,
} from '@panel/shared/migration/migration-api';
import { apiRequest } from '@/lib/api-client';

/** POST /api/migration/check: the customer's line at the other provider and what migrating it costs. */
export function checkMigration(input: MigrationCheckInput): Promise<MigrationCheckResult> {
  return apiRequest('/migration/check', migrationCheckResultSchema, { method: 'POST', body: input });
}

export function useCheckMigration() {
  return useMutation({ mutationFn: checkMigration, meta: { silentError: true } });
}
