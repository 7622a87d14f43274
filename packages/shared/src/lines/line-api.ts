import { z } from 'zod';
import { SYSTEMS } from '../catalog/packages';
import { lineProvisioningStateSchema } from '../provisioning/provisioning-schemas';
import {
  MAX_ID,
  idParamSchema,
  listMetaSchema,
  orderBySchema,
  pageSchema,
  perSchema,
} from '../lists/list-query';
import { linePasswordSchema, lineUsernameSchema, newLinePasswordSchema } from './line-credentials';
import { LINE_MESSAGES } from './line-messages';
import { macAddressSchema } from './mac-address';
import { dreamTvCreateOutcomeSchema } from '../tv-apps/dreamtv-create-outcome';
import { TV_MAC_MESSAGES } from '../tv-apps/tv-mac-messages';
import { dreamTvMacSchema } from '../tv-apps/tv-app-mac';

/** The contract of /api/users (lines): query, bodies and the row, shared by server and panel. */

export const systemSchema = z.union(
  [z.literal(SYSTEMS.iptv), z.literal(SYSTEMS.p2p), z.literal(SYSTEMS.hybrid)],
  {
    error: 'Serviço inválido',
  },
);
export const SYSTEM_LABELS: Record<1 | 2 | 3, string> = { 1: 'IPTV', 2: 'P2P', 3: 'Híbrido' };

export const LINE_SORT_FIELDS = [
  'enabled',
  'username',
  'exp_date',
  'reseller_notes',
  'packages',
  'max_connections',
  'system',
  'id',
] as const;
export type LineSortField = (typeof LINE_SORT_FIELDS)[number];

export const EXPIRY_INTERVALS = ['today', '3days', '7days', '15days', '30days'] as const;
export type ExpiryInterval = (typeof EXPIRY_INTERVALS)[number];
export const EXPIRY_INTERVAL_DAYS: Record<ExpiryInterval, number> = {
  today: 0,
  '3days': 3,
  '7days': 7,
  '15days': 15,
  '30days': 30,
};

/** Status filter of docs/product/screens.md#users-filters: Ativo 1, Bloqueado 0, Expirado 3, Não expirado 4. */
export const LINE_STATUS_FILTERS = { active: 1, blocked: 0, expired: 3, notExpired: 4 } as const;
export const LINE_STATUS_FILTER_CODES: readonly number[] = Object.values(LINE_STATUS_FILTERS);

const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const lineListQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(LINE_SORT_FIELDS, { field: 'id', direction: 'desc' }),
  search: z.string().trim().max(100).optional(),
  reseller: optionalNumber(idParamSchema),
  expirationInterval: z.enum(EXPIRY_INTERVALS, { error: 'Intervalo inválido' }).optional(),
  status: optionalNumber(
    z.coerce.number().refine((value) => LINE_STATUS_FILTER_CODES.includes(value), 'Status inválido'),
  ),
  type: z.enum(['trial', 'normal'], { error: 'Tipo inválido' }).optional(),
  system: optionalNumber(z.coerce.number().pipe(systemSchema)),
});
export type LineListQuery = z.infer<typeof lineListQuerySchema>;
/** GET /api/users/export: the list's filters; every matching row, newest first (decision 0155). */
export const lineExportQuerySchema = lineListQuerySchema.omit({ page: true, per: true, order_by: true });
export type LineFilterQuery = z.infer<typeof lineExportQuerySchema>;

/** One line as the panel sees it (docs/product/entities.md#line). Dates are unix seconds. */
export const lineSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  password: z.string(),
  full_name: z.string().nullable(),
  macaddr: z.string().nullable(),
  as_number: z.string().nullable(),
  max_connections: z.number().int(),
  enabled: z.union([z.literal(0), z.literal(1)]),
  exp_date: z.number().int(),
  created_at: z.number().int(),
  is_trial: z.union([z.literal(0), z.literal(1)]),
  system: systemSchema,
  extra_days: z.number().int(),
  extra_days_enabled: z.union([z.literal(0), z.literal(1)]),
  reseller_id: z.number().int(),
  master_username: z.string(),
  reseller_notes: z.string().nullable(),
  package_id: z.number().int(),
  packages: z.array(z.number().int()),
  bouquet: z.array(z.number().int()),
  dreamtv_device_id: z.string().nullable(),
  dreamtv_playlist_id: z.string().nullable(),
});
export type Line = z.infer<typeof lineSchema>;

