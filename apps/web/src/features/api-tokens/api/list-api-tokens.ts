import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenListSchema, type ApiToken } from '@panel/shared/api-tokens/api-tokens-api';
import { apiRequest } from '@/lib/api-client';
import { API_TOKEN_KEYS } from './api-token-keys';

/**
 * GET /api/api-tokens (the caller's) or GET /api/admin/api-tokens (every account's, an admin's view);
 * a handful each, not paged.
 */
export async function listApiTokens(whose: 'own' | 'everyone', signal?: AbortSignal): Promise<ApiToken[]> {
  const path = whose === 'own' ? '/api-tokens' : '/admin/api-tokens';
  return (await apiRequest(path, apiTokenListSchema, { signal })).data;
}

export function useApiTokens(whose: 'own' | 'everyone') {
  return useQuery(
    queryOptions({
      queryKey: whose === 'own' ? API_TOKEN_KEYS.own : API_TOKEN_KEYS.everyone,
      queryFn: ({ signal }) => listApiTokens(whose, signal),
      // The section shows a failed list itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}
