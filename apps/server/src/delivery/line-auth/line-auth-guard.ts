import { createHash, createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { normaliseUsername } from '../../lib/normalise-username';
import {
  forgetKnownPair,
  readLineAuthState,
  recordLineFailure,
  refreshKnownPair,
  rememberKnownPair,
  type LineAuthKeys,
  type LineAuthPolicies,
} from './line-auth.repository';

/**
 * Flood protection of line authentication (decision 0063): player_api.php, get.php, xmltv.php and the
 * stream URLs authenticate a line by username and password through `authenticate`. Failures are counted
 * per client address and per username in attempt_counters (shared by every process); past the allowance
 * the address or username is refused (429) for a delay that doubles, whatever the password, so a blocked
 * answer says nothing about it. A (username, address) pair that authenticated recently is known and keeps
 * playing with its right password while its address or username is blocked: a customer behind a carrier
 * NAT an attacker shares. Known pairs that keep playing cost no query (this process remembers them).
 * A short link's code opens a line's playlist too: an unknown code on a reseller's domain counts against
 * the address like a wrong password, and a (code, address) pair that opened its link is known (0069).
 */
export type LineAuthConfig = Pick<
  Config,
  | 'LINE_AUTH_FAILURES_PER_ADDRESS'
  | 'LINE_AUTH_FAILURES_PER_USERNAME'
  | 'LINE_AUTH_WINDOW_MINUTES'
  | 'LINE_AUTH_BLOCK_MINUTES'
  | 'LINE_AUTH_MAX_BLOCK_MINUTES'
>;

export interface LineAttempt {
  username: string;
  password: string;
  /** request.ip: the client as TRUST_PROXY allows (decision 0021). */
  address: string;
}

export type LineAuthOutcome<T> =
  | { outcome: 'authenticated'; line: T }
  /** Unknown username or wrong password (or none given): the endpoint's usual refusal. */
  | { outcome: 'refused' }
  /** Too many failures: 429 with Retry-After, whatever the password. */
  | { outcome: 'blocked'; retryAfterSeconds: number };

export interface LineAuthGuard {
  /**
   * Runs `check` (the line's lookup and password comparison; undefined when either is wrong) under the
   * flood protection: not at all when the address or username is blocked and the pair is not known.
   */
  authenticate<T>(attempt: LineAttempt, check: () => Promise<T | undefined>): Promise<LineAuthOutcome<T>>;
  /**
   * Runs `check` (a short link's lookup; undefined when the code is unknown there) under the same
   * protection, counted under the address only (decision 0069): an unknown code is a failure of the
   * address, as a wrong password is; a (code, address) pair that opened its link keeps opening it while the
   * address is blocked.
   */
  openShortLink<T>(
    attempt: ShortLinkAttempt,
    check: () => Promise<T | undefined>,
  ): Promise<LineAuthOutcome<T>>;
  /**
   * Runs `check` (the hybrid line of a portal box's MAC; undefined when none may use it) under the same
   * protection, counted under the address only (decision 0113): a MAC scanner trying many MACs from one
   * address is blocked as a password guesser is; a (MAC, address) pair that signed in stays known.
   */
  openPortalMac<T>(
    attempt: PortalMacAttempt,
    check: () => Promise<T | undefined>,
  ): Promise<LineAuthOutcome<T>>;
}

/** A portal box's MAC (12 hex digits) and its address (decision 0113). */
export interface PortalMacAttempt {
  mac: string;
  address: string;
}

export interface ShortLinkAttempt {
  /** A code of short-link shape (seven letters and digits; isShortLinkCode). */
  code: string;
  /** request.ip, as for a line. */
  address: string;
}

const MINUTE_MS = 60_000;
/** A pair stays known this long after its last success. */
const PAIR_MEMORY_MS = 30 * 24 * 60 * MINUTE_MS;
/** A process writes a known pair's success at most this often. */
const PAIR_REFRESH_MS = 60 * MINUTE_MS;
/** Known pairs a process remembers (least recently used first out): ~150 bytes each. */
const MAX_REMEMBERED = 100_000;
/** Usernames longer than any line's (64) are keyed by a digest, so a key stays short. */
const MAX_KEYED_USERNAME = 64;

/**
 * The address a counter is kept for: an IPv4 address (also when IPv4-mapped), or an IPv6 address's /64,
 * the block one subscriber holds (counting single IPv6 addresses would give one attacker 2^64 allowances).
 */
export function addressKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  let text = ip.split('%')[0] ?? ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function usernameKeyOf(username: string): string {
  const name = normaliseUsername(username);
  if (name.length <= MAX_KEYED_USERNAME) return name;
  return `#${createHash('sha256').update(name).digest('base64url').slice(0, 22)}`;
}

export function lineAuthKeys(
  attempt: Pick<LineAttempt, 'username' | 'address'>,
): LineAuthKeys & { username: string } {
  const username = usernameKeyOf(attempt.username);
  const address = addressKeyOf(attempt.address);
  return {
    address: `line-ip:${address}`,
    username: `line-user:${username}`,
    pair: `line-ok:${username}:${address}`,
  };
}

/** A short link's code is counted under the address only; its pair is (code, address) (decision 0069). */
export function shortLinkKeys(attempt: ShortLinkAttempt): LineAuthKeys {
  const address = addressKeyOf(attempt.address);
  return { address: `line-ip:${address}`, username: null, pair: `short-ok:${attempt.code}:${address}` };
}

/** A portal MAC is counted under the address only; its pair is (MAC, address) (decision 0113). */
export function portalMacKeys(attempt: PortalMacAttempt): LineAuthKeys {
  const address = addressKeyOf(attempt.address);
  return { address: `line-ip:${address}`, username: null, pair: `mac-ok:${attempt.mac}:${address}` };
}

export function lineAuthPolicies(config: LineAuthConfig): LineAuthPolicies {
  const policy = (threshold: number) => ({
    threshold,
    memoryMs: config.LINE_AUTH_WINDOW_MINUTES * MINUTE_MS,
    firstDelayMs: config.LINE_AUTH_BLOCK_MINUTES * MINUTE_MS,
    maxDelayMs: Math.max(config.LINE_AUTH_BLOCK_MINUTES, config.LINE_AUTH_MAX_BLOCK_MINUTES) * MINUTE_MS,
    // Forgotten a window after the last failure or the end of its block: the delay keeps doubling.
    memoryAfterBlock: true,
  });
  return {
    address: policy(config.LINE_AUTH_FAILURES_PER_ADDRESS),
    username: policy(config.LINE_AUTH_FAILURES_PER_USERNAME),
    pairMemoryMs: PAIR_MEMORY_MS,
  };
}

interface RememberedPair {
  /** Which password succeeded (a keyed digest): another one from the pair is not exempt. */
  password: number;
  writtenAt: number;
}

/** Runs one task per key at a time (in arrival order); other keys are not held up. */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async function exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key);
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous ? previous.then(() => done) : done;
    tails.set(key, tail);
    try {
      await previous;
      return await task();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

export function createLineAuthGuard(db: Database, config: LineAuthConfig): LineAuthGuard {
  const policies = lineAuthPolicies(config);
  // Known pairs this process saw succeed, least recently used first (a Map keeps insertion order).
  const remembered = new Map<string, RememberedPair>();
  const digestKey = randomBytes(32);
  const digestOf = (password: string) =>
    createHmac('sha256', digestKey).update(password).digest().readUIntBE(0, 6);
  const exclusive = createKeyedQueue();

  const remember = (pair: string, password: number, writtenAt: number) => {
    remembered.delete(pair);
    remembered.set(pair, { password, writtenAt });
    if (remembered.size > MAX_REMEMBERED) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
  };

  const blocked = (seconds: number | null) =>
    ({ outcome: 'blocked', retryAfterSeconds: Math.max(1, seconds ?? 1) }) as const;

  /** A wrong password (or unknown username): counted, the pair forgotten; blocked before it → 429. */
  async function failed(keys: LineAuthKeys): Promise<LineAuthOutcome<never>> {
    remembered.delete(keys.pair);
    const blockedSeconds = await recordLineFailure(db, keys, policies);
    return blockedSeconds !== null ? blocked(blockedSeconds) : { outcome: 'refused' };
  }

  /** A known pair's right password: remembered here; its success written again at most once an hour. */
  async function stillKnown(keys: LineAuthKeys, password: number, writtenAt: number): Promise<void> {
    remember(keys.pair, password, writtenAt);
    if (Date.now() - writtenAt < PAIR_REFRESH_MS) return;
    if (await refreshKnownPair(db, keys.pair, policies)) remember(keys.pair, password, Date.now());
    else remembered.delete(keys.pair);
  }

  /**
   * A pair this process does not remember (or that sent another password): one read (the blocks, the
   * pair); refused without a lookup when blocked and not known; else the password is compared, and either
   * the failure or a new pair is written.
   */
  async function throughCounters<T>(
    keys: LineAuthKeys,
    password: number,
    check: () => Promise<T | undefined>,
  ): Promise<LineAuthOutcome<T>> {
    const state = await readLineAuthState(db, keys, policies);
    if (state.pairWrittenAgoMs === null && state.blockedSeconds !== null)
      return blocked(state.blockedSeconds);
    const line = await check();
    if (line === undefined) return failed(keys);
    if (state.pairWrittenAgoMs !== null) {
      await stillKnown(keys, password, Date.now() - state.pairWrittenAgoMs);
    } else {
      await rememberKnownPair(db, keys.pair, policies);
      remember(keys.pair, password, Date.now());
    }
    return { outcome: 'authenticated', line };
  }

  /** Each key's attempts one at a time in this process: the address first, then the username (no cycle). */
  function oneAtATime<T>(keys: LineAuthKeys, task: () => Promise<T>): Promise<T> {
    const username = keys.username;
    return exclusive(keys.address, () => (username === null ? task() : exclusive(username, task)));
  }

  /**
   * The protection around `check`, for `keys` and the digest of what was presented (a password, or a
   * short link's code): the known pair's hot path, else through the counters.
   */
  async function guarded<T>(
    keys: LineAuthKeys,
    password: number,
    check: () => Promise<T | undefined>,
  ): Promise<LineAuthOutcome<T>> {
    const known = remembered.get(keys.pair);
    if (known && known.password === password) {
      // The hot path: a pair playing from this process with the password that succeeded, no query.
      const line = await check();
      if (line === undefined) return failed(keys);
      await stillKnown(keys, password, known.writtenAt);
      return { outcome: 'authenticated', line };
    }
    // Another password from a known pair: forgotten at once, before any await, so guesses sent together
    // through one process get one try at the exemption.
    if (known) remembered.delete(keys.pair);
    // The attempts through the counters of one address, and of one username, run one at a time in this
    // process (address first, then username: no cycle), so each reads what the one before wrote: guesses
    // sent together are refused past the allowance, customers starting together are never counted.
    return oneAtATime(keys, async () => {
      const now = remembered.get(keys.pair);
      if (now && now.password === password) {
        const line = await check();
        return line === undefined ? failed(keys) : { outcome: 'authenticated', line };
      }
      if (now) remembered.delete(keys.pair);
      if (known || now) await forgetKnownPair(db, keys.pair);
      return throughCounters(keys, password, check);
    });
  }

  return {
    async authenticate(attempt, check) {
      // No credentials guess nothing: refused as before, counted nowhere.
      if (!attempt.username || !attempt.password) return { outcome: 'refused' };
      return guarded(lineAuthKeys(attempt), digestOf(attempt.password), check);
    },
    async openShortLink(attempt, check) {
      // The pair names the code, so the digest only has to be one value per code.
      return guarded(shortLinkKeys(attempt), digestOf(attempt.code), check);
    },
    async openPortalMac(attempt, check) {
      return guarded(portalMacKeys(attempt), digestOf(attempt.mac), check);
    },
  };
}

/** The blocked answer's status and Retry-After; each endpoint sends its own body (or none). */
export function replyBlocked(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply.code(429).header('Retry-After', String(retryAfterSeconds));
}
