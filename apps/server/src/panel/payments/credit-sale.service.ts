import {
  CREDIT_PURCHASE_MAX,
  CREDIT_PURCHASE_MIN,
  creditPurchaseTotalCents,
  MAX_PURCHASE_TOTAL_CENTS,
  type CreditOffer,
  type CreditPurchaseInput,
  type CreditPurchaseList,
  type CreditSaleSettings,
  type CreditSaleSettingsInput,
} from '@panel/shared/payments/credit-sales';
import { CREDIT_SALE_MESSAGES } from '@panel/shared/payments/payment-messages';
import type { Payment } from '@panel/shared/payments/payments-api';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { runInTransaction } from '../../db/run-in-transaction';
import type { AccountRow, PaymentAccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { findAccountById } from '../accounts/accounts.repository';
import type { PaymentChargesService } from './payment-charges.service';
import { toPayment } from './payment-view';
import type { PaymentsDeps } from './payments-deps';
import { findCreditSale, replaceCreditSale, type CreditSale } from './credit-sale.repository';
import { findPaymentAccount, findPaymentRecord, listBuyerPurchases } from './payments.repository';

const HISTORY_LIMIT = 50;
const refusal = (message: string, field?: string) => new AppError(422, 'validation_failed', message, field);
const money = (value: string) => fromCents(toCents(value));

/** The payment account can take a charge: a complete static PIX, or Mercado Pago with its token. */
function isReady(account: PaymentAccountRow | undefined): boolean {
  if (account?.provider === 'static_pix')
    return Boolean(account.pixKey && account.merchantName && account.merchantCity);
  return account?.provider === 'mercadopago' && Boolean(account.mercadopagoAccessToken);
}

function packsView(sale: CreditSale) {
  return sale.packs.map((pack) => ({ credits: pack.credits, price: money(pack.price) }));
}

/**
 * Credits sold by PIX (decisions 0183–0186). The seller is the buyer's parent, a master or the admin; it sets
 * the price on 'Recebimentos' and receives in its own payment account. The buyer, a reseller, buys on
 * 'Comprar créditos' from its own parent only; the total is computed here, never taken from the request.
 */
export function createCreditSaleService(deps: PaymentsDeps, charges: PaymentChargesService) {
  const { db } = deps;

  async function getSale(caller: Caller): Promise<CreditSaleSettings> {
    const [sale, account] = await Promise.all([
      findCreditSale(db, caller.id),
      findPaymentAccount(db, caller.id),
    ]);
    return {
      enabled: sale.enabled,
      unit_price: sale.unitPrice === null ? null : money(sale.unitPrice),
      packs: packsView(sale),
      payment_account_ready: isReady(account),
    };
  }

  async function saveSale(caller: Caller, input: CreditSaleSettingsInput): Promise<CreditSaleSettings> {
    const sale: CreditSale = {
      enabled: input.enabled,
      unitPrice: input.unit_price === null ? null : money(input.unit_price),
      packs: input.packs
        .map((pack) => ({ credits: pack.credits, price: money(pack.price) }))
        .sort((a, b) => a.credits - b.credits),
    };
    await runInTransaction(db, (tx) => replaceCreditSale(tx, caller.id, sale));
    return getSale(caller);
  }

  /** The caller's parent when it sells: the seller, its sale and its payment account; else why not. */
  async function sellerOf(caller: Caller) {
    const self = await findAccountById(db, caller.id);
    const parent = self?.parentId ? await findAccountById(db, self.parentId) : undefined;
    const sells = (seller: AccountRow | undefined) =>
      seller && !seller.isDeletedBucket && (seller.role === 'admin' || seller.role === 'reseller');
    if (!self || self.role !== 'reseller' || !sells(parent) || !parent)
      return { ok: false, reason: CREDIT_SALE_MESSAGES.notSelling } as const;
    const [sale, account] = await Promise.all([
      findCreditSale(db, parent.id),
      findPaymentAccount(db, parent.id),
    ]);
    if (!sale.enabled || sale.unitPrice === null)
      return { ok: false, reason: CREDIT_SALE_MESSAGES.notSelling } as const;
    if (!isReady(account)) return { ok: false, reason: CREDIT_SALE_MESSAGES.sellerNotConfigured } as const;
    return { ok: true, self, seller: parent, sale, account } as const;
  }

  async function offer(caller: Caller): Promise<CreditOffer> {
    const found = await sellerOf(caller);
    const bounds = { min: CREDIT_PURCHASE_MIN, max: CREDIT_PURCHASE_MAX };
    if (!found.ok) {
      return {
        available: false,
        reason: found.reason,
        seller_username: null,
        unit_price: null,
        packs: [],
        ...bounds,
      };
    }
    return {
      available: true,
      reason: null,
      seller_username: found.seller.username,
      unit_price: found.sale.unitPrice === null ? null : money(found.sale.unitPrice),
      packs: packsView(found.sale),
      ...bounds,
    };
  }

  /** POST /api/credit-purchases: a PIX charge to the caller's parent for `credits`, priced here. */
  async function buy(caller: Caller, input: CreditPurchaseInput, origin: string): Promise<Payment> {
    const found = await sellerOf(caller);
    if (!found.ok) throw refusal(found.reason);
    const totalCents = creditPurchaseTotalCents(input.credits, {
      unit_price: found.sale.unitPrice,
      packs: found.sale.packs,
    });
    if (totalCents === null) throw refusal(CREDIT_SALE_MESSAGES.notSelling);
    if (totalCents > MAX_PURCHASE_TOTAL_CENTS) throw refusal(CREDIT_SALE_MESSAGES.totalTooHigh, 'credits');
    const record = await charges.issueCharge(
      found.account,
      {
        accountId: found.seller.id,
        purpose: 'credit_purchase',
        amount: fromCents(totalCents),
        buyerAccountId: found.self.id,
        buyerUsername: found.self.username,
        credits: input.credits,
        createdBy: caller.id,
      },
      `Compra de ${input.credits} créditos - ${found.self.username}`,
      origin,
    );
    return toPayment(record);
  }

  async function list(caller: Caller): Promise<CreditPurchaseList> {
    return { data: (await listBuyerPurchases(db, caller.id, HISTORY_LIMIT)).map(toPayment) };
  }

  /** One of the caller's own purchases (polled while it waits); anyone else's answers 404. */
  async function get(caller: Caller, id: number): Promise<Payment> {
    const record = await findPaymentRecord(db, id);
    if (!record || record.purpose !== 'credit_purchase' || record.buyerAccountId !== caller.id)
      throw AppError.notFound();
    return toPayment(record);
  }

  return { getSale, saveSale, offer, buy, list, get };
}

export type CreditSaleService = ReturnType<typeof createCreditSaleService>;
