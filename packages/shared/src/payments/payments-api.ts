import { z } from 'zod';
import { LINE_MESSAGES } from '../lines/line-messages';
import { logPeriodSchema } from '../logs/log-schemas';
import { idParamSchema, listMetaSchema, orderBySchema, pageSchema, perSchema } from '../lists/list-query';
import { formatCredits, toCents } from '../money/credits';
import { CREDIT_SALE_MESSAGES, PAYMENT_MESSAGES } from './payment-messages';
import { PIX_MERCHANT_CITY_MAX, PIX_MERCHANT_NAME_MAX, pixText } from './pix-br-code';
import { normalisePixKey } from './pix-key';

/**
 * PIX payments (decisions 0160–0166): what a reseller's customer pays in reais, to the reseller's own
 * account, for a line renewal now (a credit purchase later). Schemas shared by the server's routes and the
 * panel's 'Pagamentos' screen, 'Recebimentos' card and 'Cobrar por PIX' dialog.
 */

export const PAYMENT_PROVIDERS = ['static_pix', 'mercadopago'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** What a reseller's account receives with: nothing yet, its PIX key (static), or its Mercado Pago account. */
export const PAYMENT_ACCOUNT_PROVIDERS = ['none', ...PAYMENT_PROVIDERS] as const;
export type PaymentAccountProvider = (typeof PAYMENT_ACCOUNT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentAccountProvider, string> = {
  none: 'Nenhum',
  static_pix: 'PIX estático (chave PIX, confirmação manual)',
  mercadopago: 'Mercado Pago (confirmação automática)',
};

/** Why a payment exists: a line renewal, or a reseller buying credits from its parent (decisions 0160, 0184). */
export const PAYMENT_PURPOSES = ['line_renewal', 'credit_purchase'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATES = [
  'pending',
  'paid',
  'renewal_pending',
  'expired',
  'cancelled',
  'refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  renewal_pending: 'Pago, renovação pendente',
  expired: 'Expirado',
  cancelled: 'Cancelado',
  refunded: 'Estornado',
};
/**
 * A credit purchase waiting for the seller's credits keeps the state `renewal_pending` (one state for the
 * worker, the totals and the badge) under its own words (decision 0185).
 */
export const CREDITS_PENDING_LABEL = 'Pago, créditos pendentes';

/** The state's words for a payment of this purpose. */
export function paymentStateLabel(state: PaymentState, purpose: PaymentPurpose): string {
  return purpose === 'credit_purchase' && state === 'renewal_pending'
    ? CREDITS_PENDING_LABEL
    : PAYMENT_STATE_LABELS[state];
}

/** States whose money reached the reseller (and was not given back). */
export const RECEIVED_STATES = ['paid', 'renewal_pending'] as const satisfies readonly PaymentState[];

/** Why a paid payment has not renewed yet (decision 0164). */
export const RENEWAL_PENDING_REASONS = ['insufficient_credits', 'renewal_refused'] as const;
export type RenewalPendingReason = (typeof RENEWAL_PENDING_REASONS)[number];
export const RENEWAL_PENDING_TEXTS: Record<RenewalPendingReason, string> = {
  insufficient_credits: PAYMENT_MESSAGES.pendingInsufficientCredits,
  renewal_refused: PAYMENT_MESSAGES.pendingRenewalRefused,
};
/** The same reasons for a credit purchase: the credits, not a renewal, wait (decision 0185). */
export const CREDITS_PENDING_TEXTS: Record<RenewalPendingReason, string> = {
  insufficient_credits: CREDIT_SALE_MESSAGES.pendingInsufficientCredits,
  renewal_refused: CREDIT_SALE_MESSAGES.pendingRefused,
};

/** Why a paid payment still waits, in the words of its purpose. */
export function pendingReasonText(reason: RenewalPendingReason, purpose: PaymentPurpose): string {
  return (purpose === 'credit_purchase' ? CREDITS_PENDING_TEXTS : RENEWAL_PENDING_TEXTS)[reason];
}

/** Reais as the panel shows them: 'R$ 1.234,50'. */
export function formatReais(value: string): string {
  return `R$ ${formatCredits(value)}`;
}

/** How long a charge waits for its payment (decision 0163). */
export const CHARGE_VALID_HOURS = 24;
/** The highest customer price, R$ 99.999,99: a typo of a few digits, not a renewal. */
export const MAX_PRICE_CENTS = 9_999_999;

/** A price in reais on the wire: a decimal string, more than zero, at most two decimals. */
export const priceSchema = z
  .string({ error: PAYMENT_MESSAGES.priceInvalid })
  .trim()
  .superRefine((value, context) => {
    const cents = /^\d{1,7}(\.\d{1,2})?$/.test(value) ? toCents(value) : 0;
    if (cents <= 0) context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.priceInvalid });
    else if (cents > MAX_PRICE_CENTS)
      context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.priceTooHigh });
  });

