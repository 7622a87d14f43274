import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  catalogRequestCreatedSchema,
  catalogRequestSchema,
  type CatalogRequest,
  type CatalogRequestCreated,
  type NewCatalogRequest,
  type UpdateCatalogRequest,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { apiRequest, apiRequestNoContent } from '@/lib/api-client';
import { CATALOG_REQUEST_KEYS } from './catalog-request-keys';

/**
 * POST /api/catalog: the chosen title; the answer says whether a request was made and whether the caller was
 * counted (asking again for a title one already asked for changes nothing; decision 0071).
 */
export async function createCatalogRequest(input: NewCatalogRequest): Promise<CatalogRequestCreated> {
  return apiRequest('/catalog', catalogRequestCreatedSchema, { method: 'POST', body: input });
}

/** PUT /api/catalog/:id (admins and publishers). */
export async function updateCatalogRequest({
  id,
  ...body
}: UpdateCatalogRequest & { id: number }): Promise<CatalogRequest> {
  return apiRequest(`/catalog/${id}`, catalogRequestSchema, { method: 'PUT', body });
}

/** DELETE /api/catalog/:id (admins and publishers). */
export async function deleteCatalogRequest(id: number): Promise<void> {
  await apiRequestNoContent(`/catalog/${id}`, { method: 'DELETE' });
}

/** A mutation that refreshes the list and the publisher summary; the screen shows its refusals. */
function useCatalogRequestMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_REQUEST_KEYS.all }),
  });
}

export const useCreateCatalogRequest = () => useCatalogRequestMutation(createCatalogRequest);
export const useUpdateCatalogRequest = () => useCatalogRequestMutation(updateCatalogRequest);
export const useDeleteCatalogRequest = () => useCatalogRequestMutation(deleteCatalogRequest);
