/**
 * The kinds of the content library and how the player URLs name them (docs/product/api.md#player-api,
 * decision 0037). Written once here: the server's routes, the importer and the panel's links read them.
 */

/** What plays: a row of content_streams. 24-hour channels are live streams flagged `is_24h`. */
export const STREAM_KINDS = ['live', 'movie', 'episode'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** Category lists, one per kind the apps browse. */
export const CATEGORY_KINDS = ['live', 'movie', 'series'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** The first path segment of a stream URL for each kind (`/live/U/P/ID.ts`, `/movie/…`, `/series/…`). */
export const STREAM_PATH_SEGMENT: Record<StreamKind, 'live' | 'movie' | 'series'> = {
  live: 'live',
  movie: 'movie',
  episode: 'series',
};

/** Live formats every line may use; the player API announces both (allowed_output_formats). */
export const LIVE_FORMATS = ['m3u8', 'ts'] as const;
export type LiveFormat = (typeof LIVE_FORMATS)[number];

/** get.php's `output` values and what live URLs they give (Xtream Codes' aliases); anything else: ts. */
export function liveFormatOfOutput(output: string | undefined): LiveFormat {
  return output === 'm3u8' || output === 'hls' ? 'm3u8' : 'ts';
}

/** How a source's streams reach players: a signed redirect to the source, or relayed by the server. */
export const DELIVERY_MODES = ['redirect', 'proxy'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const SOURCE_KINDS = ['xtream', 'm3u'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
