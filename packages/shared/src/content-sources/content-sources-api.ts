import { z } from 'zod';
import { MAX_ID } from '../lists/list-query';
import { FIELD_MESSAGES } from '../validation/field-messages';
import { CATEGORY_KINDS, DELIVERY_MODES, SOURCE_KINDS } from '../content/stream-kinds';

/**
 * The admin's content sources (docs/product/screens.md#content-sources): where the library is imported
 * from, how its streams are delivered and when it syncs. Schemas shared by the server's routes and the
 * panel's form; the upstream password is written, never read back (`has_password`).
 */
/** The most bouquets one category may be put in at once (a panel has a few dozen). */
export const MAX_CATEGORY_BOUQUETS = 500;

export const CONTENT_MESSAGES = {
  required: FIELD_MESSAGES.required,
  nameMax: 'Máximo de 80 caracteres',
  urlInvalid: 'Informe um endereço http:// ou https:// válido',
  pathOrUrlInvalid: 'Informe um endereço http(s):// ou o caminho de um arquivo no servidor',
  intervalInvalid: 'Informe o intervalo em minutos (5 a 10080) ou deixe em branco',
  credentialsRequired: 'Informe usuário e senha do servidor de origem',
  syncRunning: 'Uma sincronização desta fonte já está em andamento.',
  sourceNotFound: 'Fonte de conteúdo não encontrada.',
  // The four refusals of PUT /api/admin/content/categories/:id/bouquets (categoryBouquetsInputSchema).
  categoryNotFound: 'Categoria não encontrada.',
  bouquetsRequired: 'Informe a lista de bouquets da categoria (vazia para tirá-la de todos).',
  bouquetUnknown: 'Bouquet inexistente.',
  bouquetsTooMany: `Selecione no máximo ${MAX_CATEGORY_BOUQUETS} bouquets.`,
  syncStarted: 'Sincronização iniciada',
  sourceSaved: 'Fonte salva com sucesso',
  sourceRemoved: 'Fonte removida com sucesso',
  // Why a sync failed (content_sources.sync_error), docs/product/api.md#content-import.
  upstreamAuthFailed: 'O servidor de origem recusou o usuário e a senha informados.',
  upstreamTimeout: 'O servidor de origem não respondeu a tempo.',
  upstreamUnreachable: 'Não foi possível conectar ao servidor de origem.',
  upstreamHttpError: 'O servidor de origem respondeu com erro HTTP',
  upstreamInvalidAnswer: 'O servidor de origem enviou uma resposta inválida.',
  fileNotFound: 'Arquivo não encontrado no servidor:',
  playlistInvalid: 'O arquivo não é uma lista M3U válida (falta #EXTM3U).',
  guideInvalid: 'O guia XMLTV é inválido:',
  syncInterrupted: 'Sincronização interrompida (servidor parado ou fonte removida).',
  syncStale: 'Sincronização abandonada: o servidor parou durante a execução.',
  syncUnexpected: 'Erro inesperado durante a sincronização; veja o log do servidor.',
  guideOffsetInvalid: 'Informe o ajuste do guia entre -12:00 e +14:00 horas, em passos de 15 minutos',
  guideOffsetWhileSyncing: 'Aguarde o fim da sincronização para mudar o ajuste de horário do guia.',
} as const;

/**
 * A source's guide time offset (decision 0125): minutes added to every programme's start and stop at
 * import, for providers whose guide is hours off; -12:00 to +14:00 (the world's UTC offsets) in
 * 15-minute steps (+05:45, +12:45 exist). Positive moves the programmes later.
 */
export const GUIDE_OFFSET_MIN_MINUTES = -720;
export const GUIDE_OFFSET_MAX_MINUTES = 840;
export const GUIDE_OFFSET_STEP_MINUTES = 15;

export const guideOffsetSchema = z
  .number({ error: CONTENT_MESSAGES.guideOffsetInvalid })
  .int(CONTENT_MESSAGES.guideOffsetInvalid)
  .min(GUIDE_OFFSET_MIN_MINUTES, CONTENT_MESSAGES.guideOffsetInvalid)
  .max(GUIDE_OFFSET_MAX_MINUTES, CONTENT_MESSAGES.guideOffsetInvalid)
  .refine((minutes) => minutes % GUIDE_OFFSET_STEP_MINUTES === 0, CONTENT_MESSAGES.guideOffsetInvalid);

