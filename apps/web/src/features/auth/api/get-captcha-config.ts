import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaConfig } from '@panel/shared/auth/sign-in-schema';
import { apiRequest } from '@/lib/api-client';
import { loadAuthSchemas } from './auth-schemas';

export async function getCaptchaConfig(signal?: AbortSignal): Promise<CaptchaConfig> {
  // The schema loads while the request is on its way.
  const schema = loadAuthSchemas().then((schemas) => schemas.captchaConfigSchema);
  return apiRequest('/auth/captcha', schema, { signal });
}

export const captchaConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => getCaptchaConfig(signal),
    staleTime: 5 * 60_000,
    meta: { silentError: true, skipSessionHandling: true },
  });

export function useCaptchaConfig() {
  return useQuery(captchaConfigQueryOptions());
}
