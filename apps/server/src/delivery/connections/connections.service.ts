import { CONNECTION_MESSAGES } from '@panel/shared/online/online-api';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import { createDeliveryNotices, type DeliveryNotices } from '../notices/delivery-notices';
import { ConnectionRelays } from './connection-relays';
import {
  expireAndListActive,
  insertConnection,
  lockLineForConnections,
  refreshDeviceConnection,
  restartConnection,
  restartDeviceConnection,
  restartDeviceConnectionRecording,
  type StartRecord,
} from './connection-open.repository';
import { sweepConnections, type SweepResult } from './connection-upkeep.repository';
import {
  connectionIsActive,
  countActiveConnections,
  endConnections,
  enqueueEdgeDisconnect,
  holdConnectionFor,
  touchConnections,
} from './connections.repository';

/**
 * Live connections (docs/product/entities.md#online-connections, decision 0044): a stream start opens one
 * screen of its line; the same device (same address and user agent) starting again takes its own screen
 * back instead of a second one; a start beyond `max_connections` is refused (403, CONNECTION_MESSAGES
 * .screensLimit) unless the panel setting `screens_end_oldest` ends the oldest. The check and the insert
 * run under a lock on the line's row, so concurrent starts of a 1-screen line never both get in.
 */
export interface ConnectionSettings {
  /** A connection not seen within this many seconds is over (CONNECTION_TTL_SECONDS). */
  ttlSeconds: number;
  /**
   * Proxy mode: how long a screen is held after its relay's last byte or its last HLS request
   * (CONNECTION_GRACE_SECONDS, at most the TTL; decision 0062).
   */
  graceSeconds: number;
  /** Ended rows are kept this long: a token naming them is refused while it is valid (STREAM_TOKEN_TTL_SECONDS). */
  tokenTtlSeconds: number;
  /** Country of a client address; null without a GeoIP database. */
  countryOf(ip: string): string | null;
}

export interface DeviceRequest {
  lineId: number;
  streamId: number;
  delivery: 'redirect' | 'proxy';
  /** The stream's name, shown as "watching" until an edge reports otherwise. */
  watching: string;
  ip: string | null;
  userAgent: string | null;
  /** A counted stream start (decision 0040): the connection shows this stream from now. */
  start: boolean;
  /**
   * Record the start (`stream_starts`, a view) with the connection when it can be done in the same statement
   * (the device already holds a screen); `recorded` in the answer says whether it was.
   */
  record?: StartRecord;
}

export interface HeldConnection {
  id: number;
  /** The start's row and view were written with it (else the caller writes them). */
  recorded: boolean;
}

export const screensLimit = () => new AppError(403, 'forbidden', CONNECTION_MESSAGES.screensLimit);

export interface ConnectionTracker {
  readonly relays: ConnectionRelays;
  readonly settings: ConnectionSettings;
  /** The device's connection for this request (opened, restarted or refreshed); throws screensLimit. */
  forRequest(request: DeviceRequest): Promise<HeldConnection>;
  /** The source never answered (proxy): the connection ends at once ('closed'). */
  close(connectionId: number): Promise<void>;
  /**
   * The connection's last answer of the stream URL (a media body, an HLS start's playlist) was sent or cut
   * (proxy): its screen is held for the grace, then freed, unless its player asks again.
   */
  release(connectionId: number): Promise<void>;
  /** Whether a `/hls/` token of this connection may still be served (refreshes it at most every few seconds). */
  allowsSegment(connectionId: number): Promise<boolean>;
  /**
   * Connections that ended (committed): their relays are cut here and, through the delivery notices, in
   * every other process at once (decision 0076).
   */
  cut(connectionIds: readonly number[]): Promise<void>;
  /**
   * The delivery role's part of the sweep: connections relayed here stay seen, those ended elsewhere are
   * cut here (the backstop of a notice missed).
   */
  keepRelaysAlive(): Promise<void>;
  /** The workers role's part of the sweep: what nobody refreshed expires, old rows go. */
  expire(): Promise<SweepResult>;
  /** Both parts, one process doing everything. */
  sweep(): Promise<SweepResult>;
}

/**
 * last_seen_at of a proxied HLS connection is written at most this often per connection and process: a
 * third of the grace (at most 10 s), so a player asking every few seconds never outlives its hold between
 * two writes (decision 0062).
 */
const segmentRefreshMs = (graceSeconds: number) => Math.min(10_000, Math.max(250, (graceSeconds * 1000) / 3));