/**
 * List meta of /api/users: counting millions of rows for every page view is not done, so `total` is
 * exact only up to a cap; past it `total_exact` is false and the panel says "mais de N".
 */
export const lineListResponseSchema = z.object({
  data: z.array(lineSchema),
  meta: listMetaSchema.extend({ total_exact: z.boolean() }),
});
export type LineListResponse = z.infer<typeof lineListResponseSchema>;

const notesSchema = z.string().trim().max(500, 'Máximo de 500 caracteres').optional();
/** docs/product/rules.md#phone: a phone is stored only when longer than 6 characters; shorter values are dropped. */
const phoneSchema = z
  .string()
  .trim()
  .max(32, 'Telefone inválido')
  .optional()
  .transform((value) => (value && value.length > 6 ? value : undefined));
const fullNameSchema = z.string().trim().max(120, 'Máximo de 120 caracteres');

/**
 * A package id: a whole number that fits the `integer` column (an id beyond it cannot exist, and used to
 * reach SQL as an out-of-range error — a 500 found by the bad-input torture test).
 */
export const packageIdSchema = z
  .number({ error: LINE_MESSAGES.packageRequired })
  .int(LINE_MESSAGES.packageRequired)
  .min(-MAX_ID, LINE_MESSAGES.packageInvalid)
  .max(MAX_ID, LINE_MESSAGES.packageInvalid);

const createLineFields = {
  system: systemSchema.default(SYSTEMS.iptv),
  username: lineUsernameSchema.optional(),
  password: newLinePasswordSchema.optional(),
  package_id: packageIdSchema,
  full_name: fullNameSchema.optional(),
  macaddr: macAddressSchema.optional(),
  reseller_notes: notesSchema,
  as_number: phoneSchema,
  /** Only an admin or a master may create a line for a reseller of its subtree; default: the caller. */
  reseller_id: idParamSchema.optional(),
  expire_at_2359: z.boolean().default(false),
  /**
   * An IPTV line's DreamTV device: after the line is created its playlist is added there; in random mode the
   * credentials are `dream_` + 8 random and a 10-character password (docs/product/rules.md#dreamtv-mac).
   */
  dreamtv_mac: dreamTvMacSchema.optional(),
};

function refineNewLine(
  value: {
    username?: string;
    password?: string;
    system: number;
    full_name?: string;
    macaddr?: string;
    dreamtv_mac?: string;
  },
  context: z.RefinementCtx,
): void {
  if (value.dreamtv_mac !== undefined && value.system !== SYSTEMS.iptv)
    context.addIssue({ code: 'custom', path: ['dreamtv_mac'], message: TV_MAC_MESSAGES.iptvOnly });
  if ((value.username === undefined) !== (value.password === undefined)) {
    const field = value.username === undefined ? 'username' : 'password';
    context.addIssue({ code: 'custom', path: [field], message: LINE_MESSAGES.required });
  }
  if (value.system === SYSTEMS.hybrid) {
    if (!value.full_name)
      context.addIssue({ code: 'custom', path: ['full_name'], message: LINE_MESSAGES.required });
    if (!value.macaddr)
      context.addIssue({ code: 'custom', path: ['macaddr'], message: LINE_MESSAGES.required });
  }
}

/**
 * POST /api/users. Without username and password the server generates both (random mode, docs/product/constants.md#lines);
 * a package is always required.
 */
export const createLineSchema = z.object(createLineFields).superRefine(refineNewLine);
export type CreateLineInput = z.input<typeof createLineSchema>;

/**
 * POST /api/users/trial_users: the same form; the package is always the trial package (61), so
 * `package_id` may be left out, and `expire_at_2359` is ignored (docs/product/screens.md#create-flow: off for trials).
 */
export const createTrialLineSchema = z
  .object({ ...createLineFields, package_id: z.number().int().max(MAX_ID).min(-MAX_ID).optional() })
  .superRefine(refineNewLine);
export type CreateTrialLineInput = z.input<typeof createTrialLineSchema>;

/** On edit an absent phone keeps the stored one; a present one of 6 characters or fewer clears it. */
const editPhoneSchema = z
  .string()
  .trim()
  .max(32, 'Telefone inválido')
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value && value.length > 6 ? value : null));
/** On edit an absent note keeps the stored one; an empty one clears it. */
const editNotesSchema = z
  .string()
  .trim()
  .max(500, 'Máximo de 500 caracteres')
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/**
 * PUT /api/users/:id. Hybrid lines accept only bouquet, full_name, macaddr and notes (sending a
 * username, password or phone for one is refused with 422). Absent fields keep their value.
 */
