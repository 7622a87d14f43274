import type { Database } from '../../db/database';
import type { Transaction } from '../../db/run-in-transaction';
import { queueEvents, type QueuedEvent } from './reseller-webhook.repository';

/** Who an event is for, as every payload names it (docs/product/reseller-webhook.md). */
export interface EventReseller {
  id: number;
  username: string;
}

/** The envelope every reseller webhook payload shares. */
export function eventPayload(
  event: QueuedEvent['event'],
  reseller: EventReseller,
  fields: Record<string, unknown>,
  now: Date = new Date(),
): Record<string, unknown> {
  return { event, occurred_at: now.toISOString(), reseller, ...fields };
}

export interface PaymentReceived {
  reseller: EventReseller;
  /** The payment's own id (the provider's or the panel's); the event is queued once per id. */
  paymentId: string;
  /** Amount paid in BRL, a decimal string ('25.00'). */
  amount: string;
  /** Credits the payment bought, or null when it paid for something else (a line's renewal). */
  credits: string | null;
  /** The line it renewed, when it did. */
  lineId: number | null;
  /** What the customer or reseller reads ('PIX', 'Mercado Pago'…). */
  method: string;
  paidAt: Date;
}

/**
 * 'payment.received' for the payments module (decision 0170): call it in the transaction that records the
 * payment, so a rolled-back payment sends nothing. Queued once per payment id; nothing for a reseller
 * without a webhook address.
 */
export async function recordPaymentReceived(
  db: Database | Transaction,
  payment: PaymentReceived,
): Promise<void> {
  await queueEvents(db, [
    {
      accountId: payment.reseller.id,
      event: 'payment.received',
      dedupeKey: `payment:${payment.paymentId}`,
      payload: eventPayload('payment.received', payment.reseller, {
        payment: {
          id: payment.paymentId,
          amount: payment.amount,
          credits: payment.credits,
          line_id: payment.lineId,
          method: payment.method,
          paid_at: payment.paidAt.toISOString(),
        },
      }),
    },
  ]);
}
