import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/database';

/**
 * What one process must tell the delivery processes at once (decision 0076): connections that ended (a
 * disconnect, a blocked or deleted line, the screens limit ending the oldest), whose relays are cut
 * wherever they run, and a change of resellers' domains, after which the short-link redirect looks hosts
 * up again. Handlers of this process run at once; on PostgreSQL every other process hears it through
 * `NOTIFY panel_delivery` (sent after the change committed) and runs its own.
 *
 * The database sends two more itself, from triggers (migration 0022, decision 0105), when a transaction
 * that made them commits: `lines`, a line's credentials, block, system, expiry or bouquets changed or the
 * line was deleted; `library`, the streams, series, categories, bouquet mappings or sources changed.
 */
export type DeliveryNotice =
  | { kind: 'cut'; connectionIds: number[] }
  | { kind: 'hosts' }
  | { kind: 'lines'; lineIds: number[] }
  | { kind: 'library' };

export const DELIVERY_CHANNEL = 'panel_delivery';

/** NOTIFY payloads are at most 8000 bytes: ids go in chunks well below that. */
const IDS_PER_NOTIFY = 500;

export interface DeliveryNotices {
  /** Runs this process's handlers, then tells the other processes (errors are logged: the sweep backs it up). */
  send(notice: DeliveryNotice): Promise<void>;
  /** What this process does with a notice, its own or another process's. */
  onNotice(handler: (notice: DeliveryNotice) => void): void;
  /** Called after the listener (re)connected: notices sent while it was away were missed. */
  onResync(handler: () => void): void;
  /**
   * Whether this process hears the database's own notices (its listener is connected, or PGlite calls it
   * in the process): a copy of database rows kept in memory may be trusted only while it does (0105).
   */
  readonly hearing: boolean;
}

interface Envelope {
  /** The sending process: it already ran its handlers. */
  from: string;
  notice: DeliveryNotice;
}

export interface DeliveryNoticesOptions {
  /** Where other processes hear notices; absent: this process is alone (PGlite, tests), nothing is sent. */
  db?: Database;
  onError(error: unknown): void;
}

export interface DeliveryNoticeBus extends DeliveryNotices {
  /** A notice heard from the channel (the listener hands each payload here). */
  receive(payload: string): void;
  resynced(): void;
  /** The listener listens (true) or lost its connection (false). */
  listening(on: boolean): void;
}

export function createDeliveryNotices(options: DeliveryNoticesOptions): DeliveryNoticeBus {
  const self = randomBytes(8).toString('hex');
  const handlers: ((notice: DeliveryNotice) => void)[] = [];
  const resyncs: (() => void)[] = [];
  let hearing = false;

  const handle = (notice: DeliveryNotice) => {
    for (const handler of handlers) {
      try {
        handler(notice);
      } catch (error) {
        options.onError(error);
      }
    }
  };

  async function publish(notice: DeliveryNotice): Promise<void> {
    if (!options.db) return;
    const notices =
      notice.kind === 'cut'
        ? chunks(notice.connectionIds, IDS_PER_NOTIFY).map((connectionIds) => ({
            kind: 'cut' as const,
            connectionIds,
          }))
        : [notice];
    for (const part of notices) {
      const envelope: Envelope = { from: self, notice: part };
      await options.db.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, ${JSON.stringify(envelope)})`);
    }
  }

  return {
    async send(notice) {
      if (notice.kind === 'cut' && notice.connectionIds.length === 0) return;
      handle(notice);
      try {
        await publish(notice);
      } catch (error) {
        options.onError(error);
      }
    },
    onNotice(handler) {
      handlers.push(handler);
    },
    onResync(handler) {
      resyncs.push(handler);
    },
    receive(payload) {
      const envelope = parseEnvelope(payload);
      if (!envelope) {
        options.onError(new Error(`unreadable delivery notice: ${payload.slice(0, 200)}`));
        return;
      }
      if (envelope.from !== self) handle(envelope.notice);
    },
    resynced() {
      for (const resync of resyncs) resync();
    },
    get hearing() {
      return hearing;
    },
    listening(on) {
      hearing = on;
    },
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

function parseEnvelope(payload: string): Envelope | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Envelope>;
    const notice = value.notice;
    if (typeof value.from !== 'string' || !notice) return undefined;
    if (notice.kind === 'hosts') return { from: value.from, notice: { kind: 'hosts' } };
    if (notice.kind === 'library') return { from: value.from, notice: { kind: 'library' } };
    if (
      notice.kind === 'lines' &&
      Array.isArray(notice.lineIds) &&
      notice.lineIds.every(Number.isSafeInteger)
    ) {
      return { from: value.from, notice: { kind: 'lines', lineIds: notice.lineIds } };
    }
    if (
      notice.kind === 'cut' &&
      Array.isArray(notice.connectionIds) &&
      notice.connectionIds.every((id) => Number.isSafeInteger(id))
    ) {
      return { from: value.from, notice: { kind: 'cut', connectionIds: notice.connectionIds } };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

export interface NoticeListener {
  /** Settles when the first attempt listens or failed (the start waits for it, so a ready process hears). */
  firstAttempt: Promise<void>;
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;
const CLOSE_WAIT_MS = 2000;

/**
 * `LISTEN panel_delivery` on a client of its own (a pooled one would be handed back): reconnects after an
 * error or a lost connection, with a growing pause, and then asks for a resync (what was sent meanwhile
 * was missed). `close()` stops it for good and waits for the client to end (bounded, for a graceful stop).
 */
export function startNoticeListener(options: {
  url: string;
  bus: DeliveryNoticeBus;
  onError(error: unknown): void;
}): NoticeListener {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = RETRY_FIRST_MS;
  let connectedBefore = false;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new pg.Client({ connectionString: options.url, keepAlive: true });
    client = current;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      options.bus.listening(false);
      if (error !== undefined) options.onError(error);
      current.removeAllListeners('notification');
      current.end().catch(() => undefined);
      if (client === current) client = undefined;
      retry();
    };
    current.on('error', (error) => onLost(error));
    current.on('end', () => onLost());
    current.on('notification', (message) => {
      if (message.channel === DELIVERY_CHANNEL && message.payload) options.bus.receive(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${DELIVERY_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (closed) {
      await current.end().catch(() => undefined);
      return;
    }
    retryMs = RETRY_FIRST_MS;
    // What was kept from before the loss is dropped before the process trusts its copies again.
    if (connectedBefore) options.bus.resynced();
    options.bus.listening(true);
    connectedBefore = true;
  }

  const firstAttempt = connect();

  return {
    firstAttempt,
    async close() {
      closed = true;
      options.bus.listening(false);
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = undefined;
      if (!current) return;
      current.removeAllListeners('end');
      current.removeAllListeners('notification');
      current.on('error', () => undefined);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        current.end().catch(() => undefined),
        new Promise((resolve) => {
          wait = setTimeout(resolve, CLOSE_WAIT_MS);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}
