import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandingSchema,
  type Branding,
  type BrandingInput,
} from '@panel/shared/customer-page/customer-page-api';
import { apiRequest } from '@/lib/api-client';

const BRANDING_KEY = ['profile', 'branding'] as const;

/** GET /api/profile/branding: the customer page's name, colour, WhatsApp, logo and address. */
async function getBranding(signal?: AbortSignal): Promise<Branding> {
  return apiRequest('/profile/branding', brandingSchema, { signal });
}

export function useBranding() {
  return useQuery(
    queryOptions({
      queryKey: BRANDING_KEY,
      queryFn: ({ signal }) => getBranding(signal),
      meta: { silentError: true },
    }),
  );
}

/** PUT /api/profile/branding: `logo` a data URL to replace it, null to remove it, absent to keep it. */
async function saveBranding(input: BrandingInput): Promise<Branding> {
  return apiRequest('/profile/branding', brandingSchema, { method: 'PUT', body: input });
}

export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBranding,
    meta: { silentError: true },
    onSuccess: (branding) => queryClient.setQueryData(BRANDING_KEY, branding),
  });
}
