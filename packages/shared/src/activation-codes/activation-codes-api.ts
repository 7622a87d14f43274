import { z } from 'zod';
import { SYSTEMS } from '../catalog/packages';
import { MAX_ID, idParamSchema, listResponseSchema, pageSchema, perSchema } from '../lists/list-query';
import { LINE_MESSAGES } from '../lines/line-messages';
import { creditsStringSchema } from '../money/credits';
import { ACTIVATION_CODE_MESSAGES } from './activation-code-messages';
import { CODE_STATE_FILTERS, CODE_STATES } from './activation-code-state';

/** The contract of /api/activation-batches and /api/activation-codes (decisions 0145–0149). */

export const MAX_BATCH_QUANTITY = 500;
const MAX_CODE_SCREENS = 100;
const MAX_NOTE = 200;

export const codeSystemSchema = z.union([z.literal(SYSTEMS.iptv), z.literal(SYSTEMS.p2p)], {
  error: ACTIVATION_CODE_MESSAGES.systemInvalid,
});

/**
 * POST /api/activation-batches: a batch of codes of one package, screens and service. A trial batch uses
 * the trial package (`package_id` is ignored); trials and P2P codes have one screen.
 */
export const buyBatchSchema = z
  .object({
    trial: z.boolean().default(false),
    package_id: z
      .number({ error: LINE_MESSAGES.packageRequired })
      .int(LINE_MESSAGES.packageRequired)
      .min(1, LINE_MESSAGES.packageInvalid)
      .max(MAX_ID, LINE_MESSAGES.packageInvalid)
      .optional(),
    system: codeSystemSchema.default(SYSTEMS.iptv),
    screens: z
      .number({ error: ACTIVATION_CODE_MESSAGES.screensRange })
      .int(ACTIVATION_CODE_MESSAGES.screensRange)
      .min(1, ACTIVATION_CODE_MESSAGES.screensRange)
      .max(MAX_CODE_SCREENS, ACTIVATION_CODE_MESSAGES.screensRange)
      .default(1),
    quantity: z
      .number({ error: ACTIVATION_CODE_MESSAGES.quantityRange })
      .int(ACTIVATION_CODE_MESSAGES.quantityRange)
      .min(1, ACTIVATION_CODE_MESSAGES.quantityRange)
      .max(MAX_BATCH_QUANTITY, ACTIVATION_CODE_MESSAGES.quantityRange),
    note: z.string().trim().max(MAX_NOTE, ACTIVATION_CODE_MESSAGES.noteMax).optional(),
  })
  .superRefine((value, context) => {
    if (!value.trial && value.package_id === undefined)
      context.addIssue({ code: 'custom', path: ['package_id'], message: LINE_MESSAGES.packageRequired });
    if (value.screens > 1 && (value.trial || value.system === SYSTEMS.p2p))
      context.addIssue({
        code: 'custom',
        path: ['screens'],
        message: ACTIVATION_CODE_MESSAGES.oneScreenOnly,
      });
  });
export type BuyBatchInput = z.input<typeof buyBatchSchema>;
export type BuyBatch = z.output<typeof buyBatchSchema>;

export const batchSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  owner_id: z.number().int(),
  owner_username: z.string().nullable(),
  package_id: z.number().int(),
  package_name: z.string().nullable(),
  system: codeSystemSchema,
  screens: z.number().int(),
  is_trial: z.boolean(),
  /** The package's months when bought (a trial: 0, it lasts `trial_hours`). */
  months: z.number().int(),
  trial_hours: z.number().int().nullable(),
  quantity: z.number().int(),
  note: z.string().nullable(),
  /** What one code cost (0 for an admin or a trial): what a cancel gives back. */
  unit_price: creditsStringSchema,
  total_price: creditsStringSchema,
  in_stock: z.number().int(),
  used: z.number().int(),
  cancelled: z.number().int(),
});
export type Batch = z.infer<typeof batchSchema>;

export const batchListQuerySchema = z.object({ page: pageSchema, per: perSchema });
export const batchListSchema = listResponseSchema(batchSchema);
export type BatchList = z.infer<typeof batchListSchema>;

export const buyBatchResultSchema = z.object({
  batch: batchSchema,
  charged: creditsStringSchema,
  balance: creditsStringSchema,
});
export type BuyBatchResult = z.infer<typeof buyBatchResultSchema>;

export const activationCodeSchema = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  code: z.string(),
  state: z.enum(CODE_STATES),
  /** The line the code is (null once cancelled or removed from /users). */
  line_id: z.number().int().nullable(),
  activated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type ActivationCode = z.infer<typeof activationCodeSchema>;

/** GET /api/activation-codes: codes of the caller's batches, one batch or all, by state and digits. */
export const codeListQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  batch: idParamSchema.optional(),
  state: z.enum(CODE_STATE_FILTERS, { error: 'Estado inválido' }).optional(),
  search: z.string().trim().max(20).optional(),
});
export type CodeListQuery = z.infer<typeof codeListQuerySchema>;
export const codeListSchema = listResponseSchema(activationCodeSchema);
export type CodeList = z.infer<typeof codeListSchema>;

/** GET /api/activation-batches/:id/stock: every unused code of a batch, for the print sheet and copy. */
export const batchStockSchema = z.object({ batch: batchSchema, codes: z.array(z.string()) });
export type BatchStock = z.infer<typeof batchStockSchema>;

export const cancelCodeResultSchema = z.object({
  code: activationCodeSchema,
  refunded: creditsStringSchema,
  balance: creditsStringSchema,
});
export type CancelCodeResult = z.infer<typeof cancelCodeResultSchema>;
