import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { failureUpsert, type FailurePolicy } from '../../db/attempt-counters.repository';

/**
 * The statements of line authentication's flood protection (decision 0063), on attempt_counters so every
 * server process shares them. Every statement that writes several rows writes them in one order (address,
 * username, pair), so two of them never wait for each other in a cycle.
 */
export interface LineAuthKeys {
  /** Failures from one client address (an IPv6 /64). */
  address: string;
  /** Failures of one username, from anywhere; null for a short link's code, counted by address only. */
  username: string | null;
  /**
   * The (username, address) pair that authenticated recently, or the (code, address) pair that opened a
   * short link: exempt from both blocks.
   */
  pair: string;
}

export interface LineAuthPolicies {
  address: FailurePolicy;
  username: FailurePolicy;
  /** How long a pair stays known after its last success. */
  pairMemoryMs: number;
}

export interface LineAuthState {
  /** Seconds until the later block of the address and the username ends; null when neither is blocked. */
  blockedSeconds: number | null;
  /** How long ago the pair's last success was written; null when the pair is not known. */
  pairWrittenAgoMs: number | null;
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

function blockedSecondsOf(keys: LineAuthKeys): SQL {
  return sql`(select ceil(extract(epoch from max(blocked_until) - now()))::int from attempt_counters
    where key in (${keys.address}, ${keys.username}) and blocked_until > now())`;
}

/** The one read before a password is compared: the blocks of the address and the username, the pair. */
export async function readLineAuthState(
  db: Database,
  keys: LineAuthKeys,
  policies: LineAuthPolicies,
): Promise<LineAuthState> {
  const [row] = await executeRows<{ blocked_seconds: number | null; pair_written_ago_ms: number | null }>(
    db,
    sql`select ${blockedSecondsOf(keys)} as blocked_seconds,
      (select (extract(epoch from now() - window_ends_at) * 1000)::float8 + ${policies.pairMemoryMs}::float8
        from attempt_counters where key = ${keys.pair} and window_ends_at > now()) as pair_written_ago_ms`,
  );
  return {
    blockedSeconds: row?.blocked_seconds ?? null,
    pairWrittenAgoMs: row?.pair_written_ago_ms === null || !row ? null : Number(row.pair_written_ago_ms),
  };
}

/** A right password from a pair not known yet: known from now on, for `pairMemoryMs` after it. */
export async function rememberKnownPair(
  db: Database,
  pair: string,
  policies: LineAuthPolicies,
): Promise<void> {
  await db.execute(sql`
    insert into attempt_counters (key, hits, window_ends_at)
    values (${pair}, 1, now() + ${interval(policies.pairMemoryMs)})
    on conflict (key) do update set window_ends_at = excluded.window_ends_at, blocked_until = null`);
}

/**
 * A wrong password (or an unknown username, or a short link's unknown code): one failure of the address
 * and of the username (when there is one), in one statement, and the pair forgotten. Answers the seconds
 * the keys were blocked for before it.
 */
export async function recordLineFailure(
  db: Database,
  keys: LineAuthKeys,
  policies: LineAuthPolicies,
): Promise<number | null> {
  const [row] = await executeRows<{ blocked_seconds: number | null }>(
    db,
    sql`
    with state as (select ${blockedSecondsOf(keys)} as blocked_seconds),
    address_count as (${failureUpsert(keys.address, policies.address)} returning 1),
    username_count as (${keys.username === null ? sql`select 1 where false` : sql`${failureUpsert(keys.username, policies.username)} returning 1`}),
    forgotten as (delete from attempt_counters where key = ${keys.pair} returning 1)
    select state.blocked_seconds, (select count(*) from address_count) + (select count(*) from username_count)
      + (select count(*) from forgotten) as written
    from state`,
  );
  return row?.blocked_seconds ?? null;
}

/** A known pair that sent another password than the one that succeeded: no longer known. */
export async function forgetKnownPair(db: Database, pair: string): Promise<void> {
  await db.execute(sql`delete from attempt_counters where key = ${pair}`);
}

/** A known pair's memory starts again; false when the pair is no longer known (forgotten elsewhere). */
export async function refreshKnownPair(
  db: Database,
  pair: string,
  policies: LineAuthPolicies,
): Promise<boolean> {
  const rows = await executeRows(
    db,
    sql`update attempt_counters set window_ends_at = now() + ${interval(policies.pairMemoryMs)}
      where key = ${pair} and window_ends_at > now() returning 1`,
  );
  return rows.length > 0;
}
