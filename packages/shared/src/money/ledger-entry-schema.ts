import { z } from 'zod';
import { listResponseSchema, orderBySchema, pageSchema, perSchema } from '../lists/list-query';
import { LOG_ACTIONS, LOG_TYPES } from '../logs/log-codes';
import { creditsStringSchema } from './credits';

/** Texts of the ledger's refusals. */
export const LEDGER_MESSAGES = {
  insufficientCredits: 'Créditos insuficientes.',
} as const;

/**
 * How a ledger row moved money: `transfer` between two accounts (two rows), `mint` / `burn` by an
 * admin (whose own balance never moves), `spend` on a paid line action, `refund` of a spend given back
 * (an unused activation code cancelled; decision 0148).
 */
export const LEDGER_KINDS = ['transfer', 'mint', 'burn', 'spend', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One row of an account's credit statement. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  action: z.enum(LOG_ACTIONS),
  type: z.enum(LOG_TYPES),
  /** Signed: positive came in, negative went out. */
  amount: creditsStringSchema,
  balance_before: creditsStringSchema,
  balance_after: creditsStringSchema,
  actor_id: z.number().int(),
  actor_username: z.string().nullable(),
  counterparty_id: z.number().int().nullable(),
  counterparty_username: z.string().nullable(),
  target_account_id: z.number().int().nullable(),
  line_id: z.number().int().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerListSchema = listResponseSchema(ledgerEntrySchema);
export type LedgerList = z.infer<typeof ledgerListSchema>;

export const ledgerQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(['id', 'created_at'], { field: 'id', direction: 'desc' }),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;
