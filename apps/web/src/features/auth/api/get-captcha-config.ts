import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaConfig } from '@panel/shared/auth/sign-in-schema';
import { apiRequest } from '@/lib/api-client';
import { loadAuthSchemas } from './auth-schemas';

export async function getCaptchaConfig(signal?: AbortSignal): Promise<CaptchaConfig> {
  // The schemas load while the request is on its way.
  const [body, { captchaConfigSchema }] = await Promise.all([
    apiRequest<unknown>('/auth/captcha', { signal }),
    loadAuthSchemas(),
  ]);
  return captchaConfigSchema.parse(body);
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
