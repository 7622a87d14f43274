import { z } from 'zod';
import { creditsStringSchema, fromCents, toCents } from '../money/credits';

/**
 * The events a reseller's own webhook receives (decision 0170; docs/product/reseller-webhook.md), sent as
 * `x-panel-event`.
 */
export const RESELLER_WEBHOOK_EVENTS = [
  'line.expiring',
  'line.expired',
  'payment.received',
  'balance.low',
] as const;
export type ResellerWebhookEvent = (typeof RESELLER_WEBHOOK_EVENTS)[number];

const URL_MAX = 500;

/** Texts of the profile's 'Notificações' section (docs/product/messages.md#reseller-notifications). */
export const RESELLER_NOTIFICATION_MESSAGES = {
  urlInvalid: 'Informe um endereço http:// ou https:// válido.',
  urlMax: `Máximo de ${URL_MAX} caracteres`,
  urlPrivate: 'O endereço precisa ser público: endereços locais ou de rede interna não são aceitos.',
  thresholdInvalid: 'Informe um valor em créditos, com até duas casas decimais (ex.: 10 ou 10,50).',
  saved: 'Notificações salvas',
  secretRotated: 'Nova chave gerada. Atualize o seu robô com ela.',
  lowBalanceBadge: 'Saldo baixo',
  lowBalance: (threshold: string) => `Saldo abaixo de ${threshold} créditos`,
} as const;

/** GET /api/profile/notifications: the webhook's address and secret, and the low-balance threshold. */
export const resellerNotificationsSchema = z.object({
  webhook_url: z.string().nullable(),
  /** The HMAC-SHA256 key of `x-panel-signature`; changes only when the reseller asks for a new one. */
  webhook_secret: z.string(),
  low_balance_threshold: z.string().nullable(),
});
export type ResellerNotifications = z.infer<typeof resellerNotificationsSchema>;

/** '10', '10.5', '10,50' → '10.50'; empty → null (no alert). */
const thresholdSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(',', '.'))
  .refine((value) => value === '' || (value.length <= 12 && creditsStringSchema.safeParse(value).success), {
    message: RESELLER_NOTIFICATION_MESSAGES.thresholdInvalid,
  })
  .refine((value) => value === '' || !value.startsWith('-'), {
    message: RESELLER_NOTIFICATION_MESSAGES.thresholdInvalid,
  })
  .transform((value) => (value === '' ? null : fromCents(toCents(value))));

const urlSchema = z
  .string()
  .trim()
  .max(URL_MAX, RESELLER_NOTIFICATION_MESSAGES.urlMax)
  .refine((value) => value === '' || /^https?:\/\/[a-z0-9.[\]:-]+(?::\d+)?(?:[/?#]\S*)?$/i.test(value), {
    message: RESELLER_NOTIFICATION_MESSAGES.urlInvalid,
  })
  .transform((value) => (value === '' ? null : value));

/** PUT /api/profile/notifications: an empty value turns the webhook or the alert off. */
export const resellerNotificationsInputSchema = z.object({
  webhook_url: urlSchema.nullable().transform((value) => value ?? null),
  low_balance_threshold: thresholdSchema.nullable().transform((value) => value ?? null),
});
export type ResellerNotificationsInput = z.input<typeof resellerNotificationsInputSchema>;

/** Below the threshold, in exact cents (decision 0174): the top bar's warning and the 'balance.low' event. */
export function isLowBalance(credits: string, threshold: string | null): boolean {
  return threshold !== null && toCents(credits) < toCents(threshold);
}