const packageIdSchema = z
  .number({ error: LINE_MESSAGES.packageRequired })
  .int(LINE_MESSAGES.packageRequired)
  .min(1, LINE_MESSAGES.packageInvalid)
  .max(2_147_483_647, LINE_MESSAGES.packageInvalid);

// ---- 'Recebimentos': the reseller's payment account ----------------------------------------------

const secretInput = z.string().trim().max(256, PAYMENT_MESSAGES.secretTooLong).optional();
const merchantText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(60, message)
    .refine((value) => pixText(value, max).length > 0 && value.length <= max, message);

/**
 * PUT /api/payments/settings. A static PIX needs the key, the name and the city the BR Code carries; a
 * Mercado Pago account its access token and webhook secret, each left empty to keep the stored one (they
 * are never sent back to the panel).
 */
export const paymentSettingsInputSchema = z
  .object({
    provider: z.enum(PAYMENT_ACCOUNT_PROVIDERS, { error: PAYMENT_MESSAGES.required }),
    pix_key: z.string().trim().max(100, PAYMENT_MESSAGES.pixKeyInvalid).optional(),
    merchant_name: z.string().trim().max(60, PAYMENT_MESSAGES.merchantNameInvalid).optional(),
    merchant_city: z.string().trim().max(60, PAYMENT_MESSAGES.merchantCityInvalid).optional(),
    mercadopago_access_token: secretInput,
    mercadopago_webhook_secret: secretInput,
  })
  .superRefine((value, context) => {
    if (value.provider !== 'static_pix') return;
    if (!value.pix_key || !normalisePixKey(value.pix_key)) {
      context.addIssue({ code: 'custom', path: ['pix_key'], message: PAYMENT_MESSAGES.pixKeyInvalid });
    }
    const name = merchantText(PIX_MERCHANT_NAME_MAX, PAYMENT_MESSAGES.merchantNameInvalid);
    if (!name.safeParse(value.merchant_name ?? '').success) {
      context.addIssue({
        code: 'custom',
        path: ['merchant_name'],
        message: PAYMENT_MESSAGES.merchantNameInvalid,
      });
    }
    const city = merchantText(PIX_MERCHANT_CITY_MAX, PAYMENT_MESSAGES.merchantCityInvalid);
    if (!city.safeParse(value.merchant_city ?? '').success) {
      context.addIssue({
        code: 'custom',
        path: ['merchant_city'],
        message: PAYMENT_MESSAGES.merchantCityInvalid,
      });
    }
  });
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInputSchema>;

