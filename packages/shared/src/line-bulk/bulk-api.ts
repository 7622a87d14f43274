import { z } from 'zod';
import { editLineSchema, lineListQuerySchema, packageIdSchema } from '../lines/line-api';
import { LINE_MESSAGES } from '../lines/line-messages';
import { idParamSchema, MAX_ID } from '../lists/list-query';
import { creditsStringSchema } from '../money/credits';
import { BULK_LINE_LIMIT } from './bulk-limits';
import { BULK_MESSAGES } from './bulk-messages';

/**
 * The contract of /api/users/bulk (docs/product/api.md#calls, decisions 0150–0154): one action on up to
 * 1.000 lines, each line done by the same service as its single-line action, in a transaction of its own.
 */

export const BULK_KINDS = [
  'renew_month',
  'renew_package',
  'block',
  'unblock',
  'bouquets',
  'move',
  'delete',
  'renewal_message',
] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

export const BULK_KIND_LABELS: Record<BulkKind, string> = {
  renew_month: 'Renovar 1 mês',
  renew_package: 'Renovar por pacote',
  block: 'Bloquear',
  unblock: 'Desbloquear',
  bouquets: 'Alterar bouquets',
  move: 'Mover para outra revenda',
  delete: 'Remover',
  renewal_message: 'Enviar mensagem de renovação',
};

/** The kinds that cost credits: their total is shown before confirming. */
export const PAID_BULK_KINDS: readonly BulkKind[] = ['renew_month', 'renew_package'];

const convertTrial = z.boolean({ error: LINE_MESSAGES.trialConversionRequired }).optional();

export const bulkActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('renew_month'), convert_trial: convertTrial }),
    z.object({ kind: z.literal('renew_package'), package_id: packageIdSchema, convert_trial: convertTrial }),
    z.object({ kind: z.literal('block') }),
    z.object({ kind: z.literal('unblock') }),
    z.object({ kind: z.literal('bouquets'), bouquet: editLineSchema.shape.bouquet }),
    z.object({ kind: z.literal('move'), reseller_id: idParamSchema }),
    z.object({ kind: z.literal('delete') }),
    z.object({ kind: z.literal('renewal_message') }),
  ],
  { error: BULK_MESSAGES.actionInvalid },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** Line ids as the panel sends them: at least one, at most 1.000 (repeated ids count once). */
export const bulkLineIdsSchema = z
  .array(z.number().int().min(1).max(MAX_ID), { error: BULK_MESSAGES.emptySelection })
  .min(1, BULK_MESSAGES.emptySelection)
  .max(BULK_LINE_LIMIT, BULK_MESSAGES.tooMany);

/** The /users list's filters and order, without its page: "every line matching the filters". */
export const bulkFiltersSchema = lineListQuerySchema.omit({ page: true, per: true });
export type BulkFiltersInput = z.input<typeof bulkFiltersSchema>;

/** Which lines: the ones ticked, or every line matching the filters (the first 1.000 in the list's order). */
export const bulkSelectionSchema = z.discriminatedUnion(
  'by',
  [
    z.object({ by: z.literal('ids'), ids: bulkLineIdsSchema }),
    z.object({ by: z.literal('filters'), filters: bulkFiltersSchema }),
  ],
  { error: BULK_MESSAGES.emptySelection },
);
export type BulkSelectionInput = z.input<typeof bulkSelectionSchema>;

export const bulkPreviewRequestSchema = z.object({
  action: bulkActionSchema,
  selection: bulkSelectionSchema,
});
export type BulkPreviewRequest = z.input<typeof bulkPreviewRequestSchema>;

/**
 * What the action would do before it is confirmed: the lines it takes (in scope, in order), whether the
 * filters matched more than the limit, the total price of the lines it would charge and the caller's balance.
 * `refusals` are those the shared rules foresee (a trial without conversion, a package not for the service);
 * the run may refuse more (no credits left, a line changed meanwhile).
 */
export const bulkPreviewSchema = z.object({
  line_ids: z.array(z.number().int()),
  count: z.number().int(),
  /** More lines matched the filters than one action takes: only the first 1.000 are in `line_ids`. */
  capped: z.boolean(),
  /** Ids sent that are not lines of the caller's subtree (out of reach or gone): never acted on. */
  missing: z.number().int(),
  paid: z.boolean(),
  /** Admins act on lines for free. */
  free: z.boolean(),
  cost: creditsStringSchema,
  balance: creditsStringSchema,
  refusals: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

export const bulkCreateRequestSchema = z.object({ action: bulkActionSchema, line_ids: bulkLineIdsSchema });
export type BulkCreateRequest = z.input<typeof bulkCreateRequestSchema>;

export const BULK_OUTCOMES = ['pending', 'done', 'refused', 'cancelled'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];
export const BULK_OUTCOME_LABELS: Record<BulkOutcome, string> = {
  pending: 'Pendente',
  done: 'Feito',
  refused: 'Recusado',
  cancelled: 'Não feito',
};

/** Where a bulk action stands: answered by its creation, each chunk run and its cancel. */
export const bulkProgressSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BULK_KINDS),
  created_at: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  refused: z.number().int(),
  cancelled: z.number().int(),
  pending: z.number().int(),
  /** Credits spent by the lines done so far. */
  charged: creditsStringSchema,
  finished: z.boolean(),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

export const bulkResultLineSchema = z.object({
  line_id: z.number().int(),
  /** Null for an id that is not a line of the caller's subtree. */
  username: z.string().nullable(),
  outcome: z.enum(BULK_OUTCOMES),
  /** Why it was refused: the single-line action's own message. */
  reason: z.string().nullable(),
  charged: creditsStringSchema.nullable(),
  /** The renewal message: its WhatsApp link (the text inside), and the phone it goes to. */
  link: z.string().nullable(),
  phone: z.string().nullable(),
});
export type BulkResultLine = z.infer<typeof bulkResultLineSchema>;

export const bulkResultSchema = bulkProgressSchema.extend({ lines: z.array(bulkResultLineSchema) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkIdParamsSchema = z.object({ id: idParamSchema });
