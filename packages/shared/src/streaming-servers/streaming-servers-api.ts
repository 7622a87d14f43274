import { z } from 'zod';
import { MAX_ID } from '../lists/list-query';
import { FIELD_MESSAGES } from '../validation/field-messages';

/**
 * The streaming servers an admin allows to call the ingest API (decision 0045,
 * docs/product/api.md#ingest-api-for-streaming-servers): edges in front of redirected sources and the P2P
 * service. Each has a token shown once, when it is created; the panel keeps only its SHA-256 and last 4
 * characters. Schemas shared by the server's admin routes and the panel's screen.
 */
export const STREAMING_SERVER_MESSAGES = {
  required: FIELD_MESSAGES.required,
  nameMax: 'Máximo de 80 caracteres',
  urlInvalid: 'Informe um endereço http:// ou https:// válido',
  urlMax: 'Máximo de 2000 caracteres',
  serverNotFound: 'Servidor de streaming não encontrado.',
  alreadyRevoked: 'O token deste servidor já foi revogado.',
  created: 'Servidor criado. Copie o token agora: ele não será mostrado novamente.',
  saved: 'Servidor salvo com sucesso',
  revoked: 'Token revogado: o servidor não poderá mais enviar dados.',
} as const;

/** Status words of the admin's list. */
export const STREAMING_SERVER_STATUS_LABELS = { active: 'Ativo', revoked: 'Revogado' } as const;

/** How a token's last characters are shown: '…abcd'. */
export function tokenHintText(hint: string): string {
  return `…${hint}`;
}

export const streamingServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's last 4 characters. */
  token_hint: z.string(),
  /** Where the panel POSTs signed commands (a disconnect); null: the server only reports. */
  control_url: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601; null once never seen. */
  last_seen_at: z.string().nullable(),
  /** ISO 8601; null while the token is valid. */
  revoked_at: z.string().nullable(),
});
export type StreamingServer = z.infer<typeof streamingServerSchema>;

export const streamingServerListSchema = z.object({ data: z.array(streamingServerSchema) });
export type StreamingServerList = z.infer<typeof streamingServerListSchema>;

/** A created server and its token, answered once. */
export const createdStreamingServerSchema = z.object({
  server: streamingServerSchema,
  token: z.string().describe('The bearer token of the ingest API; shown only in this answer.'),
});
export type CreatedStreamingServer = z.infer<typeof createdStreamingServerSchema>;

const nameSchema = z
  .string({ error: STREAMING_SERVER_MESSAGES.required })
  .trim()
  .min(1, STREAMING_SERVER_MESSAGES.required)
  .max(80, STREAMING_SERVER_MESSAGES.nameMax);

/** An http(s) address, or nothing ('' or null clear it). */
const controlUrlSchema = z
  .string({ error: STREAMING_SERVER_MESSAGES.urlInvalid })
  .trim()
  .max(2000, STREAMING_SERVER_MESSAGES.urlMax)
  .regex(/^(https?:\/\/[^\s/?#]+\S*)?$/i, STREAMING_SERVER_MESSAGES.urlInvalid)
  .nullable()
  .transform((value) => (value ? value : null));

export const streamingServerInputSchema = z.object({
  name: nameSchema,
  control_url: controlUrlSchema.optional().transform((value) => value ?? null),
});
export type StreamingServerInput = z.input<typeof streamingServerInputSchema>;

/** Editing: an omitted field keeps its value. */
export const streamingServerUpdateSchema = z.object({
  name: nameSchema.optional(),
  control_url: controlUrlSchema.optional(),
});
export type StreamingServerUpdate = z.input<typeof streamingServerUpdateSchema>;

export const streamingServerIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: STREAMING_SERVER_MESSAGES.serverNotFound })
    .int(STREAMING_SERVER_MESSAGES.serverNotFound)
    .min(1, STREAMING_SERVER_MESSAGES.serverNotFound)
    .max(MAX_ID, STREAMING_SERVER_MESSAGES.serverNotFound),
});
