import { queryOptions, useQuery } from '@tanstack/react-query';
import { captchaConfigSchema, type CaptchaConfig } from '@panel/shared/auth/sign-in-schema';
import { apiRequest } from '@/lib/api-client';

export async function getCaptchaConfig(signal?: AbortSignal): Promise<CaptchaConfig> {
  const body = await apiRequest<unknown>('/auth/captcha', { signal });
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
