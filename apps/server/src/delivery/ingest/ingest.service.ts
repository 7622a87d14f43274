import type {
  ConnectionsResult,
  P2pSessionsResult,
  StopReason,
  TokenVerifyResult,
  ViewsResult,
} from '@panel/shared/ingest/ingest-api';
import type { Database } from '../../db/database';
import { verifyStreamToken } from '../streams/stream-tokens';
import { addViews, viewDay } from '../views/views.repository';
import { applyBatchOnce } from './ingest-batches.repository';
import {
  connectionState,
  endConnections,
  refreshConnections,
  servedElsewhere,
  stopReasons,
  type Heartbeat,
} from './ingest-connections.repository';
import { activateReportedP2pCodes } from '../code-activation/code-activation';
import { endP2pSessions, upsertP2pSessions, type P2pSessionReport } from './ingest-p2p-sessions.repository';
import { existingStreamIds } from './ingest-views.repository';

export interface ConnectionsBatchInput {
  batch_id: string;
  heartbeats: { connection_id: number; divergence: number; watching?: string; bytes?: number }[];
  ends: { connection_id: number; bytes?: number }[];
}

export interface P2pSessionsBatchInput {
  batch_id: string;
  sessions: {
    session_id: string;
    username: string;
    channel_name: string;
    duration: number;
    external_ip: string | null;
    app_name: string;
    app_version: string;
  }[];
  ends: string[];
}

export interface ViewsBatchInput {
  batch_id: string;
  views: { stream_id: number; at?: number; count: number }[];
}

/** The last report of each key wins: one statement may not touch a row twice. */
function lastByKey<T, K>(items: readonly T[], key: (item: T) => K): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

const STOP_REASON_OF_END: Record<string, StopReason> = {
  closed: 'ended',
  expired: 'expired',
  disconnected: 'disconnected',
  replaced: 'replaced',
  limit: 'limit',
};

/**
 * The ingest API's rules (decision 0045): every batch applied once per server and batch id, every kind
 * of item one statement. Heartbeats keep active connections alive; the ones that are not (unknown, ended,
 * disconnected, overdue) come back as `stop`, which is how an edge learns a disconnect whose command it
 * never received. A server touches only the connections it serves (or unclaimed ones, decision 0066): the
 * others are answered in `refused` and left as they were.
 */
export function createIngestService(options: {
  db: Database;
  connectionTtlSeconds: number;
  streamTokenSecret: () => Promise<string>;
}) {
  const { db } = options;
  return {
    async connections(serverId: number, input: ConnectionsBatchInput): Promise<ConnectionsResult> {
      return applyBatchOnce(db, serverId, 'connections', input.batch_id, async (tx) => {
        const beats: Heartbeat[] = lastByKey(input.heartbeats, (beat) => beat.connection_id)
          .map((beat) => ({
            id: beat.connection_id,
            divergence: beat.divergence,
            watching: beat.watching ?? null,
            bytes: beat.bytes ?? null,
          }))
          // Rows in id order: two batches touching the same connections lock them in the same order.
          .sort((a, b) => a.id - b.id);
        const refreshed = new Set(
          await refreshConnections(tx, serverId, options.connectionTtlSeconds, beats),
        );
        const notRefreshed = beats.filter((beat) => !refreshed.has(beat.id)).map((beat) => beat.id);
        const refusedBeats = await servedElsewhere(tx, serverId, notRefreshed);
        const missing = notRefreshed.filter((id) => !refusedBeats.has(id));
        const reasons = await stopReasons(tx, missing);
        const ends = lastByKey(input.ends, (end) => end.connection_id)
          .map((end) => ({ id: end.connection_id, bytes: end.bytes ?? null }))
          .sort((a, b) => a.id - b.id);
        const ended = new Set(await endConnections(tx, serverId, ends));
        const refusedEnds = await servedElsewhere(
          tx,
          serverId,
          ends.filter((end) => !ended.has(end.id)).map((end) => end.id),
        );
        const refused = [...new Set([...refusedBeats, ...refusedEnds])].sort((a, b) => a - b);
        return {
          batch_id: input.batch_id,
          refreshed: refreshed.size,
          ended: ended.size,
          stop: missing.map((id) => {
            const reason = reasons.get(id);
            return {
              connection_id: id,
              reason: reason ? (STOP_REASON_OF_END[reason] ?? 'ended') : 'unknown',
            };
          }),
          refused: refused.map((id) => ({ connection_id: id })),
        };
      });
    },

    async p2pSessions(serverId: number, input: P2pSessionsBatchInput): Promise<P2pSessionsResult> {
      return applyBatchOnce(db, serverId, 'p2p-sessions', input.batch_id, async (tx) => {
        const reports: P2pSessionReport[] = lastByKey(input.sessions, (session) => session.session_id).map(
          (session) => ({
            sessionKey: session.session_id,
            username: session.username,
            channelName: session.channel_name,
            durationSeconds: session.duration,
            externalIp: session.external_ip,
            appName: session.app_name,
            appVersion: session.app_version,
          }),
        );
        const stored = await upsertP2pSessions(tx, serverId, reports);
        // A P2P activation code is used in the P2P app: its first reported session starts its clock (0145).
        const playing = reports.filter((report) => stored.has(report.sessionKey));
        await activateReportedP2pCodes(tx, [...new Set(playing.map((report) => report.username))]);
        const ended = await endP2pSessions(tx, serverId, [...new Set(input.ends)]);
        return {
          batch_id: input.batch_id,
          stored: stored.size,
          ended,
          unknown: reports
            .filter((report) => !stored.has(report.sessionKey))
            .map((report) => ({ session_id: report.sessionKey, username: report.username })),
        };
      });
    },

    async views(serverId: number, input: ViewsBatchInput): Promise<ViewsResult> {
      return applyBatchOnce(db, serverId, 'views', input.batch_id, async (tx) => {
        const known = await existingStreamIds(tx, [...new Set(input.views.map((view) => view.stream_id))]);
        const counted = input.views.filter((view) => known.has(view.stream_id));
        await addViews(
          tx,
          counted.map((view) => ({
            streamId: view.stream_id,
            day: viewDay(view.at === undefined ? new Date() : new Date(view.at * 1000)),
            views: view.count,
          })),
        );
        return {
          batch_id: input.batch_id,
          counted: counted.reduce((sum, view) => sum + view.count, 0),
          unknown_stream_ids: [
            ...new Set(
              input.views.filter((view) => !known.has(view.stream_id)).map((view) => view.stream_id),
            ),
          ],
        };
      });
    },

    /**
     * An edge's question: is this redirect token still good? The signature and expiry first
     * (docs/stream-tokens.md), then the connection it names: a disconnected or ended one is refused.
     */
    async verifyToken(input: {
      line: string;
      stream: string;
      conn: string;
      expires: string;
      token: string;
    }): Promise<TokenVerifyResult> {
      const claims = verifyStreamToken(await options.streamTokenSecret(), new URLSearchParams(input));
      if (!claims) return { valid: false, reason: 'invalid' };
      const connection = await connectionState(db, claims.connectionId, options.connectionTtlSeconds);
      if (!connection) return { valid: false, reason: 'unknown_connection' };
      if (connection.lineId !== claims.lineId || connection.streamId !== claims.streamId) {
        return { valid: false, reason: 'invalid' };
      }
      if (connection.endReason === 'disconnected') return { valid: false, reason: 'disconnected' };
      if (connection.ended || connection.overdue) return { valid: false, reason: 'ended' };
      return { valid: true, reason: null };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
