import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createLineResultSchema,
  type CreateLineInput,
  type CreateLineResult,
  type CreateTrialLineInput,
} from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

export type CreateLineRequest =
  { trial: false; input: CreateLineInput } | { trial: true; input: CreateTrialLineInput };

/**
 * POST /api/users (costs the package's credits) or POST /api/users/trial_users (free). Without
 * username and password the server generates both (`dream_` ones with a DreamTV MAC); with `dreamtv_mac`
 * the answer also says whether the DreamTV playlist was added.
 */
export async function createLine(request: CreateLineRequest): Promise<CreateLineResult> {
  const path = request.trial ? '/users/trial_users' : '/users';
  return apiRequest(path, createLineResultSchema, { method: 'POST', body: request.input });
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
