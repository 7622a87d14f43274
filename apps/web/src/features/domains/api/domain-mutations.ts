import { useMutation, useQueryClient } from '@tanstack/react-query';
import { domainSchema, type Domain, type DomainInput } from '@panel/shared/domains/domains-api';
import { apiRequest, apiRequestNoContent } from '@/lib/api-client';
import { DOMAIN_KEYS } from './domain-keys';

/** POST /api/domains: the new domain, already checked once (verified or pending). */
export async function createDomain(input: DomainInput): Promise<Domain> {
  return apiRequest('/domains', domainSchema, { method: 'POST', body: input });
}

/** POST /api/domains/:id/verify: checks the domain now. */
export async function verifyDomain(id: number): Promise<Domain> {
  return apiRequest(`/domains/${id}/verify`, domainSchema, { method: 'POST' });
}

/** PUT /api/domains/:id/default: the caller's default; every other one becomes non-default. */
export async function setDefaultDomain(id: number): Promise<Domain> {
  return apiRequest(`/domains/${id}/default`, domainSchema, { method: 'PUT' });
}

/** DELETE /api/domains/:id: the domain and its short links. */
export async function deleteDomain(id: number): Promise<void> {
  await apiRequestNoContent(`/domains/${id}`, { method: 'DELETE' });
}

/** A mutation that refreshes the list; the screen shows its refusals (under the field, or as a toast). */
function useDomainMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOMAIN_KEYS.list }),
  });
}

export const useCreateDomain = () => useDomainMutation(createDomain);
export const useVerifyDomain = () => useDomainMutation(verifyDomain);
export const useSetDefaultDomain = () => useDomainMutation(setDefaultDomain);
export const useDeleteDomain = () => useDomainMutation(deleteDomain);
