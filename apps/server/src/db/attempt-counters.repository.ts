import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database';
import { executeRows } from './execute-rows';

export interface AttemptCount {
  hits: number;
  blockedUntil: Date | null;
}

// Each statement is one atomic upsert: on PostgreSQL concurrent attempts from any server process serialise on
// the row, so N processes share one allowance instead of N (decision 0021).
/** Counts one attempt under `key` in a fixed window of `windowMs`; answers the hits of the current window. */
export async function countAttempt(db: Database, key: string, windowMs: number): Promise<number> {
  const rows = await executeRows<{ hits: number }>(
    db,
    sql`
    insert into attempt_counters (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when attempt_counters.window_ends_at <= now() then 1 else attempt_counters.hits + 1 end,
      window_ends_at = case when attempt_counters.window_ends_at <= now()
        then excluded.window_ends_at else attempt_counters.window_ends_at end
    returning hits`,
  );
  return Number(rows[0]?.hits ?? 1);
}

export interface FailurePolicy {
  /** Failures are forgotten after this long without a new one. */
  memoryMs: number;
  /** From this many failures on, each failure blocks the key for a delay that doubles. */
  threshold: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /**
   * Whether the memory starts again when a block ends (else at the failure): without it, failures are
   * forgotten before a block longer than the memory ends, so the delay never grows past the memory.
   */
  memoryAfterBlock?: boolean;
}

const secondsOf = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

/**
 * The insert-or-update that counts one more failure under `key`: past the policy's threshold it blocks the
 * key for firstDelay × 2^(failures − threshold), capped. Line authentication composes it with others into
 * one statement (line-auth.repository.ts).
 */
export function failureUpsert(key: string, policy: FailurePolicy): SQL {
  const hits = sql`case when attempt_counters.window_ends_at <= now() then 1 else attempt_counters.hits + 1 end`;
  const delayFor = (failures: SQL) => sql`case when ${failures} >= ${policy.threshold}
      then now() + make_interval(secs => least(${policy.maxDelayMs / 1000}::float8,
        ${policy.firstDelayMs / 1000}::float8 * power(2, least(${failures} - ${policy.threshold}, 30))))
      else null end`;
  const memoryAfter = (failures: SQL) =>
    policy.memoryAfterBlock
      ? sql`coalesce(${delayFor(failures)}, now()) + ${secondsOf(policy.memoryMs)}`
      : sql`now() + ${secondsOf(policy.memoryMs)}`;
  return sql`
    insert into attempt_counters (key, hits, window_ends_at, blocked_until)
    values (${key}, 1, ${memoryAfter(sql`1`)}, ${delayFor(sql`1`)})
    on conflict (key) do update set
      hits = ${hits},
      window_ends_at = ${memoryAfter(hits)},
      blocked_until = ${delayFor(hits)}`;
}

/**
 * Records a failure under `key` and, past the policy's threshold, blocks the key for
 * firstDelay × 2^(failures − threshold), capped: a growing delay that no change of address resets.
 */
export async function recordFailure(db: Database, key: string, policy: FailurePolicy): Promise<AttemptCount> {
  const rows = await executeRows<{ hits: number; blocked_until: string | Date | null }>(
    db,
    sql`${failureUpsert(key, policy)} returning hits, blocked_until`,
  );
  const row = rows[0];
  return { hits: Number(row?.hits ?? 1), blockedUntil: toDate(row?.blocked_until ?? null) };
}

/** When `key` is blocked until (null when it is not blocked now). */
export async function blockedUntil(db: Database, key: string): Promise<Date | null> {
  const rows = await executeRows<{ blocked_until: string | Date | null }>(
    db,
    sql`
    select blocked_until from attempt_counters where key = ${key} and blocked_until > now()`,
  );
  return toDate(rows[0]?.blocked_until ?? null);
}

export async function forgetAttempts(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from attempt_counters where key = ${key}`);
}

/**
 * Drops rows whose window and block have both ended; they would count from zero anyway. Rows another
 * statement holds are skipped (the next sweep takes them): a line authentication writes two rows in one
 * statement, and waiting for one of them while holding another could deadlock with it.
 */
export async function sweepAttemptCounters(db: Database): Promise<number> {
  const rows = await executeRows<{ key: string }>(
    db,
    sql`
    delete from attempt_counters
    where key in (
      select key from attempt_counters
      where window_ends_at <= now() and (blocked_until is null or blocked_until <= now())
      for update skip locked)
    returning key`,
  );
  return rows.length;
}

function toDate(value: string | Date | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
