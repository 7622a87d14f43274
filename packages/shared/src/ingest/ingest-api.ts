import { z } from 'zod';
import { MAX_ID } from '../lists/list-query';
import { nowSeconds } from '../time/unix-seconds';

/**
 * The ingest API streaming servers call (decision 0045, docs/product/api.md#ingest-api-for-streaming-servers):
 * connection heartbeats and ends, P2P sessions, views and the check of a redirect token. Every call is a
 * batch with the sender's own `batch_id`: a batch sent again answers its first result and changes nothing.
 */

/** Items per array of one batch. */
export const INGEST_BATCH_MAX = 1000;

export const INGEST_MESSAGES = {
  batchIdInvalid: 'Informe batch_id: de 1 a 100 caracteres (letras, números, ".", "_", ":" ou "-")',
  batchTooLarge: `No máximo ${INGEST_BATCH_MAX} itens por lote`,
  listInvalid: 'Informe uma lista de itens',
  connectionIdInvalid: 'Identificador de conexão inválido',
  divergenceInvalid: 'Divergência inválida: segundos de 0 a 86400',
  watchingInvalid: 'Texto de "assistindo" inválido: até 200 caracteres',
  bytesInvalid: 'Quantidade de bytes inválida',
  sessionIdInvalid: 'Identificador de sessão inválido: de 1 a 200 caracteres',
  usernameInvalid: 'Usuário inválido: de 1 a 200 caracteres',
  textInvalid: 'Texto inválido: até 200 caracteres',
  durationInvalid: 'Duração inválida: segundos, número inteiro não negativo',
  ipInvalid: 'Endereço IP inválido: até 64 caracteres',
  streamIdInvalid: 'Identificador de conteúdo inválido',
  atInvalid: 'Data inválida: segundos unix dos últimos 400 dias',
  countInvalid: 'Quantidade inválida: de 1 a 100000',
  tokenFieldInvalid: 'Parâmetro do token inválido: número inteiro',
  tokenInvalid: 'Token inválido',
  serverTokenRefused: 'Token de servidor de streaming ausente, inválido ou revogado.',
} as const;

const batchId = z
  .string({ error: INGEST_MESSAGES.batchIdInvalid })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, INGEST_MESSAGES.batchIdInvalid)
  .describe('The sender’s id of this batch (e.g. a UUID). Sent again, the batch answers its first result.');

function list<T extends z.ZodType>(item: T) {
  return z
    .array(item, { error: INGEST_MESSAGES.listInvalid })
    .max(INGEST_BATCH_MAX, INGEST_MESSAGES.batchTooLarge)
    .default([]);
}

const connectionId = z
  .number({ error: INGEST_MESSAGES.connectionIdInvalid })
  .int(INGEST_MESSAGES.connectionIdInvalid)
  .min(1, INGEST_MESSAGES.connectionIdInvalid)
  .max(Number.MAX_SAFE_INTEGER, INGEST_MESSAGES.connectionIdInvalid)
  .describe('The connection’s id: the `conn` parameter of the redirect URL.');

const bytes = z
  .number({ error: INGEST_MESSAGES.bytesInvalid })
  .int(INGEST_MESSAGES.bytesInvalid)
  .min(0, INGEST_MESSAGES.bytesInvalid)
  .max(Number.MAX_SAFE_INTEGER, INGEST_MESSAGES.bytesInvalid)
  .describe('Bytes sent to the player so far (a running total).');

const shortText = (message: string, min = 0) =>
  z.string({ error: message }).min(min, message).max(200, message);

export const connectionHeartbeatSchema = z.object({
  connection_id: connectionId,
  divergence: z
    .number({ error: INGEST_MESSAGES.divergenceInvalid })
    .int(INGEST_MESSAGES.divergenceInvalid)
    .min(0, INGEST_MESSAGES.divergenceInvalid)
    .max(86_400, INGEST_MESSAGES.divergenceInvalid)
    .describe('Seconds the player lags behind the live point.'),
  watching: shortText(INGEST_MESSAGES.watchingInvalid)
    .optional()
    .describe('What is being watched, when the edge knows better than the stream’s name.'),
  bytes: bytes.optional(),
});

export const connectionEndSchema = z.object({ connection_id: connectionId, bytes: bytes.optional() });

export const connectionsBatchSchema = z.object({
  batch_id: batchId,
  heartbeats: list(connectionHeartbeatSchema).describe(
    'Connections still playing: each refreshes the connection (active ones only).',
  ),
  ends: list(connectionEndSchema).describe('Connections the player closed.'),
});
export type ConnectionsBatch = z.input<typeof connectionsBatchSchema>;

