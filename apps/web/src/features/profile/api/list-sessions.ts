import { queryOptions, useQuery } from '@tanstack/react-query';
import { openSessionsSchema, type OpenSessions } from '@panel/shared/auth/sessions-schema';
import { apiRequest } from '@/lib/api-client';

export const SESSIONS_KEY = ['profile-sessions'] as const;

/** GET /api/profile/sessions: the account's open sessions (decision 0134). */
export function listSessions(signal?: AbortSignal): Promise<OpenSessions> {
  return apiRequest('/profile/sessions', openSessionsSchema, { signal });
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => listSessions(signal) }));
}
