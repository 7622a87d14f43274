import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/execute-rows';
import type { Transaction } from '../../db/run-in-transaction';

export interface Heartbeat {
  id: number;
  divergence: number;
  /** null: keep what the connection shows. */
  watching: string | null;
  bytes: number | null;
}

/**
 * Only the server that serves a connection touches it (decision 0066): one no server reported yet
 * (server_id null, a fresh redirect) is claimed by the first that reports it; once claimed, only that
 * server. In the statement's WHERE, so a concurrent claim is settled by the row lock: PostgreSQL re-checks
 * the condition on the row the winner wrote, and the loser's update skips it.
 */
const servedBy = (serverId: number) => sql`(c.server_id is null or c.server_id = ${serverId})`;

/**
 * Refreshes the active connections of a batch of heartbeats in one statement (UPDATE … FROM unnest):
 * only rows not ended and seen within the TTL, so an expired connection the sweeper has not ended yet is
 * not brought back over a screen another start may have taken (decision 0045), and only this server's
 * (or unclaimed) ones (decision 0066). Answers the ids refreshed.
 */
export async function refreshConnections(
  tx: Transaction,
  serverId: number,
  ttlSeconds: number,
  beats: readonly Heartbeat[],
): Promise<number[]> {
  if (beats.length === 0) return [];
  const result = await tx.execute(sql`
    update live_connections c
    set last_seen_at = now(),
        divergence = i.divergence,
        watching = coalesce(i.watching, c.watching),
        bytes = coalesce(i.bytes, c.bytes),
        server_id = ${serverId}
    from unnest(
      ${sql.param(beats.map((beat) => beat.id))}::bigint[],
      ${sql.param(beats.map((beat) => beat.divergence))}::int[],
      ${sql.param(beats.map((beat) => beat.watching))}::text[],
      ${sql.param(beats.map((beat) => beat.bytes))}::bigint[]
    ) as i(id, divergence, watching, bytes)
    where c.id = i.id
      and c.ended_at is null
      and c.last_seen_at > now() - ${ttlSeconds}::int * interval '1 second'
      and ${servedBy(serverId)}
    returning c.id`);
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/**
 * Ends the connections a player closed (end_reason 'closed'), in one statement, only this server's or
 * unclaimed ones (decision 0066); answers the ids ended.
 */
export async function endConnections(
  tx: Transaction,
  serverId: number,
  ends: readonly { id: number; bytes: number | null }[],
): Promise<number[]> {
  if (ends.length === 0) return [];
  const result = await tx.execute(sql`
    update live_connections c
    set ended_at = now(), end_reason = 'closed', last_seen_at = now(),
        bytes = coalesce(i.bytes, c.bytes), server_id = ${serverId}
    from unnest(
      ${sql.param(ends.map((end) => end.id))}::bigint[],
      ${sql.param(ends.map((end) => end.bytes))}::bigint[]
    ) as i(id, bytes)
    where c.id = i.id and c.ended_at is null and ${servedBy(serverId)}
    returning c.id`);
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/** Of these connections, the ones another server has claimed (decision 0066): this server may not touch them. */
export async function servedElsewhere(
  tx: Transaction,
  serverId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await tx.execute(sql`
    select id from live_connections
    where id = any(${sql.param(ids)}::bigint[]) and server_id is not null and server_id <> ${serverId}`);
  return new Set(rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)));
}

/** Why connections did not take a heartbeat: their end reason, 'expired' when overdue, absent when unknown. */
export async function stopReasons(
  tx: Transaction,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute(sql`
    select id, coalesce(end_reason, 'expired') as reason
    from live_connections where id = any(${sql.param(ids)}::bigint[])`);
  return new Map(
    rowsOf<{ id: number | string; reason: string }>(result).map((row) => [Number(row.id), row.reason]),
  );
}

export interface ConnectionState {
  lineId: number;
  streamId: number;
  endReason: string | null;
  ended: boolean;
  /** Not ended yet but not refreshed within the TTL: the sweeper will end it as expired. */
  overdue: boolean;
}

/** One connection's state, for the check of a redirect token that names it. */
export async function connectionState(
  db: Database,
  id: number,
  ttlSeconds: number,
): Promise<ConnectionState | undefined> {
  const result = await db.execute(sql`
    select line_id, stream_id, end_reason, ended_at is not null as ended,
      last_seen_at <= now() - ${ttlSeconds}::int * interval '1 second' as overdue
    from live_connections where id = ${id}`);
  const [row] = rowsOf<{
    line_id: number;
    stream_id: number;
    end_reason: string | null;
    ended: boolean;
    overdue: boolean;
  }>(result);
  return (
    row && {
      lineId: Number(row.line_id),
      streamId: Number(row.stream_id),
      endReason: row.end_reason,
      ended: row.ended,
      overdue: row.overdue,
    }
  );
}
