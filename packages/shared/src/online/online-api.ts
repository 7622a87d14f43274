import { z } from 'zod';
import { listMetaSchema, pageSchema, perSchema } from '../lists/list-query';

/**
 * Who is watching (docs/product/screens.md#online-users, decision 0044): the rows of the two online
 * screens, shared by the server's routes and the panel. Field names are the specification's
 * (docs/product/entities.md#online-connections).
 */

/** /users/iptv/connections shows 10 rows a page (docs/product/constants.md). */
export const ONLINE_IPTV_PAGE_SIZE = 10;
/**
 * GET /api/p2p-users/online answers at most this many sessions, most recently reported first; the screen
 * filters them in the browser (decision 0046).
 */
export const P2P_ONLINE_MAX_ROWS = 1_000;
/** The P2P player text (app name and version) is cut at 15 characters, the whole text in a tooltip. */
export const P2P_PLAYER_TEXT_MAX = 15;

export const CONNECTION_MESSAGES = {
  /** A stream start beyond the line's screens (the player sees a 4xx; this is the body). */
  screensLimit: 'Limite de telas atingido para este usuário.',
  connectionNotFound: 'Conexão não encontrada.',
  disconnected: 'Usuário desconectado',
} as const;

/**
 * Why a connection has no country (decision 0074): `local_network` for a loopback, private, CGNAT or
 * link-local address (nothing to look up), `not_found` when the country database does not place it.
 */
export const geoIpMissingReasonSchema = z.enum(['local_network', 'not_found']);
export type GeoIpMissingReason = z.infer<typeof geoIpMissingReasonSchema>;

/**
 * Where the countries come from: `dbip_lite`, the DB-IP database installed with the panel, whose licence
 * (CC BY 4.0) asks the pages that show its results to credit DB-IP; `csv_file`, the admin's GEOIP_CSV_PATH.
 */
export const geoIpSourceSchema = z.enum(['dbip_lite', 'csv_file']);
export type GeoIpSource = z.infer<typeof geoIpSourceSchema>;

/** The 'País' cell of a connection without a country, and the credit of the shipped data (decision 0074). */
export const COUNTRY_TEXTS = {
  localNetwork: 'Rede local',
  localNetworkHint:
    'Endereço IP de rede local (privado, loopback, CGNAT ou link-local): não tem país. Se todas as conexões ' +
    'aparecem assim, o painel pode estar atrás de um proxy que não repassa o IP do cliente.',
  notFound: '-',
  notFoundHint: 'País não encontrado: a base de geolocalização não conhece este endereço IP.',
  attribution: 'Geolocalização de IP por DB-IP',
  attributionUrl: 'https://db-ip.com',
} as const;

/** One IPTV connection of /users/iptv/connections. */
export const onlineConnectionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  /** The line's reseller. */
  master_username: z.string(),
  /** Seconds the edge lags behind the live point, as reported; 0 when nobody reported it. */
  divergence: z.number().int(),
  is_trial: z.number().int(),
  /** ISO 3166 alpha-2; null for a local-network address or one the country database does not place. */
  geoip_country_code: z.string().nullable(),
  /** Why `geoip_country_code` is null; null when it is not. */
  geoip_missing: geoIpMissingReasonSchema.nullable(),
  user_agent: z.string(),
  /** What is being watched (the stream's name, or what the edge reports). */
  watching: z.string(),
  /** The server's clock (ISO 8601) when the list was read: the panel counts the elapsed time from it. */
  server_time: z.string(),
  /** ISO 8601. */
  date_start: z.string(),
});
export type OnlineConnection = z.infer<typeof onlineConnectionSchema>;

/** GET /api/users/connections?page&per. */
export const onlineConnectionQuerySchema = z.object({ page: pageSchema, per: perSchema });
export type OnlineConnectionQuery = z.infer<typeof onlineConnectionQuerySchema>;

/**
 * `total` is exact up to a cap (1.000); past it `total_exact` is false and the panel says "mais de N", as
 * the lines list does (decision 0046, decision 0032): 300,000 viewers are not counted on every page view.
 */
export const onlineConnectionListSchema = z.object({
  data: z.array(onlineConnectionSchema),
  meta: listMetaSchema.extend({ total_exact: z.boolean(), geoip_source: geoIpSourceSchema }),
});
export type OnlineConnectionList = z.infer<typeof onlineConnectionListSchema>;

/** One P2P viewer of /users/p2p/connections. */
export const p2pOnlineSessionSchema = z.object({
  username: z.string(),
  channel_name: z.string(),
  /** Seconds watched so far. */
  duration: z.number().int(),
  external_ip: z.string().nullable(),
  app_name: z.string(),
  app_version: z.string(),
});
export type P2pOnlineSession = z.infer<typeof p2pOnlineSessionSchema>;

export const p2pOnlineListSchema = z.object({ data: z.array(p2pOnlineSessionSchema) });
export type P2pOnlineList = z.infer<typeof p2pOnlineListSchema>;

export type DivergenceLevel = 'success' | 'warning' | 'danger';

/** Divergence up to 10 is green, above 10 up to 50 warning, above 50 danger. */
export function divergenceLevel(divergence: number): DivergenceLevel {
  if (divergence <= 10) return 'success';
  if (divergence <= 50) return 'warning';
  return 'danger';
}

/** A duration in seconds as HH:MM:SS (hours past 99 keep all their digits). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}
