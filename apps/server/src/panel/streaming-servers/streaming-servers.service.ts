import {
  STREAMING_SERVER_MESSAGES,
  type CreatedStreamingServer,
  type StreamingServer,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashSessionToken, newSessionToken } from '../../lib/session-token';
import {
  findStreamingServer,
  insertStreamingServer,
  listStreamingServers,
  revokeStreamingServer,
  updateStreamingServer,
  type StreamingServerRow,
} from './streaming-servers.repository';

const HINT_CHARS = 4;

function toApi(row: StreamingServerRow): StreamingServer {
  return {
    id: row.id,
    name: row.name,
    token_hint: row.tokenHint,
    control_url: row.controlUrl,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const notFound = () => AppError.notFound(STREAMING_SERVER_MESSAGES.serverNotFound);

/**
 * The admin's streaming servers (decision 0045). A token is 32 random bytes (base64url), answered once at
 * creation; only its SHA-256 (hex) and its last 4 characters are stored. Revoking is final: a new token
 * means a new server row.
 */
export function createStreamingServersService(db: Database) {
  return {
    async list(): Promise<StreamingServer[]> {
      return (await listStreamingServers(db)).map(toApi);
    },

    async create(input: { name: string; control_url: string | null }): Promise<CreatedStreamingServer> {
      const token = newSessionToken();
      const row = await insertStreamingServer(db, {
        name: input.name,
        controlUrl: input.control_url,
        tokenHash: hashSessionToken(token),
        tokenHint: token.slice(-HINT_CHARS),
      });
      return { server: toApi(row), token };
    },

    async update(
      id: number,
      input: { name?: string; control_url?: string | null },
    ): Promise<StreamingServer> {
      const row = await updateStreamingServer(db, id, { name: input.name, controlUrl: input.control_url });
      if (!row) throw notFound();
      return toApi(row);
    },

    async revoke(id: number): Promise<StreamingServer> {
      const row = await revokeStreamingServer(db, id);
      if (row) return toApi(row);
      if (!(await findStreamingServer(db, id))) throw notFound();
      throw AppError.conflict(STREAMING_SERVER_MESSAGES.alreadyRevoked);
    },
  };
}
