import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { failureUpsert, type FailurePolicy } from './attempt-counters.repository';

/**
 * The statements of line authentication's flood protection (decision 0063), on attempt_counters so every
 * server process shares them. Each is one round trip; every statement that writes several rows writes them
 * in one order (address, username, pair), so two of them never wait for each other in a cycle.
 */
export interface LineAuthKeys {
  /** Failures from one client address (an IPv6 /64). */
  address: string;
  /** Failures of one username, from anywhere. */
  username: string;
  /** The (username, address) pair that authenticated recently: exempt from both blocks. */
  pair: string;
}

export interface LineAuthPolicies {
  address: FailurePolicy;
  username: FailurePolicy;
  /** How long a pair stays known after its last success. */
  pairMemoryMs: number;
}

/** What `admitLineAttempt` counted for one key: the block it set ('' none), to be taken back on success. */
export type CountedAttempt = string;

export interface Admission {
  /** The pair authenticated recently (and was not to be forgotten): nothing was counted. */
  known: boolean;
  /** Seconds until the later block of address and username ends, as it stood before this attempt. */
  blockedSeconds: number | null;
  /** Undefined when nothing was counted under the key (known pair, blocked, or blocked meanwhile). */
  address?: CountedAttempt;
  username?: CountedAttempt;
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

/** Seconds from now until `at`, rounded up (null stays null). */
const secondsUntil = (at: SQL) => sql`ceil(extract(epoch from ${at} - now()))::int`;

function blockedUntilOf(keys: LineAuthKeys): SQL {
  return sql`(select max(blocked_until) from attempt_counters
    where key in (${keys.address}, ${keys.username}) and blocked_until > now())`;
}

/**
 * Before the password is compared. One statement reads the blocks of the address and the username and
 * whether the pair is known; a known pair's memory starts again; a pair not known and not blocked counts
 * the attempt as a failure of both keys at once (taken back by `takeBackLineAttempt` when the password
 * is right), so attempts in flight together, on any process, never exceed the allowance. A blocked attempt
 * counts nothing. `forgetPair` (a known pair that sent another password) deletes the pair first.
 */
export async function admitLineAttempt(
  db: Database,
  keys: LineAuthKeys,
  policies: LineAuthPolicies,
  forgetPair: boolean,
): Promise<Admission> {
  const known = forgetPair
    ? sql`false`
    : sql`exists (select 1 from attempt_counters where key = ${keys.pair} and window_ends_at > now())`;
  const counts = sql`not (select known from state) and (select blocked_until from state) is null`;
  const pairStep = forgetPair
    ? sql`delete from attempt_counters where key = ${keys.pair}`
    : sql`update attempt_counters set window_ends_at = now() + ${interval(policies.pairMemoryMs)}
        where key = ${keys.pair} and (select known from state)`;
  const [row] = await executeRows<{
    known: boolean;
    blocked_seconds: number | null;
    address: string | null;
    username: string | null;
    pair: number;
  }>(
    db,
    sql`
    with state as (select ${blockedUntilOf(keys)} as blocked_until, ${known} as known),
    address_count as (
      ${failureUpsert(keys.address, policies.address, { when: counts, unlessBlocked: true })}
      returning coalesce(blocked_until::text, '') as counted),
    username_count as (
      ${failureUpsert(keys.username, policies.username, { when: counts, unlessBlocked: true })}
      returning coalesce(blocked_until::text, '') as counted),
    pair_step as (${pairStep} returning 1)
    select state.known, ${secondsUntil(sql`state.blocked_until`)} as blocked_seconds,
      (select counted from address_count) as address,
      (select counted from username_count) as username,
      (select count(*) from pair_step)::int as pair
    from state`,
  );
  return {
    known: Boolean(row?.known),
    blockedSeconds: row?.blocked_seconds ?? null,
    address: row?.address ?? undefined,
    username: row?.username ?? undefined,
  };
}

/**
 * A right password after `admitLineAttempt` counted it: the counts are taken back (and a block the count
 * set, unless another failure moved it since), and, with `rememberPair`, the pair becomes known.
 */
export async function takeBackLineAttempt(
  db: Database,
  keys: LineAuthKeys,
  counted: Pick<Admission, 'address' | 'username'>,
  policies: LineAuthPolicies,
  rememberPair: boolean,
): Promise<void> {
  const takeBack = (key: string, blocked: CountedAttempt | undefined) =>
    blocked === undefined
      ? sql`select 1 where false`
      : sql`update attempt_counters set hits = greatest(hits - 1, 0),
          blocked_until = case when blocked_until = ${blocked || null}::timestamptz then null else blocked_until end
        where key = ${key} returning 1`;
  const remember = rememberPair
    ? sql`insert into attempt_counters (key, hits, window_ends_at)
        values (${keys.pair}, 1, now() + ${interval(policies.pairMemoryMs)})
        on conflict (key) do update set window_ends_at = excluded.window_ends_at, blocked_until = null
        returning 1`
    : sql`select 1 where false`;
  await executeRows(
    db,
    sql`
    with address_back as (${takeBack(keys.address, counted.address)}),
    username_back as (${takeBack(keys.username, counted.username)}),
    remembered as (${remember})
    select (select count(*) from address_back) + (select count(*) from username_back)
      + (select count(*) from remembered) as written`,
  );
}

/**
 * A wrong password that was not counted beforehand (a known pair's): one failure of the address and of
 * the username, and the pair forgotten. Answers the seconds the keys were blocked for before it.
 */
export async function recordLineFailure(
  db: Database,
  keys: LineAuthKeys,
  policies: LineAuthPolicies,
): Promise<number | null> {
  const [row] = await executeRows<{ blocked_seconds: number | null }>(
    db,
    sql`
    with state as (select ${blockedUntilOf(keys)} as blocked_until),
    address_count as (${failureUpsert(keys.address, policies.address)} returning 1),
    username_count as (${failureUpsert(keys.username, policies.username)} returning 1),
    forgotten as (delete from attempt_counters where key = ${keys.pair} returning 1)
    select ${secondsUntil(sql`state.blocked_until`)} as blocked_seconds,
      (select count(*) from address_count) + (select count(*) from username_count)
        + (select count(*) from forgotten) as written
    from state`,
  );
  return row?.blocked_seconds ?? null;
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
