import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { affectedRowCount } from '../../db/execute-rows';
import { seenWithin } from './connection-activity';

/** The sweeper's pass and the owner moves of live connections and P2P sessions (decision 0044). */

export interface SweepResult {
  expiredConnections: number;
  expiredSessions: number;
  deletedConnections: number;
  deletedSessions: number;
  deletedBatches: number;
}

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
  const expiredConnections = affectedRowCount(
    await db.execute(
      sql`update live_connections set ended_at = now(), end_reason = 'expired'
          where ended_at is null and last_seen_at <= ${cutoff}`,
    ),
  );
  const expiredSessions = affectedRowCount(
    await db.execute(
      sql`update p2p_sessions set ended_at = now() where ended_at is null and last_seen_at <= ${cutoff}`,
    ),
  );
  const deletedConnections = affectedRowCount(
    await db.execute(
      sql`delete from live_connections
          where ended_at is not null and ended_at < now() - make_interval(secs => ${options.keepEndedSeconds})`,
    ),
  );
  const deletedSessions = affectedRowCount(
    await db.execute(
      sql`delete from p2p_sessions where ended_at is not null and ended_at < now() - interval '1 day'`,
    ),
  );
  const deletedBatches = affectedRowCount(
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

/** One line moved to another owner (a bulk move, decision 0153): its connections and sessions follow. */
export async function moveConnectionsOfLine(db: Database, lineId: number, newPath: string): Promise<void> {
  for (const table of ['live_connections', 'p2p_sessions']) {
    await db.execute(
      sql`update ${sql.identifier(table)} set owner_path = ${newPath} where line_id = ${lineId}`,
    );
  }
}
