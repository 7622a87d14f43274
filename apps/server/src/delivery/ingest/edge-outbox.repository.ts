import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** One command for a streaming server, with where to send it and the key that signs it. */
export interface ClaimedEdgeCommand {
  id: number;
  serverId: number;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  controlUrl: string;
  /** The server's token_hash: the HMAC key both sides know (decision 0045). */
  signingKey: string;
}

/**
 * Claims due commands of servers that have a control URL and are not revoked, as the provisioning outbox
 * does (decision 0013): FOR UPDATE SKIP LOCKED so several processes claim at once without waiting on each
 * other, and next_attempt_at moved forward as the lease that hides a claimed row once this commits.
 */
export async function claimDueEdgeCommands(
  db: Database,
  options: { limit: number; maxAttempts: number; leaseMs: number },
): Promise<ClaimedEdgeCommand[]> {
  const result = await db.execute(sql`
    with due as (
      select o.id from streaming_server_outbox o
      join streaming_servers s on s.id = o.server_id
      where o.delivered_at is null and o.attempts < ${options.maxAttempts}::int
        and o.next_attempt_at <= now() and s.control_url is not null and s.revoked_at is null
      order by o.next_attempt_at, o.id
      limit ${options.limit}::int
      for update of o skip locked
    )
    update streaming_server_outbox o
    set next_attempt_at = now() + ${options.leaseMs}::int * interval '1 millisecond'
    from due, streaming_servers s
    where o.id = due.id and s.id = o.server_id
    returning o.id, o.server_id, o.event, o.payload, o.attempts, s.control_url, s.token_hash`);
  return (
    result as unknown as {
      rows: {
        id: number | string;
        server_id: number;
        event: string;
        payload: Record<string, unknown> | string;
        attempts: number;
        control_url: string;
        token_hash: string;
      }[];
    }
  ).rows.map((row) => ({
    id: Number(row.id),
    serverId: Number(row.server_id),
    event: row.event,
    payload:
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    attempts: Number(row.attempts),
    controlUrl: row.control_url,
    signingKey: row.token_hash,
  }));
}