/** Every offset the rule accepts, from -12:00 to +14:00 (the panel's choices). */
export const GUIDE_OFFSET_CHOICES: readonly number[] = Array.from(
  { length: (GUIDE_OFFSET_MAX_MINUTES - GUIDE_OFFSET_MIN_MINUTES) / GUIDE_OFFSET_STEP_MINUTES + 1 },
  (_, index) => GUIDE_OFFSET_MIN_MINUTES + index * GUIDE_OFFSET_STEP_MINUTES,
);

/** 180 → '+03:00', -330 → '-05:30', 0 → '+00:00'. */
export function formatGuideOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** Categories whose name says they are adult content join only the adult bouquets (decision 0037). */
export const ADULT_CATEGORY_PATTERN = /adult|adulto|xxx|\+18|18\+/i;

/**
 * 24-hour channels (media type 3: one show or film looping all day, "24/7" in the trade) are live channels
 * flagged as such (decision 0037). Xtream servers mark them `stream_type: "created_live"`; M3U lists only
 * name them, so the name or the group decides: "24/7", "24h", "24 horas".
 */
const TWENTY_FOUR_HOUR_PATTERN = /\b24\s*\/\s*7\b|\b24\s*h(?:oras|rs)?\b/i;

export function isTwentyFourHourChannel(channel: {
  name: string;
  group?: string;
  streamType?: string;
}): boolean {
  if (channel.streamType === 'created_live') return true;
  return TWENTY_FOUR_HOUR_PATTERN.test(channel.name) || TWENTY_FOUR_HOUR_PATTERN.test(channel.group ?? '');
}

export const SYNC_STATUSES = ['idle', 'running', 'ok', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** What a running sync is doing; `total` is null while it cannot be known (a streamed playlist). */
export const syncProgressSchema = z.object({
  // playlist: an M3U playlist, whose kinds are mixed, read in one pass.
  phase: z.enum(['categories', 'live', 'movies', 'series', 'episodes', 'playlist', 'epg', 'retiring']),
  done: z.number().int().min(0),
  total: z.number().int().min(0).nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

const countsSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  retired: z.number().int(),
});

/** A finished sync's result: per kind, what was added, updated and retired; guide programmes stored. */
export const syncSummarySchema = z.object({
  categories: countsSchema,
  live: countsSchema,
  movies: countsSchema,
  series: countsSchema,
  episodes: countsSchema,
  epgProgrammes: z.number().int(),
  seconds: z.number(),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

export const contentSourceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SOURCE_KINDS),
  name: z.string(),
  url: z.string(),
  username: z.string().nullable(),
  has_password: z.boolean(),
  xmltv_url: z.string().nullable(),
  delivery_mode: z.enum(DELIVERY_MODES),
  sync_interval_minutes: z.number().int().nullable(),
  /** Minutes added to the guide's times at import (decision 0125). */
  guide_offset_minutes: z.number().int(),
  sync_status: z.enum(SYNC_STATUSES),
  /** Unix seconds. */
  sync_started_at: z.number().int().nullable(),
  sync_finished_at: z.number().int().nullable(),
  sync_progress: syncProgressSchema.nullable(),
  sync_summary: syncSummarySchema.nullable(),
  sync_error: z.string().nullable(),
});
export type ContentSource = z.infer<typeof contentSourceSchema>;

export const contentSourceListSchema = z.object({ data: z.array(contentSourceSchema) });
export type ContentSourceList = z.infer<typeof contentSourceListSchema>;

const httpUrl = z
  .string({ error: CONTENT_MESSAGES.required })
  .trim()
  .min(1, CONTENT_MESSAGES.required)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, CONTENT_MESSAGES.urlInvalid);

