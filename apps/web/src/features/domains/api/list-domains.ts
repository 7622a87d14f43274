import { queryOptions, useQuery } from '@tanstack/react-query';
import { domainListSchema, type Domain } from '@panel/shared/domains/domains-api';
import { apiRequest } from '@/lib/api-client';
import { DOMAIN_KEYS } from './domain-keys';

/** GET /api/domains: the caller's domains, newest first (the admin: every account's). */
export async function listDomains(signal?: AbortSignal): Promise<Domain[]> {
  const answer = await apiRequest('/domains', domainListSchema, { signal });
  return answer.data;
}

export function useDomains() {
  return useQuery(
    queryOptions({
      queryKey: DOMAIN_KEYS.list,
      queryFn: ({ signal }) => listDomains(signal),
      // The screen shows a failed list itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}
