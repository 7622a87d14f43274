import { z } from 'zod';

/**
 * What happened to the DreamTV playlist asked for on line creation (`dreamtv_mac`): the line exists either
 * way; a failure carries the message the panel shows next to the new line's credentials.
 */
export const dreamTvCreateOutcomeSchema = z.discriminatedUnion('connected', [
  z.object({ connected: z.literal(true), mac: z.string(), device_id: z.string(), playlist_id: z.string() }),
  z.object({ connected: z.literal(false), mac: z.string(), message: z.string() }),
]);
export type DreamTvCreateOutcome = z.infer<typeof dreamTvCreateOutcomeSchema>;
