import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { SecretBox } from '../../lib/secret-box';
import type { MercadoPagoClient } from './mercadopago-client';

/** What the payments services share: the database, the sealed secrets' box, Mercado Pago, the settings. */
export interface PaymentsDeps {
  db: Database;
  box: SecretBox;
  mercadoPago: MercadoPagoClient;
  config: Pick<Config, 'PAYMENT_NOTIFICATION_BASE_URL' | 'MERCADOPAGO_PAYER_EMAIL'>;
}

/** The sealed values of a payment account are bound to the account and to what they are (decision 0161). */
export function secretContext(accountId: number, what: 'access_token' | 'webhook_secret'): string {
  return `payment-account:${accountId}:${what}`;
}

/** Where Mercado Pago posts the notifications of an account's payments (decision 0166). */
export function notificationUrl(base: string, accountId: number): string {
  return `${base.replace(/\/+$/, '')}/api/payments/mercadopago/notifications/${accountId}`;
}
