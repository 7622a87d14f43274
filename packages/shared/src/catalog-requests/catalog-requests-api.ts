import { z } from 'zod';
import {
  idParamSchema,
  listResponseSchema,
  MAX_ID,
  orderBySchema,
  pageSchema,
  perSchema,
} from '../lists/list-query';

/**
 * Catalog requests (docs/product/screens.md#catalog-requests, decision 0055): the statuses, the media types,
 * the filters and forms of /requests/catalog and the API's shapes, shared by the server and the panel.
 */

/** docs/product/rules.md#catalog-and-domains: 0 Em análise, 2 Na fila, 3 Em processamento, 1 No catálogo. */
export const CATALOG_REQUEST_STATUS = { inReview: 0, inCatalog: 1, queued: 2, processing: 3 } as const;
export type CatalogRequestStatus = (typeof CATALOG_REQUEST_STATUS)[keyof typeof CATALOG_REQUEST_STATUS];
/** The order the screen lists them in (the specification's order). */
export const CATALOG_REQUEST_STATUSES = [0, 2, 3, 1] as const satisfies readonly CatalogRequestStatus[];
export const CATALOG_REQUEST_STATUS_LABELS: Record<CatalogRequestStatus, string> = {
  0: 'Em análise',
  2: 'Na fila',
  3: 'Em processamento',
  1: 'No catálogo',
};
/** A new request starts in the queue; the new-request modal says so with this label. */
export const NEW_REQUEST_STATUS = CATALOG_REQUEST_STATUS.queued;
export const NEW_REQUEST_STATUS_LABEL = 'Na Fila';

