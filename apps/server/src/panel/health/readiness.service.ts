import { pingDatabase, type Database } from '../../db/database';
import { appliedMigrationTimes } from './health.repository';
import type { JournalEntry } from './migration-journal';

export type Readiness = { ready: true } | { ready: false; reason: string };

/** A probe that hangs is worse than one that says no: an unreachable database answers "not ready" in time. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * Ready = the database answers and every migration this build ships is applied there. A process of an
 * older build (or a database restored from an older backup before its first migrating start) is not.
 */
export async function checkReadiness(
  db: Database,
  journal: readonly JournalEntry[],
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: `database did not answer in ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  const probe = (async (): Promise<Readiness> => {
    await pingDatabase(db);
    const applied = new Set(await appliedMigrationTimes(db));
    const missing = journal.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
    return missing.length === 0
      ? { ready: true }
      : { ready: false, reason: `migrations not applied: ${missing.join(', ')}` };
  })().catch((error: unknown) => ({
    ready: false as const,
    reason: `database unreachable: ${(error as Error).message}`,
  }));
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}
