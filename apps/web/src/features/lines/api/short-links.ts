import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShortLinkType } from '@panel/shared/domains/short-link-types';
import {
  shortLinkDomainListSchema,
  shortLinkListSchema,
  shortLinkSchema,
  type ShortLink,
  type ShortLinkDomain,
} from '@panel/shared/domains/short-links-api';
import type { Line } from '@panel/shared/lines/line-api';
import { apiRequest, apiRequestNoContent } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** Short links of a line (decision 0049): GET /api/users/:id/short-links, newest first. */
const shortLinksQueryOptions = (lineId: Line['id']) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.lines, 'short-links', lineId],
    queryFn: async ({ signal }): Promise<ShortLink[]> =>
      (await apiRequest(`/users/${lineId}/short-links`, shortLinkListSchema, { signal })).data,
    // The modal shows the failure itself, with 'Tentar novamente'.
    meta: { silentError: true },
  });

export function useShortLinks(lineId: Line['id']) {
  return useQuery(shortLinksQueryOptions(lineId));
}

/** GET /api/short-links/domains: the caller's verified domains, default first. */
export function useShortLinkDomains() {
  return useQuery({
    queryKey: ['short-link-domains'],
    queryFn: async ({ signal }): Promise<ShortLinkDomain[]> =>
      (await apiRequest('/short-links/domains', shortLinkDomainListSchema, { signal })).data,
    meta: { silentError: true },
  });
}

interface NewShortLink {
  lineId: Line['id'];
  type: ShortLinkType;
  domainId: number;
}

/** POST /api/shorturl { user_id, type, domain }. */
export function useCreateShortLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, type, domainId }: NewShortLink) =>
      apiRequest('/shorturl', shortLinkSchema, {
        method: 'POST',
        body: { user_id: lineId, type, domain: domainId },
      }),
    // The modal toasts the refusal itself (a domain no longer verified, a line out of reach).
    meta: { silentError: true },
    onSuccess: (_link, { lineId }) =>
      queryClient.invalidateQueries({ queryKey: shortLinksQueryOptions(lineId).queryKey }),
  });
}

/** DELETE /api/short-links/:id. */
export function useDeleteShortLink(lineId: Line['id']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: ShortLink['id']) => apiRequestNoContent(`/short-links/${id}`, { method: 'DELETE' }),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortLinksQueryOptions(lineId).queryKey }),
  });
}