export function createConnectionTracker(
  db: Database,
  settings: ConnectionSettings,
  notices: DeliveryNotices = localNotices(),
): ConnectionTracker {
  const relays = new ConnectionRelays();
  notices.onNotice((notice) => {
    if (notice.kind === 'cut') for (const id of notice.connectionIds) relays.cutConnection(id);
  });
  const ttl = settings.ttlSeconds;
  const refreshMs = segmentRefreshMs(settings.graceSeconds);

  async function open(request: DeviceRequest): Promise<number> {
    const { id, ended } = await runInTransaction(db, async (tx) => {
      const line = await lockLineForConnections(tx, request.lineId);
      if (!line) throw AppError.notFound();
      const active = await expireAndListActive(tx, request.lineId, ttl);
      const same = active.find((c) => c.ip === request.ip && c.userAgent === request.userAgent);
      if (same) {
        await restartConnection(tx, same.id, request);
        return { id: same.id, ended: [] };
      }
      const screens = Math.max(1, line.maxConnections);
      let ended: Awaited<ReturnType<typeof endConnections>> = [];
      if (active.length >= screens) {
        if (!line.endOldest) throw screensLimit();
        ended = await endConnections(
          tx,
          active.slice(0, active.length - screens + 1).map((c) => c.id),
          'limit',
        );
        for (const connection of ended) {
          if (connection.delivery === 'redirect') await enqueueEdgeDisconnect(tx, connection);
        }
      }
      const newId = await insertConnection(tx, {
        lineId: request.lineId,
        ownerPath: line.ownerPath,
        streamId: request.streamId,
        delivery: request.delivery,
        ip: request.ip,
        userAgent: request.userAgent,
        country: request.ip ? settings.countryOf(request.ip) : null,
        watching: request.watching,
      });
      return { id: newId, ended };
    });
    await cut(ended.map((connection) => connection.id));
    return id;
  }

  const cut = (ids: readonly number[]) => notices.send({ kind: 'cut', connectionIds: [...ids] });

  async function keepRelaysAlive(): Promise<void> {
    // Connections relayed here stay seen; those another node or the edge ended are cut here too.
    const relayed = relays.relayed();
    const alive = new Set(await touchConnections(db, relayed, ttl));
    for (const id of relayed) {
      if (!alive.has(id)) relays.cutConnection(id);
      // Its last answer ended while the touch ran: the release's hold for the grace may have been
      // written first, so it is written again, or the touch would keep the screen the whole TTL.
      else if (!relays.streaming(id)) await holdConnectionFor(db, id, ttl, settings.graceSeconds);
    }
    relays.prune(settings.tokenTtlSeconds * 1000);
  }

  const expire = () => sweepConnections(db, { ttlSeconds: ttl, keepEndedSeconds: settings.tokenTtlSeconds });

  return {
    relays,
    settings,
    async forRequest(request) {
      // The device already holds a screen: one statement, no lock (the hot path of zapping and reloads).
      if (request.start && request.record) {
        const id = await restartDeviceConnectionRecording(db, request, request, request.record, ttl);
        if (id !== undefined) return { id, recorded: true };
      } else {
        const id = request.start
          ? await restartDeviceConnection(db, request, request, ttl)
          : await refreshDeviceConnection(db, request, ttl);
        if (id !== undefined) return { id, recorded: false };
      }
      return { id: await open(request), recorded: false };
    },
    async close(connectionId) {
      await endConnections(db, [connectionId], 'closed');
    },
    async release(connectionId) {
      await holdConnectionFor(db, connectionId, ttl, settings.graceSeconds);
    },
    async allowsSegment(connectionId) {
      if (relays.isCut(connectionId)) return false;
      if (!relays.refreshDue(connectionId, refreshMs)) return true;
      const [alive] = await touchConnections(db, [connectionId], ttl, settings.graceSeconds);
      if (alive === undefined) {
        relays.cutConnection(connectionId);
        return false;
      }
      relays.markRefreshed(connectionId);
      return true;
    },
    cut,
    keepRelaysAlive,
    expire,
    async sweep() {
      await keepRelaysAlive();
      return expire();
    },
  };
}

/** Notices that stay in the process (a tracker made without the plugin: tests of the service). */
function localNotices(): DeliveryNotices {
  return createDeliveryNotices({
    onError: (error) => {
      throw error;
    },
  });
}

/** For the ingest API's token verification (decision 0044): is the connection a token names still on? */
export function isConnectionActive(db: Database, connectionId: number, ttlSeconds: number): Promise<boolean> {
  return connectionIsActive(db, connectionId, ttlSeconds);
}

/** player_api.php `user_info.active_cons` (docs/product/xtream-contract.md). */
export function activeConnectionCount(db: Database, lineId: number, ttlSeconds: number): Promise<number> {
  return countActiveConnections(db, lineId, ttlSeconds);
}
