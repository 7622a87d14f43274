import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  lineActionResultSchema,
  type CreateLineInput,
  type CreateTrialLineInput,
  type LineActionResult,
} from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

export type CreateLineRequest =
  { trial: false; input: CreateLineInput } | { trial: true; input: CreateTrialLineInput };

/**
 * POST /api/users (costs the package's credits) or POST /api/users/trial_users (free). Without
 * username and password the server generates both.
 */
export async function createLine(request: CreateLineRequest): Promise<LineActionResult> {
  const path = request.trial ? '/users/trial_users' : '/users';
  return apiRequest(path, lineActionResultSchema, { method: 'POST', body: request.input });
}

export function useCreateLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLine,
    // The form shows the refusal under the field the server names.
    meta: { silentError: true },
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