export const editLineSchema = z.object({
  bouquet: z
    .array(z.number().int().positive().max(MAX_ID), { error: LINE_MESSAGES.bouquetRequired })
    .min(1, LINE_MESSAGES.bouquetRequired)
    .max(200, LINE_MESSAGES.bouquetInvalid),
  username: lineUsernameSchema.optional(),
  password: linePasswordSchema.optional(),
  full_name: fullNameSchema.optional(),
  macaddr: macAddressSchema.optional(),
  reseller_notes: editNotesSchema,
  as_number: editPhoneSchema,
});
export type EditLineInput = z.input<typeof editLineSchema>;

/**
 * Renewing a trial turns it into a paid line; the caller must say so (decision 0027): without
 * `convert_trial: true` a trial's renewal is refused with LINE_MESSAGES.trialConversionRequired.
 */
const convertTrialSchema = z.boolean({ error: LINE_MESSAGES.trialConversionRequired }).optional();
export const renewMonthSchema = z.object({
  months: z.literal(1).default(1),
  convert_trial: convertTrialSchema,
});
export const renewByPackageSchema = z.object({
  package_id: packageIdSchema,
  convert_trial: convertTrialSchema,
});
export const renewByCalendarSchema = z.object({
  selected_date: z
    .string({ error: LINE_MESSAGES.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, LINE_MESSAGES.dateRequired),
});
export const addDaysSchema = z.object({
  days: z
    .number({ error: LINE_MESSAGES.addDaysRange })
    .int(LINE_MESSAGES.addDaysRange)
    .min(1, LINE_MESSAGES.addDaysRange)
    .max(3, LINE_MESSAGES.addDaysRange),
});
/** Most screens (simultaneous connections) a line may have. */
export const MAX_LINE_SCREENS = 100;
/** Screens: a signed change; negative removes (docs/product/rules.md#screens). The total stays between 1 and 100. */
export const screensSchema = z.object({
  screens: z
    .number({ error: 'Informe somente números' })
    .int('Informe somente números')
    .min(-MAX_LINE_SCREENS, LINE_MESSAGES.screensMaximum)
    .max(MAX_LINE_SCREENS, LINE_MESSAGES.screensMaximum)
    .refine((value) => value !== 0, 'Informe somente números'),
});
export const changeSystemSchema = z.object({ system_id: systemSchema });
export const hybridTransferSchema = z.object({
  macaddr: macAddressSchema,
  full_name: fullNameSchema.optional(),
});
/** POST /api/users/checkmac. `user_id`: the line being edited, whose own MAC does not count as taken. */
export const checkMacSchema = z.object({ macaddr: macAddressSchema, user_id: idParamSchema.optional() });
export const checkMacResultSchema = z.object({ available: z.literal(true) });
/** POST /api/users/select_search: lines in scope whose username, name, notes or MAC contain `search`. */
export const lineSearchSchema = z.object({ search: z.string().trim().max(100).optional().default('') });
export const cleanupExpiredSchema = z.object({
  days: z.union([z.literal(3), z.literal(10), z.literal(30)], { error: 'Período inválido' }),
});
export const cleanupResultSchema = z.object({ deleted_count: z.number().int(), message: z.string() });

/** A paid action's result: the line after it, what it cost and the caller's balance after. */
export const lineActionResultSchema = z.object({
  line: lineSchema,
  charged: z.string(),
  balance: z.string(),
});
export type LineActionResult = z.infer<typeof lineActionResultSchema>;

/** POST /api/users: the action result, plus the DreamTV outcome when `dreamtv_mac` was sent. */
export const createLineResultSchema = lineActionResultSchema.extend({
  dreamtv: dreamTvCreateOutcomeSchema.optional(),
});
export type CreateLineResult = z.infer<typeof createLineResultSchema>;

/** The delivery state of a P2P or hybrid line after a resync (null for IPTV lines). */
export const lineResyncResultSchema = z.object({
  line: lineSchema,
  provisioning: lineProvisioningStateSchema.nullable(),
});
export type LineResyncResult = z.infer<typeof lineResyncResultSchema>;
export const lineProvisioningResponseSchema = z.object({
  provisioning: lineProvisioningStateSchema.nullable(),
});
