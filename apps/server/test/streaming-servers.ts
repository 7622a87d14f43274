import type { FastifyInstance } from 'fastify';
import { streamingServers } from '../src/db/schema/index';
import { hashSessionToken, newSessionToken } from '../src/lib/session-token';

export interface TestStreamingServer {
  id: number;
  /** The bearer token of the ingest API. */
  token: string;
  /** The key its commands are signed with: the SHA-256 (hex) of the token (decision 0045). */
  signingKey: string;
}

/** A streaming server row with a fresh token, as the admin's POST /api/admin/streaming-servers makes one. */
export async function createStreamingServer(
  app: FastifyInstance,
  options: { name?: string; controlUrl?: string | null } = {},
): Promise<TestStreamingServer> {
  const token = newSessionToken();
  const tokenHash = hashSessionToken(token);
  const [row] = await app.database.db
    .insert(streamingServers)
    .values({
      name: options.name ?? `edge-${tokenHash.slice(0, 6)}`,
      controlUrl: options.controlUrl ?? null,
      tokenHash,
      tokenHint: token.slice(-4),
    })
    .returning({ id: streamingServers.id });
  if (!row) throw new Error('streaming server insert returned nothing');
  return { id: row.id, token, signingKey: tokenHash };
}
