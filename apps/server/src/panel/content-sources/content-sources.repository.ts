import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contentSources } from '../../db/schema';

export type SourceRow = typeof contentSources.$inferSelect;
export type SourceInsert = typeof contentSources.$inferInsert;

/**
 * A sync whose heartbeat (the last progress write) is older than this is taken as dead: the server running
 * it stopped. Progress is written every few hundred items and no upstream request outlives
 * UPSTREAM_TIMEOUT_MS (at most 2 minutes), so a live sync never goes this long without one (decision 0038).
 */
export const STALE_SYNC_MINUTES = 15;

const heartbeat = sql`coalesce((${contentSources.syncProgress} ->> 'at')::timestamptz, ${contentSources.syncStartedAt})`;
const isStale = sql`(${heartbeat} is null or ${heartbeat} < now() - make_interval(mins => ${STALE_SYNC_MINUTES}))`;

export async function listSourceRows(db: Database): Promise<SourceRow[]> {
  return db.select().from(contentSources).orderBy(asc(contentSources.id));
}

export async function findSourceRow(db: Database, id: number): Promise<SourceRow | undefined> {
  const [row] = await db.select().from(contentSources).where(eq(contentSources.id, id));
  return row;
}

export async function findSourceByUrl(
  db: Database,
  kind: SourceRow['kind'],
  url: string,
): Promise<SourceRow | undefined> {
  const [row] = await db
    .select()
    .from(contentSources)
    .where(and(eq(contentSources.kind, kind), eq(contentSources.url, url)))
    .orderBy(asc(contentSources.id))
    .limit(1);
  return row;
}

export async function insertSourceRow(db: Database, values: SourceInsert): Promise<SourceRow> {
  const [row] = await db.insert(contentSources).values(values).returning();
  if (!row) throw new Error('content source not inserted');
  return row;
}

export async function updateSourceRow(
  db: Database,
  id: number,
  values: Partial<SourceInsert>,
): Promise<SourceRow | undefined> {
  if (Object.keys(values).length === 0) return findSourceRow(db, id);
  const [row] = await db.update(contentSources).set(values).where(eq(contentSources.id, id)).returning();
  return row;
}

/**
 * Updates a source only while no sync of it runs (or the running one is stale): the condition is on the
 * row a sync's claim updates, so a sync either started before (undefined here) or reads these values
 * (decision 0125).
 */
export async function updateIdleSourceRow(
  db: Database,
  id: number,
  values: Partial<SourceInsert>,
): Promise<SourceRow | undefined> {
  const [row] = await db
    .update(contentSources)
    .set(values)
    .where(and(eq(contentSources.id, id), sql`(${contentSources.syncStatus} <> 'running' or ${isStale})`))
    .returning();
  return row;
}

export async function deleteSourceRow(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contentSources)
    .where(eq(contentSources.id, id))
    .returning({ id: contentSources.id });
  return deleted.length > 0;
}

/**
 * Claims the source for one sync: only when none is running, or the running one is stale. The conditional
 * UPDATE is the lock: two servers (or a click and the timer) racing for it, one wins.
 */
export async function claimSync(db: Database, id: number): Promise<SourceRow | undefined> {
  const [row] = await db
    .update(contentSources)
    .set({
      syncStatus: 'running',
      syncStartedAt: sql`now()`,
      syncProgress: sql`jsonb_build_object('phase', 'categories', 'done', 0, 'total', null, 'at', now())`,
      syncError: null,
    })
    .where(and(eq(contentSources.id, id), sql`(${contentSources.syncStatus} <> 'running' or ${isStale})`))
    .returning();
  return row;
}

/** Progress of the running sync; also its heartbeat (`at`). */
/** The zone an Xtream source's archive URLs read dates in (its upstream's server_info.timezone; decision 0120). */
export async function writeSourceTimezone(db: Database, id: number, timezone: string | null): Promise<void> {
  await db
    .update(contentSources)
    .set({ timezone })
    .where(and(eq(contentSources.id, id), sql`${contentSources.timezone} is distinct from ${timezone}`));
}

export async function writeProgress(
  db: Database,
  id: number,
  progress: { phase: string; done: number; total: number | null },
): Promise<void> {
  await db
    .update(contentSources)
    .set({
      syncProgress: sql`jsonb_build_object('phase', ${progress.phase}::text, 'done', ${progress.done}::int, 'total', ${progress.total}::int, 'at', now())`,
    })
    .where(and(eq(contentSources.id, id), eq(contentSources.syncStatus, 'running')));
}

export async function finishSync(
  db: Database,
  id: number,
  result: { status: 'ok'; summary: Record<string, unknown> } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(contentSources)
    .set({
      syncStatus: result.status,
      syncFinishedAt: sql`now()`,
      syncProgress: null,
      ...(result.status === 'ok'
        ? { syncSummary: result.summary, syncError: null }
        : { syncError: result.error }),
    })
    .where(eq(contentSources.id, id));
}

/** Marks stale running syncs failed: nobody is running them any more (the server stopped mid-sync). */
export async function failStaleSyncs(db: Database, error: string): Promise<void> {
  await db
    .update(contentSources)
    .set({ syncStatus: 'failed', syncFinishedAt: sql`now()`, syncProgress: null, syncError: error })
    .where(and(eq(contentSources.syncStatus, 'running'), isStale));
}

/** Sources whose interval has passed since their last sync ended (or that never synced), not running. */
export async function dueSourceIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: contentSources.id })
    .from(contentSources)
    .where(
      and(
        isNotNull(contentSources.syncIntervalMinutes),
        sql`(${contentSources.syncStatus} <> 'running' or ${isStale})`,
        sql`(${contentSources.syncFinishedAt} is null or ${contentSources.syncFinishedAt} + make_interval(mins => ${contentSources.syncIntervalMinutes}) <= now())`,
      ),
    )
    .orderBy(asc(contentSources.id));
  return rows.map((row) => row.id);
}