/** GET /api/payments/settings: never the secrets, only whether they are set and the token's last 4. */
export const paymentSettingsSchema = z.object({
  provider: z.enum(PAYMENT_ACCOUNT_PROVIDERS),
  pix_key: z.string().nullable(),
  merchant_name: z.string().nullable(),
  merchant_city: z.string().nullable(),
  mercadopago_token_hint: z.string().nullable(),
  mercadopago_webhook_secret_set: z.boolean(),
  /** What the reseller pastes into its Mercado Pago application as the webhook address. */
  notification_url: z.string(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

// ---- Customer prices per package -------------------------------------------------------------------

export const packagePriceSchema = z.object({
  package_id: z.number().int(),
  package_name: z.string(),
  months: z.number().int(),
  /** The package's credits per screen: what a renewal costs the reseller (× the line's screens). */
  official_credits: z.string(),
  /** Which lines it renews: every system, or only P2P lines' packages (docs/product/entities.md#package). */
  p2p: z.boolean(),
  /** The customer's price in reais; null: not offered by PIX. */
  price: z.string().nullable(),
});
export type PackagePrice = z.infer<typeof packagePriceSchema>;
export const packagePriceListSchema = z.object({ data: z.array(packagePriceSchema) });

/** PUT /api/payments/prices: the whole list; a package left out (or with a null price) is not offered. */
export const packagePricesInputSchema = z.object({
  prices: z
    .array(z.object({ package_id: packageIdSchema, price: priceSchema.nullable() }))
    .max(200)
    .refine(
      (prices) => new Set(prices.map((entry) => entry.package_id)).size === prices.length,
      PAYMENT_MESSAGES.duplicatePackage,
    ),
});
export type PackagePricesInput = z.infer<typeof packagePricesInputSchema>;

// ---- Payments -------------------------------------------------------------------------------------

export const paymentSchema = z.object({
  id: z.number().int(),
  /** Also the PIX txid and Mercado Pago's external_reference. */
  reference: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  state: z.enum(PAYMENT_STATES),
  renewal_pending_reason: z.enum(RENEWAL_PENDING_REASONS).nullable(),
  amount: z.string(),
  line_id: z.number().int().nullable(),
  line_username: z.string().nullable(),
  package_id: z.number().int().nullable(),
  package_name: z.string().nullable(),
  months: z.number().int().nullable(),
  /** A credit purchase (decision 0184): who buys, and how many whole credits. */
  buyer_account_id: z.number().int().nullable(),
  buyer_username: z.string().nullable(),
  credits: z.number().int().nullable(),
  /** 'PIX copia e cola' (the QR code's text); null once the payment no longer waits. */
  pix_code: z.string().nullable(),
  ticket_url: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  renewed_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /api/payments/charges: a charge for one of the caller's lines, renewing it by the package. */
export const chargeInputSchema = z.object({
  line_id: idParamSchema,
  package_id: packageIdSchema,
});
export type ChargeInput = z.infer<typeof chargeInputSchema>;

export const PAYMENT_ORDER_FIELDS = ['created_at', 'amount', 'state'] as const;

const stateFilterSchema = z
  .string({ error: PAYMENT_MESSAGES.invalidState })
  .optional()
  .transform((value, context): PaymentState | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const state = PAYMENT_STATES.find((candidate) => candidate === value.trim());
    if (!state) {
      context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.invalidState });
      return z.NEVER;
    }
    return state;
  });

/** GET /api/payments: the caller's payments; `dates` as on /logs (absent: the last 30 days). */
export const paymentListQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(PAYMENT_ORDER_FIELDS, { field: 'created_at', direction: 'desc' }),
  state: stateFilterSchema,
  dates: logPeriodSchema,
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/** GET /api/payments/export: the list's filters; every payment they match, newest first (decision 0155's CSV). */
export const paymentExportQuerySchema = paymentListQuerySchema.omit({
  page: true,
  per: true,
  order_by: true,
});
export type PaymentExportQuery = z.infer<typeof paymentExportQuerySchema>;
export const DEFAULT_PAYMENT_PERIOD_DAYS = 30;

/** The period a payments query covers: its `dates`, else the last 30 days up to the end of tomorrow. */
export function paymentPeriod(
  dates: { from: Date; to: Date } | undefined,
  now: number = Date.now(),
): { from: Date; to: Date } {
  const day = 86_400_000;
  return dates ?? { from: new Date(now - DEFAULT_PAYMENT_PERIOD_DAYS * day), to: new Date(now + day) };
}

/** The period's sums, by what happened to the money (the state filter does not narrow them). */
export const paymentTotalsSchema = z.object({
  received: z.string(),
  received_count: z.number().int(),
  pending: z.string(),
  pending_count: z.number().int(),
  refunded: z.string(),
  refunded_count: z.number().int(),
  renewal_pending_count: z.number().int(),
});
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

export const paymentListSchema = z.object({
  data: z.array(paymentSchema),
  meta: listMetaSchema,
  totals: paymentTotalsSchema,
  period: z.object({ from: z.string(), to: z.string() }),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

/** GET /api/payments/alerts: what the top bar and the dashboard warn about. */
export const paymentAlertsSchema = z.object({ renewal_pending: z.number().int() });
export type PaymentAlerts = z.infer<typeof paymentAlertsSchema>;

export const paymentIdParamsSchema = z.object({ id: idParamSchema });
export const accountIdParamsSchema = z.object({ accountId: idParamSchema });
