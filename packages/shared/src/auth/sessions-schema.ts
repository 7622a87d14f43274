import { z } from 'zod';

/** One open session of the signed-in account (GET /api/profile/sessions; decision 0134). */
export const openSessionSchema = z.object({
  id: z.number().int(),
  /** Browser and system read from the user agent ('Chrome em Windows'). */
  device: z.string(),
  ip: z.string().nullable(),
  /** ISO country code of the address, when GeoIP knows it. */
  country: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
  locked: z.boolean(),
});
export type OpenSession = z.infer<typeof openSessionSchema>;

export const openSessionsSchema = z.object({ sessions: z.array(openSessionSchema) });
export type OpenSessions = z.infer<typeof openSessionsSchema>;

/** POST /api/profile/sessions/end-others: how many sessions ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
