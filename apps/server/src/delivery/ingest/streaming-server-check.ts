import { INGEST_MESSAGES } from '@panel/shared/ingest/ingest-api';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashSessionToken } from '../../lib/session-token';
import { bearerToken } from '../../lib/bearer-token';
import { findServerByTokenHash, touchStreamingServer } from './streaming-server-token.repository';

/** Which streaming server calls an ingest route (decision 0045). */
export interface StreamingServerCaller {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on the ingest routes (access kind 'streaming-server'). */
    streamingServer: StreamingServerCaller | null;
  }
}

// The admin's list shows when a server last called; a write per batch would be wasted, every 30 s is enough.
const TOUCH_AFTER_MS = 30_000;

/**
 * The streaming server behind `Authorization: Bearer <server token>`: looked up by the token's SHA-256 on
 * every call, so a revoked token is refused at once (401), on every process. Sessions of any role are
 * no server token and are refused the same way.
 */
export async function checkStreamingServer(
  db: Database,
  request: FastifyRequest,
): Promise<StreamingServerCaller> {
  const token = bearerToken(request);
  if (!token) throw new AppError(401, 'unauthenticated', INGEST_MESSAGES.serverTokenRefused);
  const server = await findServerByTokenHash(db, hashSessionToken(token));
  if (!server || server.revokedAt)
    throw new AppError(401, 'unauthenticated', INGEST_MESSAGES.serverTokenRefused);
  if (!server.lastSeenAt || Date.now() - server.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await touchStreamingServer(db, server.id);
  }
  return { id: server.id, name: server.name };
}

/** The server of an ingest route; the authenticate hook has already refused anyone else. */
export function requireStreamingServer(request: FastifyRequest): StreamingServerCaller {
  if (!request.streamingServer)
    throw new AppError(401, 'unauthenticated', INGEST_MESSAGES.serverTokenRefused);
  return request.streamingServer;
}
