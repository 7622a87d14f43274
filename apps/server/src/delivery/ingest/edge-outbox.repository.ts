import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { claimDueOutboxRows, type ClaimOptions, type ClaimedOutboxRow } from '../../db/outbox-claim';
import { streamingServerOutbox } from '../../db/schema';

/** One command for a streaming server, with where to send it and the key that signs it. */
export interface ClaimedEdgeCommand extends ClaimedOutboxRow {
  serverId: number;
  controlUrl: string;
  /** The server's token_hash: the HMAC key both sides know (decision 0045). */
  signingKey: string;
}

const server = (column: string) =>
  sql`(select s.${sql.identifier(column)} from streaming_servers s where s.id = o.server_id)`;

/**
 * Claims due commands of servers that have a control URL and are not revoked, with the shared claim of
 * the outboxes (decision 0095). A server's commands have no order between them.
 */
export async function claimDueEdgeCommands(
  db: Database,
  options: ClaimOptions,
): Promise<ClaimedEdgeCommand[]> {
  const rows = await claimDueOutboxRows<{ server_id: number; control_url: string; token_hash: string }>(
    db,
    {
      table: streamingServerOutbox,
      where: sql`exists (select 1 from streaming_servers s
                         where s.id = o.server_id and s.control_url is not null and s.revoked_at is null)`,
      also: sql`o.server_id, ${server('control_url')} as control_url, ${server('token_hash')} as token_hash`,
    },
    options,
  );
  return rows.map(({ server_id, control_url, token_hash, ...row }) => ({
    ...row,
    serverId: Number(server_id),
    controlUrl: control_url,
    signingKey: token_hash,
  }));
}
