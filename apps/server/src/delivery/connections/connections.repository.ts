import type { ConnectionEndReason } from '../../db/schema';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { seenWithin } from './connection-activity';

/**
 * The statements of live connections once open (docs/product/entities.md#online-connections, decision
 * 0044): end, refresh, check, count, lock for a disconnect, tell the edge. Opening is
 * connection-open.repository.ts; the sweeper and owner moves connection-upkeep.repository.ts.
 */

export interface EndedConnection {
  id: number;
  lineId: number;
  streamId: number;
  delivery: 'redirect' | 'proxy';
  serverId: number | null;
}

/** Ends the given connections that are still open; answers those it ended. */
export async function endConnections(
  db: Database,
  ids: readonly number[],
  reason: ConnectionEndReason,
): Promise<EndedConnection[]> {
  if (ids.length === 0) return [];
  const rows = await executeRows<{
    id: string | number;
    line_id: number;
    stream_id: number;
    delivery: 'redirect' | 'proxy';
    server_id: number | null;
  }>(
    db,
    sql`update live_connections set ended_at = now(), end_reason = ${reason}
        where id = any(${`{${ids.join(',')}}`}::bigint[]) and ended_at is null
        returning id, line_id, stream_id, delivery, server_id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    lineId: row.line_id,
    streamId: row.stream_id,
    delivery: row.delivery,
    serverId: row.server_id,
  }));
}

/**
 * A line blocked or deleted (decision 0076): its open connections end ('disconnected') and the edges of the
 * redirected ones are told; answers the ids ended, whose relays are cut once the transaction committed.
 */
export async function endConnectionsOfLine(db: Database, lineId: number): Promise<number[]> {
  const rows = await executeRows<{
    id: string | number;
    line_id: number;
    stream_id: number;
    delivery: 'redirect' | 'proxy';
    server_id: number | null;
  }>(
    db,
    sql`update live_connections set ended_at = now(), end_reason = 'disconnected'
        where line_id = ${lineId} and ended_at is null
        returning id, line_id, stream_id, delivery, server_id`,
  );
  for (const row of rows) {
    if (row.delivery !== 'redirect') continue;
    await enqueueEdgeDisconnect(db, {
      id: Number(row.id),
      lineId: row.line_id,
      streamId: row.stream_id,
      delivery: row.delivery,
      serverId: row.server_id,
    });
  }
  return rows.map((row) => Number(row.id));
}

/**
 * The `last_seen_at` that keeps a connection active for `holdSeconds` more (and no longer): activity is
 * `last_seen_at > now() - ttl` everywhere (connection-activity.ts), so a shorter hold is an earlier mark.
 */
const heldFor = (ttlSeconds: number, holdSeconds: number) =>
  sql`now() - make_interval(secs => ${Math.max(0, ttlSeconds - holdSeconds)})`;

/**
 * Marks active connections seen now (held the whole TTL), or, with `holdSeconds`, held at least that long
 * from now (never shortening a longer hold); answers the ids that are still active (the others ended).
 */
export async function touchConnections(
  db: Database,
  ids: readonly number[],
  ttlSeconds: number,
  holdSeconds?: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const seen =
    holdSeconds === undefined ? sql`now()` : sql`greatest(last_seen_at, ${heldFor(ttlSeconds, holdSeconds)})`;
  const rows = await executeRows<{ id: string | number }>(
    db,
    sql`update live_connections set last_seen_at = ${seen}
        where id = any(${`{${ids.join(',')}}`}::bigint[]) and ended_at is null
          and last_seen_at > ${seenWithin(ttlSeconds)}
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * A proxied connection whose last media body ended (decision 0062): held `holdSeconds` from now, then it
 * expires like any unseen connection (the sweeper ends it, 'expired'). The same device coming back within
 * the hold takes it back (zapping, a seek).
 */
export async function holdConnectionFor(
  db: Database,
  id: number,
  ttlSeconds: number,
  holdSeconds: number,
): Promise<void> {
  await db.execute(sql`update live_connections set last_seen_at = ${heldFor(ttlSeconds, holdSeconds)}
      where id = ${id} and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}`);
}

/** Whether the connection is active (not ended, seen within the TTL). */
export async function connectionIsActive(db: Database, id: number, ttlSeconds: number): Promise<boolean> {
  const rows = await executeRows<{ one: number }>(
    db,
    sql`select 1 as one from live_connections
        where id = ${id} and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}`,
  );
  return rows.length > 0;
}

/** How many screens of the line are in use now (player_api.php `active_cons`). */
export async function countActiveConnections(
  db: Database,
  lineId: number,
  ttlSeconds: number,
): Promise<number> {
  const [row] = await executeRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from live_connections
        where line_id = ${lineId} and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A disconnect from the online screen: the active connection with this id, if it belongs to the subtree
 * of `pathPattern` (null: an admin, anywhere), locked until the transaction ends.
 */
export async function lockActiveConnection(
  db: Database,
  id: number,
  ttlSeconds: number,
  pathPattern: string | null,
): Promise<
  (EndedConnection & { lineUsername: string; lineIsTrial: boolean; lineSystem: number }) | undefined
> {
  const scope = pathPattern === null ? sql`` : sql`and c.owner_path like ${pathPattern}`;
  const [row] = await executeRows<{
    id: string | number;
    line_id: number;
    stream_id: number;
    delivery: 'redirect' | 'proxy';
    server_id: number | null;
    username: string;
    is_trial: number;
    system: number;
  }>(
    db,
    sql`select c.id, c.line_id, c.stream_id, c.delivery, c.server_id, l.username, l.is_trial, l.system
        from live_connections c join lines l on l.id = c.line_id
        where c.id = ${id} and c.ended_at is null and c.last_seen_at > ${seenWithin(ttlSeconds)} ${scope}
        for update of c`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    lineId: row.line_id,
    streamId: row.stream_id,
    delivery: row.delivery,
    serverId: row.server_id,
    lineUsername: row.username,
    lineIsTrial: Number(row.is_trial) === 1,
    lineSystem: Number(row.system),
  };
}

/**
 * Tells the edge to cut a redirected connection (decision 0044): one `connection.disconnect` row in the
 * streaming server outbox for the server that reported it, or, when none did, for every server that takes
 * commands (not revoked, with a control URL).
 */
export async function enqueueEdgeDisconnect(db: Database, connection: EndedConnection): Promise<void> {
  const payload = JSON.stringify({
    connection_id: connection.id,
    line_id: connection.lineId,
    stream_id: connection.streamId,
  });
  const servers =
    connection.serverId === null
      ? sql`select id from streaming_servers where revoked_at is null and control_url is not null`
      : sql`select ${connection.serverId}::int as id`;
  await db.execute(
    sql`insert into streaming_server_outbox (server_id, event, payload)
        select s.id, 'connection.disconnect', ${payload}::jsonb from (${servers}) as s`,
  );
}