/** M3U and XMLTV may also be a file on the server (an absolute path). */
const urlOrPath = z
  .string({ error: CONTENT_MESSAGES.required })
  .trim()
  .min(1, CONTENT_MESSAGES.required)
  .regex(/^(https?:\/\/[^\s/?#]+\S*|\/\S.*)$/i, CONTENT_MESSAGES.pathOrUrlInvalid);

const intervalSchema = z
  .number({ error: CONTENT_MESSAGES.intervalInvalid })
  .int(CONTENT_MESSAGES.intervalInvalid)
  .min(5, CONTENT_MESSAGES.intervalInvalid)
  .max(10_080, CONTENT_MESSAGES.intervalInvalid)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

const nameSchema = z
  .string({ error: CONTENT_MESSAGES.required })
  .trim()
  .min(1, CONTENT_MESSAGES.required)
  .max(80, CONTENT_MESSAGES.nameMax);

/**
 * A new source. Xtream: base URL plus the upstream line's username and password. M3U: a playlist URL or
 * path and optionally a guide. Delivery defaults to proxy for Xtream (its URLs carry the upstream line's
 * credentials, which must never reach a customer) and redirect for M3U.
 */
export const contentSourceInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('xtream'),
    name: nameSchema,
    url: httpUrl,
    username: z
      .string({ error: CONTENT_MESSAGES.credentialsRequired })
      .trim()
      .min(1, CONTENT_MESSAGES.credentialsRequired),
    password: z
      .string({ error: CONTENT_MESSAGES.credentialsRequired })
      .min(1, CONTENT_MESSAGES.credentialsRequired),
    delivery_mode: z.enum(DELIVERY_MODES).default('proxy'),
    sync_interval_minutes: intervalSchema,
    guide_offset_minutes: guideOffsetSchema.default(0),
  }),
  z.object({
    kind: z.literal('m3u'),
    name: nameSchema,
    url: urlOrPath,
    xmltv_url: urlOrPath
      .optional()
      .nullable()
      .or(z.literal('').transform(() => null)),
    delivery_mode: z.enum(DELIVERY_MODES).default('redirect'),
    sync_interval_minutes: intervalSchema,
    guide_offset_minutes: guideOffsetSchema.default(0),
  }),
]);
export type ContentSourceInput = z.input<typeof contentSourceInputSchema>;

/**
 * Editing keeps the kind; an omitted field keeps its value (so these are optional, not defaulted), null or
 * '' clears it; an omitted or empty password keeps the stored one.
 */
export const contentSourceUpdateSchema = z.object({
  name: nameSchema.optional(),
  url: z.string().trim().optional(),
  username: z.string().trim().max(200).nullable().optional(),
  password: z.string().optional(),
  xmltv_url: z.string().trim().max(2000).nullable().optional(),
  delivery_mode: z.enum(DELIVERY_MODES).optional(),
  sync_interval_minutes: z
    .number({ error: CONTENT_MESSAGES.intervalInvalid })
    .int(CONTENT_MESSAGES.intervalInvalid)
    .min(5, CONTENT_MESSAGES.intervalInvalid)
    .max(10_080, CONTENT_MESSAGES.intervalInvalid)
    .nullable()
    .optional(),
  guide_offset_minutes: guideOffsetSchema.optional(),
});
export type ContentSourceUpdate = z.input<typeof contentSourceUpdateSchema>;

export const contentSourceIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });

/** A category of the library with the bouquets that hold it (the admin moves categories between bouquets). */
export const contentCategorySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CATEGORY_KINDS),
  name: z.string(),
  is_adult: z.boolean(),
  source_id: z.number().int().nullable(),
  items: z.number().int(),
  bouquet_ids: z.array(z.number().int()),
});
export type ContentCategory = z.infer<typeof contentCategorySchema>;
export const contentCategoryListSchema = z.object({ data: z.array(contentCategorySchema) });

export const contentCategoryQuerySchema = z.object({ kind: z.enum(CATEGORY_KINDS).optional() });

export const categoryBouquetsInputSchema = z.object(
  {
    bouquet_ids: z
      .array(
        z
          .number({ error: CONTENT_MESSAGES.bouquetUnknown })
          .int(CONTENT_MESSAGES.bouquetUnknown)
          .min(1, CONTENT_MESSAGES.bouquetUnknown)
          .max(MAX_ID, CONTENT_MESSAGES.bouquetUnknown),
        { error: CONTENT_MESSAGES.bouquetsRequired },
      )
      .max(MAX_CATEGORY_BOUQUETS, CONTENT_MESSAGES.bouquetsTooMany),
  },
  { error: CONTENT_MESSAGES.bouquetsRequired },
);

/** The category of PUT /api/admin/content/categories/:id/bouquets: a bad id is a category that does not exist. */
export const categoryIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: CONTENT_MESSAGES.categoryNotFound })
    .int(CONTENT_MESSAGES.categoryNotFound)
    .min(1, CONTENT_MESSAGES.categoryNotFound)
    .max(MAX_ID, CONTENT_MESSAGES.categoryNotFound),
});
