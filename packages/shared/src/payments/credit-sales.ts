import { z } from 'zod';
import { fromCents, toCents } from '../money/credits';
import { CREDIT_SALE_MESSAGES, PAYMENT_MESSAGES } from './payment-messages';
import { paymentSchema, priceSchema, type Payment } from './payments-api';

/**
 * Credits sold by PIX (decisions 0183–0186): a seller (a master, or the admin for the masters) sets a price
 * per credit and optional packs for its direct resellers, which buy on 'Comprar créditos'. The total is
 * computed here, by the server for the charge and by the panel for the screen, in whole cents.
 */

/** A purchase is whole credits within these bounds (decision 0184). */
export const CREDIT_PURCHASE_MIN = 1;
export const CREDIT_PURCHASE_MAX = 10_000;
export const MAX_CREDIT_PACKS = 6;
/** The highest total of one purchase, R$ 999.999,99. */
export const MAX_PURCHASE_TOTAL_CENTS = 99_999_999;

const wholeCredits = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(CREDIT_PURCHASE_MIN, message)
    .max(CREDIT_PURCHASE_MAX, message);

export const creditPackSchema = z.object({
  credits: wholeCredits(CREDIT_SALE_MESSAGES.packCreditsInvalid),
  price: priceSchema,
});
export type CreditPack = z.infer<typeof creditPackSchema>;

/**
 * PUT /api/payments/credit-sale: whether the caller's direct resellers may buy, the price per credit (needed
 * to sell) and the packs (a fixed price for an exact quantity).
 */
export const creditSaleSettingsInputSchema = z
  .object({
    enabled: z.boolean({ error: PAYMENT_MESSAGES.required }),
    unit_price: priceSchema.nullable(),
    packs: z
      .array(creditPackSchema)
      .max(MAX_CREDIT_PACKS, CREDIT_SALE_MESSAGES.tooManyPacks)
      .refine(
        (packs) => new Set(packs.map((pack) => pack.credits)).size === packs.length,
        CREDIT_SALE_MESSAGES.duplicatePack,
      ),
  })
  .superRefine((value, context) => {
    if (value.enabled && value.unit_price === null) {
      context.addIssue({ code: 'custom', path: ['unit_price'], message: PAYMENT_MESSAGES.priceInvalid });
    }
  });
export type CreditSaleSettingsInput = z.infer<typeof creditSaleSettingsInputSchema>;

const packView = z.object({ credits: z.number().int(), price: z.string() });

/** GET /api/payments/credit-sale. */
export const creditSaleSettingsSchema = z.object({
  enabled: z.boolean(),
  unit_price: z.string().nullable(),
  packs: z.array(packView),
  /** Whether 'Conta de recebimento' is set: without it nobody can buy. */
  payment_account_ready: z.boolean(),
});
export type CreditSaleSettings = z.infer<typeof creditSaleSettingsSchema>;

/** GET /api/credit-purchases/offer: what the caller's parent sells, or why nothing can be bought. */
export const creditOfferSchema = z.object({
  available: z.boolean(),
  /** Why not available (a Portuguese message); null when available. */
  reason: z.string().nullable(),
  seller_username: z.string().nullable(),
  unit_price: z.string().nullable(),
  packs: z.array(packView),
  min: z.number().int(),
  max: z.number().int(),
});
export type CreditOffer = z.infer<typeof creditOfferSchema>;

/** POST /api/credit-purchases. */
export const creditPurchaseInputSchema = z.object({
  credits: wholeCredits(CREDIT_SALE_MESSAGES.creditsInvalid),
});
export type CreditPurchaseInput = z.infer<typeof creditPurchaseInputSchema>;

/** GET /api/credit-purchases: the caller's purchases, newest first. */
export const creditPurchaseListSchema = z.object({ data: z.array(paymentSchema) });
export type CreditPurchaseList = z.infer<typeof creditPurchaseListSchema>;

/**
 * What `credits` cost under an offer, in cents: the pack of exactly that quantity, else the price per credit
 * times the quantity; null when the offer prices neither.
 */
export function creditPurchaseTotalCents(
  credits: number,
  offer: { unit_price: string | null; packs: readonly { credits: number; price: string }[] },
): number | null {
  if (!Number.isSafeInteger(credits) || credits < CREDIT_PURCHASE_MIN) return null;
  const pack = offer.packs.find((candidate) => candidate.credits === credits);
  if (pack) return toCents(pack.price);
  return offer.unit_price === null ? null : toCents(offer.unit_price) * credits;
}

/** The same total as a decimal string of reais ('125.00'), or null. */
export function creditPurchaseTotal(
  credits: number,
  offer: { unit_price: string | null; packs: readonly { credits: number; price: string }[] },
): string | null {
  const cents = creditPurchaseTotalCents(credits, offer);
  return cents === null ? null : fromCents(cents);
}

/** '1 crédito', '100 créditos', '1.000 créditos'. */
export function creditsLabel(credits: number): string {
  const digits = String(credits).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return credits === 1 ? '1 crédito' : `${digits} créditos`;
}

/**
 * The 'Usuário' and 'Pacote' of a payment as 'Pagamentos' and its CSV show it: a renewal's line and package,
 * a credit sale's buyer and credits (decision 0186).
 */
export function paymentSubject(
  payment: Pick<Payment, 'purpose' | 'line_username' | 'package_name' | 'buyer_username' | 'credits'>,
): { who: string | null; what: string | null } {
  if (payment.purpose === 'credit_purchase') {
    return {
      who: payment.buyer_username,
      what: payment.credits === null ? null : creditsLabel(payment.credits),
    };
  }
  return { who: payment.line_username, what: payment.package_name };
}
