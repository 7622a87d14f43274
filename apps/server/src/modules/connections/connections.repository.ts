import type { ConnectionEndReason } from '../../db/schema/index';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * The statements of live connections (docs/product/entities.md#online-connections, decision 0044). Times
 * are the database's clock (`now()`), so every node and the sweeper agree on what "seen within the TTL"
 * means. Active: `ended_at is null and last_seen_at > now() - ttl`.
 */

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function query<T>(db: Database, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

const seenWithin = (ttlSeconds: number) => sql`now() - make_interval(secs => ${ttlSeconds})`;

export interface LockedLine {
  ownerPath: string;
  maxConnections: number;
  /** Panel setting `screens_end_oldest` = 'true'. */
  endOldest: boolean;
}

/**
 * Locks the line's row until the transaction ends, so two starts of one line never count its screens at
 * the same time. FOR NO KEY UPDATE (not FOR UPDATE): it excludes the same lock of another start, but not
 * the KEY SHARE lock a foreign-key check takes, so inserts that reference the line (stream_starts, the
 * connection itself) are never blocked by it.
 */
export async function lockLineForConnections(db: Database, lineId: number): Promise<LockedLine | undefined> {
  const [row] = await query<{ owner_path: string; max_connections: number; end_oldest: string | null }>(
    db,
    sql`select owner_path, max_connections,
          (select value from settings where key = 'screens_end_oldest') as end_oldest
        from lines where id = ${lineId} for no key update`,
  );
  if (!row) return undefined;
  return {
    ownerPath: row.owner_path,
    maxConnections: Number(row.max_connections),
    endOldest: row.end_oldest === 'true',
  };
}

export interface ActiveConnection {
  id: number;
  ip: string | null;
  userAgent: string | null;
  delivery: 'redirect' | 'proxy';
  serverId: number | null;
  streamId: number;
}

/**
 * Ends the line's connections not seen within the TTL ('expired') and answers the others, oldest first.
 * One statement: the SELECT reads the snapshot before the UPDATE, so it filters on the TTL itself.
 */
export async function expireAndListActive(
  db: Database,
  lineId: number,
  ttlSeconds: number,
): Promise<ActiveConnection[]> {
  const rows = await query<{
    id: string | number;
    ip: string | null;
    user_agent: string | null;
    delivery: 'redirect' | 'proxy';
    server_id: number | null;
    stream_id: number;
  }>(
    db,
    sql`with expired as (
          update live_connections set ended_at = now(), end_reason = 'expired'
          where line_id = ${lineId} and ended_at is null and last_seen_at <= ${seenWithin(ttlSeconds)}
          returning id)
        select id, ip, user_agent, delivery, server_id, stream_id from live_connections
        where line_id = ${lineId} and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}
        order by started_at, id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    ip: row.ip,
    userAgent: row.user_agent,
    delivery: row.delivery,
    serverId: row.server_id,
    streamId: row.stream_id,
  }));
}

export interface ConnectionValues {
  lineId: number;
  ownerPath: string;
  streamId: number;
  delivery: 'redirect' | 'proxy';
  ip: string | null;
  userAgent: string | null;
  country: string | null;
  watching: string;
}

export async function insertConnection(db: Database, values: ConnectionValues): Promise<number> {
  const [row] = await query<{ id: string | number }>(
    db,
    sql`insert into live_connections
          (line_id, owner_path, stream_id, delivery, ip, user_agent, country, watching)
        values (${values.lineId}, ${values.ownerPath}, ${values.streamId}, ${values.delivery}, ${values.ip},
          ${values.userAgent}, ${values.country}, ${values.watching})
        returning id`,
  );
  if (!row) throw new Error('connection not inserted');
  return Number(row.id);
}

/**
 * A start of a device that already holds an active screen of the line (zapping), without the line lock: it
 * takes no new screen, so it cannot break the limit. The outer WHERE repeats the activity test, which
 * PostgreSQL evaluates again on the latest row version when it had to wait for a concurrent change (an
 * end-oldest or a disconnect ending it): then nothing is restarted and the caller takes the locked path.
 */
export async function restartDeviceConnection(
  db: Database,
  device: { lineId: number; ip: string | null; userAgent: string | null },
  values: Pick<ConnectionValues, 'streamId' | 'delivery' | 'watching'>,
  ttlSeconds: number,
): Promise<number | undefined> {
  const [row] = await query<{ id: string | number }>(
    db,
    sql`update live_connections set stream_id = ${values.streamId}, delivery = ${values.delivery},
          watching = ${values.watching}, started_at = now(), last_seen_at = now()
        where id = (select id from live_connections
            where line_id = ${device.lineId} and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}
              and ip is not distinct from ${device.ip} and user_agent is not distinct from ${device.userAgent}
            order by started_at desc, id desc limit 1)
          and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}
        returning id`,
  );
  return row ? Number(row.id) : undefined;
}

/** What a counted start records with its connection (decision 0040's `stream_starts` row, a view). */
export interface StartRecord {
  kind: 'live' | 'movie' | 'episode';
  /** YYYY-MM-DD (UTC) of the view. */
  day: string;
}

/**
 * restartDeviceConnection, and in the same statement the start's `stream_starts` row and its view, written
 * only when a connection was restarted: the whole of a redirected start of a device already watching is one
 * round trip (P9). Answers the connection's id, or undefined (nothing written).
 */
export async function restartDeviceConnectionRecording(
  db: Database,
  device: { lineId: number; ip: string | null; userAgent: string | null },
  values: Pick<ConnectionValues, 'streamId' | 'delivery' | 'watching'>,
  record: StartRecord,
  ttlSeconds: number,
): Promise<number | undefined> {
  const [row] = await query<{ id: string | number }>(
    db,
    sql`with c as (
          update live_connections set stream_id = ${values.streamId}, delivery = ${values.delivery},
            watching = ${values.watching}, started_at = now(), last_seen_at = now()
          where id = (select id from live_connections
              where line_id = ${device.lineId} and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}
                and ip is not distinct from ${device.ip} and user_agent is not distinct from ${device.userAgent}
              order by started_at desc, id desc limit 1)
            and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}
          returning id),
        s as (
          insert into stream_starts (line_id, stream_id, kind, delivery, ip, user_agent)
          select ${device.lineId}, ${values.streamId}, ${record.kind}, ${values.delivery}, ${device.ip},
            ${device.userAgent} from c),
        v as (
          insert into content_views_daily (day, stream_id, views)
          select ${record.day}::date, ${values.streamId}, 1 from c
          on conflict (day, stream_id) do update set views = content_views_daily.views + 1)
        select id from c`,
  );
  return row ? Number(row.id) : undefined;
}

/** The same device started again (zapping): its connection now shows the new stream, from now. */
export async function restartConnection(
  db: Database,
  id: number,
  values: Pick<ConnectionValues, 'streamId' | 'delivery' | 'watching'>,
): Promise<void> {
  await db.execute(
    sql`update live_connections set stream_id = ${values.streamId}, delivery = ${values.delivery},
          watching = ${values.watching}, started_at = now(), last_seen_at = now()
        where id = ${id}`,
  );
}

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
  const rows = await query<{
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
 * A request of a device that already holds a screen of the line (a playlist reload, a range request):
 * its connection is seen now. Answers its id, or undefined when the device holds none.
 */
export async function refreshDeviceConnection(
  db: Database,
  device: { lineId: number; ip: string | null; userAgent: string | null },
  ttlSeconds: number,
): Promise<number | undefined> {
  const [row] = await query<{ id: string | number }>(
    db,
    sql`update live_connections set last_seen_at = now()
        where id = (select id from live_connections
          where line_id = ${device.lineId} and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}
            and ip is not distinct from ${device.ip} and user_agent is not distinct from ${device.userAgent}
          order by started_at desc, id desc limit 1)
          and ended_at is null and last_seen_at > ${seenWithin(ttlSeconds)}
        returning id`,
  );
  return row ? Number(row.id) : undefined;
}

/** Marks active connections seen now; answers the ids that are still active (the others ended). */
export async function touchConnections(
  db: Database,
  ids: readonly number[],
  ttlSeconds: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await query<{ id: string | number }>(
    db,
    sql`update live_connections set last_seen_at = now()
        where id = any(${`{${ids.join(',')}}`}::bigint[]) and ended_at is null
          and last_seen_at > ${seenWithin(ttlSeconds)}
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Whether the connection is active (not ended, seen within the TTL). */
export async function connectionIsActive(db: Database, id: number, ttlSeconds: number): Promise<boolean> {
  const rows = await query<{ one: number }>(
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
  const [row] = await query<{ n: number | string }>(
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
  const [row] = await query<{
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

export interface SweepResult {
  expiredConnections: number;
  expiredSessions: number;
  deletedConnections: number;
  deletedSessions: number;
  deletedBatches: number;
}

const countOf = (result: unknown) =>
  (result as { rowCount?: number; affectedRows?: number }).rowCount ??
  (result as { affectedRows?: number }).affectedRows ??
  0;

/**
 * One pass of the sweeper: connections and P2P sessions not seen within the TTL end ('expired'); ended
 * connections are kept as long as a token naming them is valid (so a disconnected token stays refused),
 * ended P2P sessions and ingest batches a day.
 */
export async function sweepConnections(
  db: Database,
  options: { ttlSeconds: number; keepEndedSeconds: number },
): Promise<SweepResult> {
  const cutoff = seenWithin(options.ttlSeconds);
  const expiredConnections = countOf(
    await db.execute(
      sql`update live_connections set ended_at = now(), end_reason = 'expired'
          where ended_at is null and last_seen_at <= ${cutoff}`,
    ),
  );
  const expiredSessions = countOf(
    await db.execute(
      sql`update p2p_sessions set ended_at = now() where ended_at is null and last_seen_at <= ${cutoff}`,
    ),
  );
  const deletedConnections = countOf(
    await db.execute(
      sql`delete from live_connections
          where ended_at is not null and ended_at < now() - make_interval(secs => ${options.keepEndedSeconds})`,
    ),
  );
  const deletedSessions = countOf(
    await db.execute(
      sql`delete from p2p_sessions where ended_at is not null and ended_at < now() - interval '1 day'`,
    ),
  );
  const deletedBatches = countOf(
    await db.execute(sql`delete from ingest_batches where received_at < now() - interval '1 day'`),
  );
  return { expiredConnections, expiredSessions, deletedConnections, deletedSessions, deletedBatches };
}

/** A reseller transfer (decision 0044): the lines' connections and P2P sessions move with them. */
export async function moveConnectionPaths(db: Database, oldPath: string, newPath: string): Promise<void> {
  for (const table of ['live_connections', 'p2p_sessions']) {
    await db.execute(
      sql`update ${sql.identifier(table)} set owner_path = ${newPath} || substr(owner_path, ${oldPath.length + 1})
          where owner_path like ${`${oldPath}%`}`,
    );
  }
}

/** A deleted reseller's lines go to another owner: their connections and sessions follow (decision 0044). */
export async function moveConnectionsOfOwner(
  db: Database,
  resellerId: number,
  newPath: string,
): Promise<void> {
  for (const table of ['live_connections', 'p2p_sessions']) {
    await db.execute(
      sql`update ${sql.identifier(table)} set owner_path = ${newPath}
          where line_id in (select id from lines where reseller_id = ${resellerId})`,
    );
  }
}
