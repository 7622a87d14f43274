import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lines } from './lines';

/**
 * Who is watching (decision 0044): live IPTV connections, P2P sessions, the streaming servers that report
 * them, and views per item per day. Connections are short-lived rows; what was watched for good is in
 * `stream_starts` and `content_views_daily`.
 */

/**
 * A streaming server (an edge in front of redirected sources, or the P2P service) allowed to call the
 * ingest API. Only the SHA-256 of its token is kept; the token is shown once, when an admin creates it.
 */
export const streamingServers = pgTable(
  'streaming_servers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's last 4 characters, so an admin can tell tokens apart. */
    tokenHint: text('token_hint').notNull(),
    /** Where signed commands (disconnect) are POSTed; null: the server only reports. */
    controlUrl: text('control_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('streaming_servers_token_hash_key').on(table.tokenHash)],
);

export type ConnectionEndReason = 'closed' | 'expired' | 'disconnected' | 'replaced' | 'limit';

/**
 * One screen in use: opened by a stream start, kept alive by the proxy (while it relays) or by an edge's
 * heartbeats, ended by the proxy, an edge, a disconnect, the screens limit, or expiry. Active means
 * `ended_at is null` and seen within the connection TTL. `owner_path` is the line's, copied so the online
 * list of a reseller's subtree is one index range (a reseller transfer moves it with the lines).
 */
export const liveConnections = pgTable(
  'live_connections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    ownerPath: text('owner_path').notNull(),
    streamId: integer('stream_id').notNull(),
    delivery: text('delivery').$type<'redirect' | 'proxy'>().notNull(),
    /** The edge that last reported it (redirect mode); null while only this server knows it. */
    serverId: integer('server_id').references(() => streamingServers.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** ISO 3166 alpha-2, when a GeoIP database is configured. */
    country: text('country'),
    /** What is being watched: the stream's name at start, or what the edge reports. */
    watching: text('watching').notNull().default(''),
    divergence: integer('divergence').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<ConnectionEndReason>(),
  },
  (table) => [
    check('live_connections_delivery', sql`${table.delivery} in ('redirect', 'proxy')`),
    check(
      'live_connections_end_reason',
      sql`${table.endReason} is null or ${table.endReason} in ('closed', 'expired', 'disconnected', 'replaced', 'limit')`,
    ),
    // No index on last_seen_at: heartbeats rewrite it ~10,000 times a second at peak, and an index on it
    // would make every one a non-HOT update writing all five indexes (decision 0045, P11). Migration 0013
    // also leaves 30% of each page free (fillfactor 70) so the refreshed row version fits beside the old.
    index('live_connections_line_active_idx')
      .on(table.lineId)
      .where(sql`${table.endedAt} is null`),
    index('live_connections_started_active_idx')
      .on(table.startedAt.desc(), table.id.desc())
      .where(sql`${table.endedAt} is null`),
    index('live_connections_owner_active_idx')
      .on(sql`${table.ownerPath} text_pattern_ops`, table.startedAt.desc(), table.id.desc())
      .where(sql`${table.endedAt} is null`),
    index('live_connections_ended_idx')
      .on(table.endedAt)
      .where(sql`${table.endedAt} is not null`),
  ],
);

/** A P2P viewer as the P2P service reports it, keyed by the service's own session id. */
export const p2pSessions = pgTable(
  'p2p_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serverId: integer('server_id')
      .notNull()
      .references(() => streamingServers.id, { onDelete: 'cascade' }),
    sessionKey: text('session_key').notNull(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    ownerPath: text('owner_path').notNull(),
    username: text('username').notNull(),
    channelName: text('channel_name').notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    externalIp: text('external_ip'),
    appName: text('app_name').notNull().default(''),
    appVersion: text('app_version').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('p2p_sessions_server_session_key').on(table.serverId, table.sessionKey),
    index('p2p_sessions_owner_active_idx')
      .on(sql`${table.ownerPath} text_pattern_ops`, table.lastSeenAt.desc())
      .where(sql`${table.endedAt} is null`),
    index('p2p_sessions_seen_active_idx')
      .on(table.lastSeenAt)
      .where(sql`${table.endedAt} is null`),
  ],
);

/**
 * Views per item per day (a stream start, or a view an edge reports): at most one row per item and day,
 * so a year of a 100,000-item library stays small. Episodes count under their own id; a series' views are
 * its episodes' sum.
 */
export const contentViewsDaily = pgTable(
  'content_views_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    streamId: integer('stream_id').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.streamId] }),
    index('content_views_daily_stream_idx').on(table.streamId, table.day),
  ],
);

/** Ingest batches already applied, per server: a batch sent again answers its first result. */
export const ingestBatches = pgTable(
  'ingest_batches',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => streamingServers.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.serverId, table.batchId] }),
    index('ingest_batches_received_idx').on(table.receivedAt),
  ],
);

/** Signed commands to streaming servers (a disconnect), delivered and retried as provisioning is. */
export const streamingServerOutbox = pgTable(
  'streaming_server_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serverId: integer('server_id')
      .notNull()
      .references(() => streamingServers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('streaming_server_outbox_pending_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.deliveredAt} is null`),
  ],
);