export const MEDIA_TYPES = ['movie', 'tv'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_TYPE_LABELS: Record<MediaType, string> = { movie: 'Filme', tv: 'Série' };

/** The release-year filter's range (docs/product/screens.md#catalog-requests). */
export const RELEASE_YEAR_MIN = 1940;
export const RELEASE_YEAR_MAX = 2030;

/** The new-request modal waits this long after the last key before it searches (docs/product/constants.md). */
export const TITLE_SEARCH_DEBOUNCE_MS = 650;
export const TITLE_SEARCH_MAX_CHARS = 100;

export const CATALOG_REQUEST_MESSAGES = {
  titleRequired: 'Informe o título',
  titleMissingOnSubmit: 'Por favor informe o título',
  titleTooLong: `Máximo de ${TITLE_SEARCH_MAX_CHARS} caracteres`,
  invalidStatus: 'Status inválido',
  invalidMediaType: 'Tipo inválido',
  invalidTmdbId: 'TMDB ID inválido',
  invalidReleaseYear: `Ano de lançamento entre ${RELEASE_YEAR_MIN} e ${RELEASE_YEAR_MAX}`,
  invalidPublisher: 'Publisher inválido',
  textTooLong: 'Máximo de 64 caracteres',
  notFound: 'Solicitação não encontrada.',
  titleNotFound: 'Título não encontrado no serviço de títulos.',
  adultRefused: 'Conteúdo adulto não pode ser solicitado.',
  searchNotConfigured: 'A busca de títulos não está configurada neste painel.',
  noResults: 'Nenhum título encontrado',
  added: 'Nova solicitação adicionada',
  /** A new request whose title the library already has: it starts 'No catálogo' (decision 0055). */
  addedWithStatus: (status: string) => `Nova solicitação adicionada. Status: ${status}.`,
  /** Someone had asked for the title: the caller now counts among its requesters (decision 0071). */
  joined: (status: string) =>
    `Este título já havia sido solicitado. Status: ${status}. Sua solicitação foi somada à existente.`,
  /** The caller had already asked for the title: nothing was added, it was not counted again. */
  alreadyRequested: (status: string) =>
    `Você já havia solicitado este título. Status: ${status}. Nada foi adicionado: sua solicitação já estava contada.`,
  edited: 'Solicitação editada com sucesso',
  removed: 'Solicitação removida com sucesso',
  removeConfirm: 'Deseja realmente remover esta solicitação?',
} as const;

/** The texts of making an account a publisher (decision 0054). */
export const PUBLISHER_MESSAGES = {
  hasLinesOrResellers:
    'Este revendedor possui usuários ou sub-revendedores e não pode ser publisher. Transfira-os antes.',
  made: 'Revendedor agora é publisher.',
  undone: 'Revendedor deixou de ser publisher.',
} as const;

const statusSchema = z.coerce
  .number({ error: CATALOG_REQUEST_MESSAGES.invalidStatus })
  .int(CATALOG_REQUEST_MESSAGES.invalidStatus)
  .refine(
    (value): value is CatalogRequestStatus => (CATALOG_REQUEST_STATUSES as readonly number[]).includes(value),
    CATALOG_REQUEST_MESSAGES.invalidStatus,
  )
  .transform((value) => value as CatalogRequestStatus);

const mediaTypeSchema = z.enum(MEDIA_TYPES, { error: CATALOG_REQUEST_MESSAGES.invalidMediaType });

/** A TMDB id: a positive integer (the filter's input is numeric). */
export const tmdbIdSchema = z.coerce
  .number({ error: CATALOG_REQUEST_MESSAGES.invalidTmdbId })
  .int(CATALOG_REQUEST_MESSAGES.invalidTmdbId)
  .min(1, CATALOG_REQUEST_MESSAGES.invalidTmdbId)
  .max(MAX_ID, CATALOG_REQUEST_MESSAGES.invalidTmdbId);

export const releaseYearSchema = z.coerce
  .number({ error: CATALOG_REQUEST_MESSAGES.invalidReleaseYear })
  .int(CATALOG_REQUEST_MESSAGES.invalidReleaseYear)
  .min(RELEASE_YEAR_MIN, CATALOG_REQUEST_MESSAGES.invalidReleaseYear)
  .max(RELEASE_YEAR_MAX, CATALOG_REQUEST_MESSAGES.invalidReleaseYear);

const textFilter = z.string().trim().max(64, CATALOG_REQUEST_MESSAGES.textTooLong).optional();

export const CATALOG_REQUEST_ORDER_FIELDS = [
  'tmdb_id',
  'media_title',
  'media_type',
  'media_release_date',
  'created_at',
  'updated_at',
  'total_requests',
  'status',
] as const;

/** GET /api/catalog query: `text_search` is part of the title; `reseller` part of a requester's username. */
export const catalogRequestListQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(CATALOG_REQUEST_ORDER_FIELDS, { field: 'created_at', direction: 'desc' }),
  text_search: textFilter,
  tmdb_id: tmdbIdSchema.optional(),
  reseller: textFilter,
  /** Admins only (the screen shows the filter to them); the id of a publisher account. */
  publisher_id: idParamSchema.optional(),
  media_type: mediaTypeSchema.optional(),
  release_year: releaseYearSchema.optional(),
  status: statusSchema.optional(),
});
export type CatalogRequestListQuery = z.infer<typeof catalogRequestListQuerySchema>;

/** POST /api/catalog: the title chosen in the new-request modal; the server reads its details itself. */
export const newCatalogRequestSchema = z.object({
  tmdb_id: z.coerce
    .number({ error: CATALOG_REQUEST_MESSAGES.titleRequired })
    .int(CATALOG_REQUEST_MESSAGES.titleRequired)
    .min(1, CATALOG_REQUEST_MESSAGES.titleRequired)
    .max(MAX_ID, CATALOG_REQUEST_MESSAGES.titleRequired),
  media_type: mediaTypeSchema,
});
export type NewCatalogRequest = z.input<typeof newCatalogRequestSchema>;

/** PUT /api/catalog/:id: the status, and for an admin the publisher (null: none). */
export const updateCatalogRequestSchema = z.object({
  status: statusSchema,
  publisher_id: z
    .number({ error: CATALOG_REQUEST_MESSAGES.invalidPublisher })
    .int(CATALOG_REQUEST_MESSAGES.invalidPublisher)
    .min(1, CATALOG_REQUEST_MESSAGES.invalidPublisher)
    .max(MAX_ID, CATALOG_REQUEST_MESSAGES.invalidPublisher)
    .nullable()
    .optional(),
});
export type UpdateCatalogRequest = z.input<typeof updateCatalogRequestSchema>;

