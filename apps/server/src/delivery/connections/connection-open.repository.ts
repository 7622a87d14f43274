import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { queryPrepared } from '../../db/prepared-statement';
import { seenWithin } from './connection-activity';

/**
 * The statements of a stream start (decision 0044): the same device's connection restarted or refreshed in
 * one statement without a lock, else the line locked, its stale connections expired and the active ones
 * listed, and the new connection inserted.
 */

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
  const [row] = await executeRows<{ owner_path: string; max_connections: number; end_oldest: string | null }>(
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
  const rows = await executeRows<{
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
  const [row] = await executeRows<{ id: string | number }>(
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
  const [row] = await executeRows<{ id: string | number }>(
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
 * round trip (P9). The statement is the database function `restart_device_connection_recording` (migration
 * 0022), whose plan is generic and kept per connection, called as a named prepared statement without
 * drizzle's mapping (decision 0105). Answers the connection's id, or undefined (nothing written).
 */
const RESTART_RECORDING =
  'select restart_device_connection_recording($1, $2, $3, $4, $5, $6, $7, $8, $9) as id';

export async function restartDeviceConnectionRecording(
  db: Database,
  device: { lineId: number; ip: string | null; userAgent: string | null },
  values: Pick<ConnectionValues, 'streamId' | 'delivery' | 'watching'>,
  record: StartRecord,
  ttlSeconds: number,
): Promise<number | undefined> {
  const [row] = await queryPrepared<{ id: string | number | null }>(
    db,
    'connection_restart_recording',
    RESTART_RECORDING,
    [
      device.lineId,
      values.streamId,
      values.delivery,
      values.watching,
      device.ip,
      device.userAgent,
      record.kind,
      ttlSeconds,
      record.day,
    ],
  );
  return row?.id == null ? undefined : Number(row.id);
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

/**
 * A request of a device that already holds a screen of the line (a playlist reload, a range request):
 * its connection is seen now. Answers its id, or undefined when the device holds none.
 */
export async function refreshDeviceConnection(
  db: Database,
  device: { lineId: number; ip: string | null; userAgent: string | null },
  ttlSeconds: number,
): Promise<number | undefined> {
  const [row] = await executeRows<{ id: string | number }>(
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
