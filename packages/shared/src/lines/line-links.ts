import { z } from 'zod';
import type { PlaylistLinks } from '../content/playlist-links';

/**
 * GET /api/users/:id/links (docs/product/screens.md#line-links): the addresses a customer's app needs for
 * one line, built on the server (it knows the public address, PLAYER_BASE_URL) by `playlistLinks`.
 */
export const playlistLinksSchema = z.object({
  playerApiBase: z.string(),
  m3u: z.string(),
  m3uPlus: z.string(),
  hls: z.string(),
  epg: z.string(),
}) satisfies z.ZodType<PlaylistLinks>;

export const lineLinksResponseSchema = z.object({ links: playlistLinksSchema });
export type LineLinksResponse = z.infer<typeof lineLinksResponseSchema>;

/** The links in the order the panel shows them, with their labels (decision 0041). */
export const LINE_LINK_LABELS: Record<keyof PlaylistLinks, string> = {
  playerApiBase: 'URL do servidor',
  m3u: 'M3U',
  m3uPlus: 'M3U Plus',
  hls: 'HLS',
  epg: 'EPG',
};

export const LINE_LINK_KEYS = Object.keys(LINE_LINK_LABELS) as (keyof PlaylistLinks)[];
