import { z } from 'zod';
import type { AnalyticsType } from '../analytics/analytics-api';
import { idParamSchema, listResponseSchema, orderBySchema, pageSchema, perSchema } from '../lists/list-query';

/**
 * Content removal, the spec's "garbage" (docs/product/screens.md#content-removal, decisions 0056 and 0057):
 * the queue of library items an admin or a publisher proposed to remove from the analytics screens, which
 * an admin cancels or turns into a permanent removal.
 */

/** docs/product/entities.md#content-removal-item: channels 1, movies 2, 24h channels 3, series 5. */
export const MEDIA_TYPES = { channels: 1, movies: 2, lives: 3, series: 5 } as const;
export const MEDIA_TYPE_CODES = [1, 2, 3, 5] as const;
export type MediaType = (typeof MEDIA_TYPE_CODES)[number];

/** The 'Tipo' column and filter. */
export const MEDIA_TYPE_LABELS: Record<MediaType, string> = {
  1: 'Canal',
  2: 'Filme',
  3: 'Canal 24h',
  5: 'Série',
};

/** The media type an analytics screen's trash action sends (decision 0047: streams are movies). */
export const MEDIA_TYPE_OF_ANALYTICS: Record<AnalyticsType, MediaType> = {
  channels: MEDIA_TYPES.channels,
  streams: MEDIA_TYPES.movies,
  lives: MEDIA_TYPES.lives,
  series: MEDIA_TYPES.series,
};

/** docs/product/rules.md: 0 queued, 1 removed for good. A cancelled removal leaves no row. */
export const REMOVAL_STATUS = { queued: 0, removed: 1 } as const;
export const REMOVAL_STATUS_CODES = [0, 1] as const;
export type RemovalStatus = (typeof REMOVAL_STATUS_CODES)[number];
export const REMOVAL_STATUS_LABELS: Record<RemovalStatus, string> = {
  0: 'Na fila de exclusão',
  1: 'Excluído permanentemente',
};

export const CONTENT_REMOVAL_TITLE = 'Remoções de Conteúdo';

export const CONTENT_REMOVAL_MESSAGES = {
  invalidMediaType: 'Tipo de mídia inválido',
  invalidStatus: 'Status inválido',
  contentNotFound: 'Conteúdo não encontrado.',
  notFound: 'Remoção não encontrada.',
  alreadyQueued: 'Este título já está na fila de exclusão.',
  alreadyRemoved: 'Este título já foi excluído permanentemente.',
  /** Success toasts (docs/product/messages.md#toasts). */
  sent: 'Título enviado para a lixeira',
  restored: 'Título removido da lixeira',
  removed: 'Título excluído permanentemente',
  /** The row actions and the permanent removal's confirmation. */
  cancelAction: 'Cancelar exclusão',
  removeAction: 'Excluir permanentemente',
  sendAction: 'Enviar para a lixeira',
  confirmRemoval:
    'Deseja realmente excluir permanentemente este título? Ele sai do catálogo de todas as listas.',
  confirmButton: 'Excluir',
} as const;

/** A number that must be one of `codes` (a query string's text coerced), else `message`. */
function codeSchema<const C extends number>(codes: readonly C[], message: string) {
  return z.coerce
    .number({ error: message })
    .refine((value): value is C => (codes as readonly number[]).includes(value), message)
    .transform((value) => value as C);
}

const mediaTypeSchema = codeSchema(MEDIA_TYPE_CODES, CONTENT_REMOVAL_MESSAGES.invalidMediaType);
const statusSchema = codeSchema(REMOVAL_STATUS_CODES, CONTENT_REMOVAL_MESSAGES.invalidStatus);

/** An empty filter field is no filter. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

export const CONTENT_REMOVAL_SORT_FIELDS = ['id', 'created_at', 'updated_at'] as const;
export type ContentRemovalSortField = (typeof CONTENT_REMOVAL_SORT_FIELDS)[number];

/**
 * GET /api/catalog/garbage: newest first; filters ID, title (`text_search`), media type, the requesting
 * account's username (`reseller`) and status (docs/product/screens.md#content-removal).
 */
export const contentRemovalQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(CONTENT_REMOVAL_SORT_FIELDS, { field: 'created_at', direction: 'desc' }),
  id: z.preprocess(blankToUndefined, idParamSchema.optional()),
  text_search: optionalText,
  media_type: z.preprocess(blankToUndefined, mediaTypeSchema.optional()),
  reseller: optionalText,
  status: z.preprocess(blankToUndefined, statusSchema.optional()),
});
export type ContentRemovalQuery = z.infer<typeof contentRemovalQuerySchema>;

/** POST /api/catalog/garbage: the analytics row's item and its media type. */
export const contentRemovalInputSchema = z.object({
  media_type: mediaTypeSchema,
  media_id: idParamSchema,
});
export type ContentRemovalInput = z.input<typeof contentRemovalInputSchema>;

export const contentRemovalIdParamsSchema = z.object({ id: idParamSchema });

/**
 * docs/product/entities.md#content-removal-item. `media_id` is the stream's id (types 1, 2, 3) or the
 * series' (5); `media_title` its name; `reseller_username` who sent it ('' once that account is gone).
 */
export const contentRemovalSchema = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  media_type: z.number().int(),
  stream_id: z.number().int().nullable(),
  stream_name: z.string().nullable(),
  serie_id: z.number().int().nullable(),
  serie_name: z.string().nullable(),
  media_title: z.string(),
  reseller_username: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentRemoval = z.infer<typeof contentRemovalSchema>;

export const contentRemovalListSchema = listResponseSchema(contentRemovalSchema);
export type ContentRemovalList = z.infer<typeof contentRemovalListSchema>;

export function mediaTypeLabel(code: number): string {
  return MEDIA_TYPE_LABELS[code as MediaType] ?? String(code);
}

export function removalStatusLabel(code: number): string {
  return REMOVAL_STATUS_LABELS[code as RemovalStatus] ?? String(code);
}