export const catalogRequestSchema = z.object({
  id: z.number().int(),
  tmdb_id: z.number().int(),
  media_title: z.string(),
  /** The poster's URL at the image service; null when the title has none. */
  media_image: z.string().nullable(),
  media_type: z.enum(MEDIA_TYPES),
  /** YYYY-MM-DD, or null when the service does not know it. */
  media_release_date: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Admins only (docs/product/roles.md#admin); null for anyone else. */
  publisher_id: z.number().int().nullable(),
  publisher_username: z.string().nullable(),
  /** How many accounts asked for the title; admins only, null for anyone else. */
  total_requests: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CatalogRequest = z.infer<typeof catalogRequestSchema>;

export const catalogRequestListSchema = listResponseSchema(catalogRequestSchema);
export type CatalogRequestList = z.infer<typeof catalogRequestListSchema>;

/**
 * POST /api/catalog answer (decision 0071): the request (its status included), whether this call made it
 * (nobody had asked for the title) and whether it counted the caller among the title's requesters (false:
 * the caller had already asked, nothing changed). `created` implies `counted`.
 */
export const catalogRequestCreatedSchema = z.object({
  request: catalogRequestSchema,
  created: z.boolean(),
  counted: z.boolean(),
});
export type CatalogRequestCreated = z.infer<typeof catalogRequestCreatedSchema>;

/**
 * What the new-request modal says after asking (decision 0071): a new request; a title someone had already
 * asked for, now counting the caller too; or a title the caller had already asked for, nothing added. The
 * last two name the request's status, so the reseller knows where the title is.
 */
export function catalogRequestCreatedMessage(answer: CatalogRequestCreated): string {
  const status = CATALOG_REQUEST_STATUS_LABELS[answer.request.status];
  if (answer.created) {
    return answer.request.status === NEW_REQUEST_STATUS
      ? CATALOG_REQUEST_MESSAGES.added
      : CATALOG_REQUEST_MESSAGES.addedWithStatus(status);
  }
  return answer.counted
    ? CATALOG_REQUEST_MESSAGES.joined(status)
    : CATALOG_REQUEST_MESSAGES.alreadyRequested(status);
}

/** GET /api/catalog/publishers: each publisher's requests in the queue, in processing and in the catalog. */
export const publisherSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  queue: z.number().int(),
  progress: z.number().int(),
  catalog: z.number().int(),
});
export type PublisherSummary = z.infer<typeof publisherSummarySchema>;
export const publisherSummaryListSchema = z.object({ data: z.array(publisherSummarySchema) });

/** GET /api/catalog/search?query=: movies and series only, adult titles never. */
export const titleSearchQuerySchema = z.object({
  query: z
    .string({ error: CATALOG_REQUEST_MESSAGES.titleRequired })
    .trim()
    .min(1, CATALOG_REQUEST_MESSAGES.titleRequired)
    .max(TITLE_SEARCH_MAX_CHARS, CATALOG_REQUEST_MESSAGES.titleTooLong),
});

export const titleSearchResultSchema = z.object({
  tmdb_id: z.number().int(),
  media_type: z.enum(MEDIA_TYPES),
  title: z.string(),
  release_date: z.string().nullable(),
  poster: z.string().nullable(),
});
export type TitleSearchResult = z.infer<typeof titleSearchResultSchema>;
export const titleSearchAnswerSchema = z.object({ results: z.array(titleSearchResultSchema) });
export type TitleSearchAnswer = z.infer<typeof titleSearchAnswerSchema>;

/** GET /api/catalog/search/status: whether this server may search titles (its key is configured). */
export const titleSearchStatusSchema = z.object({ configured: z.boolean() });

/** PUT /api/resellers/:id/publisher (admins; decision 0054). */
export const publisherFlagSchema = z.object({
  is_publisher: z.boolean({ error: 'Valor inválido' }),
});
export type PublisherFlag = z.infer<typeof publisherFlagSchema>;

/** The year of a YYYY-MM-DD date, or '-' when unknown. */
export function releaseYearOf(date: string | null): string {
  return date && /^\d{4}/.test(date) ? date.slice(0, 4) : '-';
}
