import type { Database } from '../../db/database';
import type { MercadoPagoSync } from './mercadopago-sync';
import { retryRenewal } from './payment-confirmation';
import {
  expireStaticCharges,
  listCoveredCreditPurchases,
  listCoveredRenewals,
  listProviderPending,
} from './payments.repository';

/** A Mercado Pago payment not heard of for this long is asked about (a lost notification, decision 0166). */
const ASK_AFTER_SECONDS = 60;
const BATCH = 20;

/**
 * One pass of the payments' worker (workers role, decision 0164): paid renewals waiting for credits are
 * tried again once the balance covers them; static charges past their time expire; Mercado Pago payments
 * still pending are asked about. Each payment is its own transaction: one failure stops nothing else.
 */
export async function paymentsPass(
  db: Database,
  sync: MercadoPagoSync,
  onError: (error: unknown) => void,
): Promise<void> {
  // Credit purchases waiting for the seller's credits are retried the same way (decision 0185).
  const covered = [
    ...(await listCoveredRenewals(db, BATCH)),
    ...(await listCoveredCreditPurchases(db, BATCH)),
  ];
  for (const id of covered) {
    await retryRenewal(db, id).catch(onError);
  }
  await expireStaticCharges(db);
  for (const payment of await listProviderPending(db, ASK_AFTER_SECONDS, BATCH)) {
    await sync.refresh(payment).catch(onError);
  }
}
