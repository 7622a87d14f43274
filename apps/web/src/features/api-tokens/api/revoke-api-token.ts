import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiTokenSchema, type ApiToken } from '@panel/shared/api-tokens/api-tokens-api';
import { apiRequest } from '@/lib/api-client';
import { API_TOKEN_KEYS } from './api-token-keys';

/** POST /api/api-tokens/:id/revoke: refused at once from then on, on every server. */
export async function revokeApiToken(id: number): Promise<ApiToken> {
  return apiRequest(`/api-tokens/${id}/revoke`, apiTokenSchema, { method: 'POST' });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKEN_KEYS.all }),
  });
}
