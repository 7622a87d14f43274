import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { streamingServers } from '../../db/schema';

export type StreamingServerRow = typeof streamingServers.$inferSelect;

export async function listStreamingServers(db: Database): Promise<StreamingServerRow[]> {
  return db.select().from(streamingServers).orderBy(asc(streamingServers.id));
}

export async function findStreamingServer(db: Database, id: number): Promise<StreamingServerRow | undefined> {
  const [row] = await db.select().from(streamingServers).where(eq(streamingServers.id, id));
  return row;
}

export async function insertStreamingServer(
  db: Database,
  values: { name: string; controlUrl: string | null; tokenHash: string; tokenHint: string },
): Promise<StreamingServerRow> {
  const [row] = await db.insert(streamingServers).values(values).returning();
  if (!row) throw new Error('streaming server insert returned nothing');
  return row;
}

export async function updateStreamingServer(
  db: Database,
  id: number,
  values: { name?: string; controlUrl?: string | null },
): Promise<StreamingServerRow | undefined> {
  if (values.name === undefined && values.controlUrl === undefined) return findStreamingServer(db, id);
  const [row] = await db.update(streamingServers).set(values).where(eq(streamingServers.id, id)).returning();
  return row;
}

/** Sets revoked_at once; answers the row, or undefined when it does not exist or was revoked already. */
export async function revokeStreamingServer(
  db: Database,
  id: number,
): Promise<StreamingServerRow | undefined> {
  const [row] = await db
    .update(streamingServers)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(streamingServers.id, id), isNull(streamingServers.revokedAt)))
    .returning();
  return row;
}
