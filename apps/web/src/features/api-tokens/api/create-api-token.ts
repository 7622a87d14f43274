import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdApiTokenSchema,
  type ApiTokenInput,
  type CreatedApiToken,
} from '@panel/shared/api-tokens/api-tokens-api';
import { apiRequest } from '@/lib/api-client';
import { API_TOKEN_KEYS } from './api-token-keys';

/** POST /api/api-tokens: the new token, answered once. */
export async function createApiToken(input: ApiTokenInput): Promise<CreatedApiToken> {
  return apiRequest('/api-tokens', createdApiTokenSchema, { method: 'POST', body: input });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    // The form shows a refusal under its field, or as a toast.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKEN_KEYS.all }),
  });
}
