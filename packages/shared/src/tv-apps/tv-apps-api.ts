import { z } from 'zod';
import { lineSchema } from '../lines/line-api';
import { connectTvMacSchema, dreamTvMacSchema } from './tv-app-mac';

/** GET /api/tv-apps/status: which TV app services this server is configured for. */
export const tvAppsStatusSchema = z.object({ dreamtv: z.boolean(), connectTv: z.boolean() });
export type TvAppsStatus = z.infer<typeof tvAppsStatusSchema>;

/** POST and PUT /api/users/:id/dreamtv. */
export const dreamTvBodySchema = z.object({ mac: dreamTvMacSchema });
export type DreamTvBody = z.input<typeof dreamTvBodySchema>;

/** POST /api/users/:id/connect-tv. */
export const connectTvBodySchema = z.object({ mac: connectTvMacSchema });
export type ConnectTvBody = z.input<typeof connectTvBodySchema>;

/** The line after a DreamTV change: its `dreamtv_device_id` and `dreamtv_playlist_id` tell the state. */
export const dreamTvResultSchema = z.object({ line: lineSchema });
export type DreamTvResult = z.infer<typeof dreamTvResultSchema>;

/** Connect TV keeps nothing: the answer names the TV the playlist went to. */
export const connectTvResultSchema = z.object({ mac: z.string() });
export type ConnectTvResult = z.infer<typeof connectTvResultSchema>;