export const STOP_REASONS = ['unknown', 'ended', 'disconnected', 'expired', 'replaced', 'limit'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export const connectionsResultSchema = z.object({
  batch_id: z.string(),
  /** Heartbeats applied. */
  refreshed: z.number().int(),
  /** Connections ended by this batch. */
  ended: z.number().int(),
  stop: z
    .array(z.object({ connection_id: z.number().int(), reason: z.enum(STOP_REASONS) }))
    .describe(
      'Heartbeats the edge must act on: stop serving these connections (unknown, ended, disconnected from the panel, expired or replaced).',
    ),
  refused: z
    .array(z.object({ connection_id: z.number().int() }))
    .default([])
    .describe(
      'Heartbeats and ends for connections another server serves: not applied, the connection left as it was. A server touches only the connections it reported first (decision 0066).',
    ),
});
export type ConnectionsResult = z.infer<typeof connectionsResultSchema>;

export const p2pSessionReportSchema = z.object({
  session_id: shortText(INGEST_MESSAGES.sessionIdInvalid, 1).describe('The P2P service’s own session id.'),
  username: shortText(INGEST_MESSAGES.usernameInvalid, 1).describe('The line’s username.'),
  channel_name: shortText(INGEST_MESSAGES.textInvalid).default(''),
  duration: z
    .number({ error: INGEST_MESSAGES.durationInvalid })
    .int(INGEST_MESSAGES.durationInvalid)
    .min(0, INGEST_MESSAGES.durationInvalid)
    .max(MAX_ID, INGEST_MESSAGES.durationInvalid)
    .default(0)
    .describe('Seconds watched so far.'),
  external_ip: z
    .string({ error: INGEST_MESSAGES.ipInvalid })
    .max(64, INGEST_MESSAGES.ipInvalid)
    .nullable()
    .default(null),
  app_name: shortText(INGEST_MESSAGES.textInvalid).default(''),
  app_version: shortText(INGEST_MESSAGES.textInvalid).default(''),
});

export const p2pSessionsBatchSchema = z.object({
  batch_id: batchId,
  sessions: list(p2pSessionReportSchema).describe('Sessions playing now (created or refreshed).'),
  ends: list(shortText(INGEST_MESSAGES.sessionIdInvalid, 1)).describe('Session ids that ended.'),
});
export type P2pSessionsBatch = z.input<typeof p2pSessionsBatchSchema>;

export const p2pSessionsResultSchema = z.object({
  batch_id: z.string(),
  stored: z.number().int(),
  ended: z.number().int(),
  unknown: z
    .array(z.object({ session_id: z.string(), username: z.string() }))
    .describe('Sessions whose username is no P2P or hybrid line: not stored.'),
});
export type P2pSessionsResult = z.infer<typeof p2pSessionsResultSchema>;

const VIEW_WINDOW_SECONDS = 400 * 86_400;

export const viewReportSchema = z.object({
  stream_id: z
    .number({ error: INGEST_MESSAGES.streamIdInvalid })
    .int(INGEST_MESSAGES.streamIdInvalid)
    .min(1, INGEST_MESSAGES.streamIdInvalid)
    .max(MAX_ID, INGEST_MESSAGES.streamIdInvalid)
    .describe('The item’s id, as in the player URL.'),
  at: z
    .number({ error: INGEST_MESSAGES.atInvalid })
    .int(INGEST_MESSAGES.atInvalid)
    .refine((value) => {
      const now = nowSeconds();
      return value >= now - VIEW_WINDOW_SECONDS && value <= now + 86_400;
    }, INGEST_MESSAGES.atInvalid)
    .optional()
    .describe('Unix seconds of the view; default now. Counts on its UTC day.'),
  count: z
    .number({ error: INGEST_MESSAGES.countInvalid })
    .int(INGEST_MESSAGES.countInvalid)
    .min(1, INGEST_MESSAGES.countInvalid)
    .max(100_000, INGEST_MESSAGES.countInvalid)
    .default(1),
});

export const viewsBatchSchema = z.object({ batch_id: batchId, views: list(viewReportSchema) });
export type ViewsBatch = z.input<typeof viewsBatchSchema>;

export const viewsResultSchema = z.object({
  batch_id: z.string(),
  counted: z.number().int().describe('Views added.'),
  unknown_stream_ids: z.array(z.number().int()).describe('Items that do not exist: not counted.'),
});
export type ViewsResult = z.infer<typeof viewsResultSchema>;

const tokenNumber = z
  .union(
    [
      z
        .number({ error: INGEST_MESSAGES.tokenFieldInvalid })
        .int(INGEST_MESSAGES.tokenFieldInvalid)
        .min(0, INGEST_MESSAGES.tokenFieldInvalid)
        .max(Number.MAX_SAFE_INTEGER, INGEST_MESSAGES.tokenFieldInvalid),
      z
        .string({ error: INGEST_MESSAGES.tokenFieldInvalid })
        .regex(/^\d{1,15}$/, INGEST_MESSAGES.tokenFieldInvalid),
    ],
    { error: INGEST_MESSAGES.tokenFieldInvalid },
  )
  .transform(String);

/** The redirect URL's token parameters, as the edge received them (docs/stream-tokens.md). */
export const tokenVerifySchema = z.object({
  line: tokenNumber,
  stream: tokenNumber,
  expires: tokenNumber,
  conn: tokenNumber.describe('The connection the stream start opened (signed with the rest).'),
  token: z
    .string({ error: INGEST_MESSAGES.tokenInvalid })
    .min(1, INGEST_MESSAGES.tokenInvalid)
    .max(200, INGEST_MESSAGES.tokenInvalid),
});
export type TokenVerifyInput = z.input<typeof tokenVerifySchema>;

export const TOKEN_REFUSALS = ['invalid', 'disconnected', 'ended', 'unknown_connection'] as const;

export const tokenVerifyResultSchema = z.object({
  valid: z.boolean(),
  reason: z
    .enum(TOKEN_REFUSALS)
    .nullable()
    .describe(
      'Why it is refused: a bad or expired signature, or the connection it names was disconnected, has ended, or never existed.',
    ),
});
export type TokenVerifyResult = z.infer<typeof tokenVerifyResultSchema>;
