import type { RenewalPendingReason } from '@panel/shared/payments/payments-api';
import { fromCents, toCents } from '@panel/shared/money/credits';
import type { Database } from '../../db/database';
import { runInTransaction, type Transaction } from '../../db/run-in-transaction';
import type { PaymentRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { findAccountById } from '../accounts/accounts.repository';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { recordResellerSync } from '../external-panel/external-panel-outbox';
import { InsufficientCreditsError, moveCredits } from '../ledger/ledger.service';
import { recordLog } from '../logs/logs.service';
import { runLineActionInTransaction } from '../lines/line-action-runner';
import { packageRenewalPlan } from '../lines/line-renewals.service';
import { recordPaymentReceived } from '../reseller-webhook/reseller-events';
import { claimPaid, lockRenewalPending, markRenewal } from './payments.repository';

/**
 * What a paid payment does (decision 0164), in one transaction: the state moves to paid (only from a state
 * still waiting: the second of two notifications finds nothing to move and renews nothing), then the line
 * is renewed by the package through the renewal service, charged to the reseller that received the money
 * at its normal credit price, logged 'renewed_pix'. Without the credits the payment stays 'Pago, renovação
 * pendente' and the renewal is tried again when credits arrive. A credit purchase does the same with one
 * ledger move of the credits from the seller to the buyer instead of the renewal (decision 0185).
 */

type RenewalOutcome = { renewed: true } | { renewed: false; reason: RenewalPendingReason };

/** The renewal a payment paid for, inside the payment's transaction; a refusal is an outcome, not an error. */
async function renewPaidLine(tx: Transaction, payment: PaymentRow): Promise<RenewalOutcome> {
  if (payment.purpose !== 'line_renewal' || payment.lineId === null || payment.packageId === null) {
    throw new Error(`payment ${payment.id} renews no line`);
  }
  const owner = await findAccountById(tx, payment.accountId);
  if (!owner) return { renewed: false, reason: 'renewal_refused' };
  // The reseller that received the money renews, as if it had renewed from the panel itself.
  const reseller: Caller = {
    id: owner.id,
    username: owner.username,
    role: owner.role,
    path: owner.path,
    tokenHash: '',
  };
  try {
    await runLineActionInTransaction(
      tx,
      reseller,
      payment.lineId,
      // The customer paid for the package: a trial becomes a normal line with it (decision 0027's confirmation).
      packageRenewalPlan(payment.packageId, {
        convertTrial: true,
        action: 'renewed_pix',
        details: { payment: payment.reference },
      }),
    );
    return { renewed: true };
  } catch (error) {
    // The debit is one conditional statement and nothing was written before it: the transaction goes on.
    if (error instanceof InsufficientCreditsError) return { renewed: false, reason: 'insufficient_credits' };
    // The line left the reseller (removed, transferred) or its package is no longer sold.
    if (error instanceof AppError && error.statusCode < 500)
      return { renewed: false, reason: 'renewal_refused' };
    throw error;
  }
}

/**
 * The credits a paid purchase bought (decision 0185), inside the payment's transaction: ONE move of exactly
 * the credits from the seller that received the money to the buyer, as the seller's own credit moves work
 * (a transfer between resellers, a mint when the seller is an admin), logged 'credits_bought_pix' with the
 * payment's reference. A seller without the credits is an outcome: the payment waits, nothing was written.
 */
async function deliverCredits(tx: Transaction, payment: PaymentRow): Promise<RenewalOutcome> {
  if (payment.purpose !== 'credit_purchase' || payment.buyerAccountId === null || payment.credits === null) {
    throw new Error(`payment ${payment.id} buys no credits`);
  }
  // Like every credit move: the tree keeps its shape until the transaction ends (decision 0011).
  await lockAccountTree(tx, 'keep');
  const seller = await findAccountById(tx, payment.accountId);
  const buyer = await findAccountById(tx, payment.buyerAccountId);
  // The buyer was removed: the seller keeps its credits and settles the money itself.
  if (!seller || !buyer || buyer.role !== 'reseller') return { renewed: false, reason: 'renewal_refused' };
  const amountCents = payment.credits * 100;
  const reason = {
    actorId: seller.id,
    action: 'credits_bought_pix' as const,
    type: 'credits' as const,
    targetAccountId: buyer.id,
  };
  try {
    const move = await moveCredits(tx, { ...reason, fromId: seller.id, toId: buyer.id, amountCents });
    await recordLog(tx, {
      ...reason,
      targetUsername: buyer.username,
      valueCents: amountCents,
      valueInt: payment.credits,
      actorCredits: move.from,
      targetCredits: move.to,
      details: { payment: payment.reference },
    });
    await recordResellerSync(tx, buyer.id, 'credits_changed');
    return { renewed: true };
  } catch (error) {
    // The debit is one conditional statement and nothing was written before it: the transaction goes on.
    if (error instanceof InsufficientCreditsError) return { renewed: false, reason: 'insufficient_credits' };
    throw error;
  }
}

/** What the money paid for: the line's renewal, or the credits bought. */
function fulfil(tx: Transaction, payment: PaymentRow): Promise<RenewalOutcome> {
  return payment.purpose === 'credit_purchase' ? deliverCredits(tx, payment) : renewPaidLine(tx, payment);
}

/** The reseller's webhook hears of the money in the payment's own transaction, once (decision 0170). */
async function tellReseller(tx: Transaction, payment: PaymentRow): Promise<void> {
  const owner = await findAccountById(tx, payment.accountId);
  if (!owner) return;
  await recordPaymentReceived(tx, {
    reseller: { id: owner.id, username: owner.username },
    paymentId: payment.reference,
    amount: fromCents(toCents(payment.amount)),
    credits: payment.credits === null ? null : fromCents(payment.credits * 100),
    lineId: payment.lineId,
    method: payment.provider === 'mercadopago' ? 'Mercado Pago' : 'PIX',
    paidAt: payment.paidAt ?? new Date(),
  });
}

/**
 * The money of `paymentId` arrived (a provider's approval, or the reseller confirming a static PIX):
 * renews once whoever calls it and however often. Answers the payment as it is afterwards, or undefined
 * when it was not waiting (already paid, refunded).
 */
export function confirmPayment(
  db: Database,
  paymentId: number,
  confirmedBy: number | null,
): Promise<PaymentRow | undefined> {
  return runInTransaction(db, async (tx) => {
    const claimed = await claimPaid(tx, paymentId, confirmedBy);
    if (!claimed) return undefined;
    const paid = await markRenewal(tx, claimed.id, await fulfil(tx, claimed));
    await tellReseller(tx, paid);
    return paid;
  });
}

/** A paid renewal (or credit purchase) that waited for credits, tried again; undefined when it no longer waits. */
export function retryRenewal(db: Database, paymentId: number): Promise<PaymentRow | undefined> {
  return runInTransaction(db, async (tx) => {
    const waiting = await lockRenewalPending(tx, paymentId);
    if (!waiting) return undefined;
    return markRenewal(tx, waiting.id, await fulfil(tx, waiting));
  });
}
