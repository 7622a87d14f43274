import { z } from 'zod';
import { idParamSchema, listResponseSchema, orderBySchema, pageSchema, perSchema } from '../lists/list-query';
import { creditsStringSchema } from '../money/credits';

/** One reseller row (docs/product/entities.md#reseller); dates are unix seconds, credits a two-decimal string. */
export const resellerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  credits: creditsStringSchema,
  date_registered: z.number().int(),
  last_login: z.number().int().nullable(),
  ip: z.string().nullable(),
  sub_resellers_count: z.number().int(),
  /** Lines this reseller owns (not those of its sub-resellers). */
  clients_count: z.number().int(),
  email: z.string().nullable(),
  master_id: z.number().int().nullable(),
  master_username: z.string().nullable(),
  notes: z.string().nullable(),
  is_publisher: z.union([z.literal(0), z.literal(1)]),
  /** True only for REVENDAS_DELETADOS, which can be neither edited nor removed. */
  is_deleted_bucket: z.boolean(),
});
export type Reseller = z.infer<typeof resellerSchema>;

export const resellerListSchema = listResponseSchema(resellerSchema);
export type ResellerList = z.infer<typeof resellerListSchema>;

export const RESELLER_ORDER_FIELDS = [
  'id',
  'username',
  'status',
  'credits',
  'date_registered',
  'last_login',
  'ip',
  'sub_resellers_count',
  'master_username',
] as const;

const textFilter = z.string().trim().max(64).optional();

/**
 * GET /api/resellers query. `search` matches part of the username. The admin filters of docs/product/screens.md#resellers (id,
 * ip, master, publisher) are accepted from everyone and always stay inside the caller's subtree.
 */
export const resellerListQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(RESELLER_ORDER_FIELDS, { field: 'id', direction: 'desc' }),
  search: textFilter,
  id: idParamSchema.optional(),
  ip: textFilter,
  /** Exact username of the master (case-insensitive). */
  master: textFilter,
  /** 1: only publishers, 0: only resellers. */
  publisher: z.enum(['0', '1']).optional(),
  /** At least this many catalog requests made by the account (the admin's "request count" filter). */
  requests: z.coerce
    .number({ error: 'Quantidade inválida' })
    .int('Quantidade inválida')
    .min(0, 'Quantidade inválida')
    .max(1_000_000, 'Quantidade inválida')
    .optional(),
});
export type ResellerListQuery = z.infer<typeof resellerListQuerySchema>;
/** GET /api/resellers/export: the list's filters; every matching row, newest first (decision 0155). */
export const resellerExportQuerySchema = resellerListQuerySchema.omit({
  page: true,
  per: true,
  order_by: true,
});
export type ResellerFilterQuery = z.infer<typeof resellerExportQuerySchema>;

/** POST /api/resellers/select_search body. */
export const resellerSearchSchema = z.object({ search: z.string().trim().max(64).optional().default('') });

/** POST /api/resellers/:id/credits answer: the reseller after the move and the caller's new balance. */
export const creditChangeResultSchema = z.object({
  reseller: resellerSchema,
  caller_credits: creditsStringSchema,
});
export type CreditChangeResult = z.infer<typeof creditChangeResultSchema>;
