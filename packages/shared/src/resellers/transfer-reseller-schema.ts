import { z } from 'zod';
import { MAX_ID } from '../lists/list-query';
import { RESELLER_MESSAGES } from './reseller-messages';

const accountId = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

/** Transfer page and POST /api/resellers/transfer: ids as integers (docs/product/rules.md#transfer-form). */
export const transferResellerSchema = z
  .object({
    resellerId: accountId(RESELLER_MESSAGES.resellerRequired),
    masterId: accountId(RESELLER_MESSAGES.masterRequired),
  })
  .refine((value) => value.resellerId !== value.masterId, {
    message: RESELLER_MESSAGES.transferIntoOwnTree,
    path: ['masterId'],
  });
export type TransferResellerInput = z.input<typeof transferResellerSchema>;
