import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { streamingServers } from '../../db/schema';

type StreamingServerRow = typeof streamingServers.$inferSelect;

/** What the ingest check needs of a token's server (unique index on token_hash). */
export async function findServerByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<Pick<StreamingServerRow, 'id' | 'name' | 'revokedAt' | 'lastSeenAt'> | undefined> {
  const [row] = await db
    .select({
      id: streamingServers.id,
      name: streamingServers.name,
      revokedAt: streamingServers.revokedAt,
      lastSeenAt: streamingServers.lastSeenAt,
    })
    .from(streamingServers)
    .where(eq(streamingServers.tokenHash, tokenHash));
  return row;
}

export async function touchStreamingServer(db: Database, id: number): Promise<void> {
  await db
    .update(streamingServers)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(streamingServers.id, id));
}
