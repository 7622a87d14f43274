import { isSalePackage, P2P_PACKAGE_IDS, SYSTEMS } from '@panel/shared/catalog/packages';
import type {
  PackagePrice,
  PackagePricesInput,
  PaymentSettings,
  PaymentSettingsInput,
} from '@panel/shared/payments/payments-api';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { pixText, PIX_MERCHANT_CITY_MAX, PIX_MERCHANT_NAME_MAX } from '@panel/shared/payments/pix-br-code';
import { normalisePixKey } from '@panel/shared/payments/pix-key';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { notificationUrl, secretContext, type PaymentsDeps } from './payments-deps';
import {
  findPaymentAccount,
  listPackagesWithPrices,
  replacePrices,
  upsertPaymentAccount,
} from './payments.repository';

const refusal = (message: string, field: string) => new AppError(422, 'validation_failed', message, field);

/** A package the renewals may sell, for a line of some system (decision 0097's sale rule). */
function sellable(pkg: { id: number; active: boolean; isTrial: boolean }): boolean {
  const candidate = { id: pkg.id, active: pkg.active, is_trial: pkg.isTrial };
  return isSalePackage(candidate, SYSTEMS.iptv) || isSalePackage(candidate, SYSTEMS.p2p);
}

/**
 * 'Recebimentos' (decision 0161): how the caller receives its customers' money and what each package costs
 * the customer. Each account reaches only its own; nothing here takes an id.
 */
export function createPaymentSettingsService(deps: PaymentsDeps) {
  const { db, box } = deps;

  async function getSettings(caller: Caller, origin: string): Promise<PaymentSettings> {
    const account = await findPaymentAccount(db, caller.id);
    return {
      provider: account?.provider ?? 'none',
      pix_key: account?.pixKey ?? null,
      merchant_name: account?.merchantName ?? null,
      merchant_city: account?.merchantCity ?? null,
      mercadopago_token_hint: account?.mercadopagoTokenHint ?? null,
      mercadopago_webhook_secret_set: Boolean(account?.mercadopagoWebhookSecret),
      notification_url: notificationUrl(deps.config.PAYMENT_NOTIFICATION_BASE_URL ?? origin, caller.id),
    };
  }

  /**
   * Saves the account. Switching the provider keeps what the other one had, so payments already made with
   * Mercado Pago are still told apart and asked about; an empty token or secret keeps the stored one.
   */
  async function saveSettings(
    caller: Caller,
    input: PaymentSettingsInput,
    origin: string,
  ): Promise<PaymentSettings> {
    const stored = await findPaymentAccount(db, caller.id);
    const values = {
      accountId: caller.id,
      provider: input.provider,
      pixKey: stored?.pixKey ?? null,
      merchantName: stored?.merchantName ?? null,
      merchantCity: stored?.merchantCity ?? null,
      mercadopagoAccessToken: stored?.mercadopagoAccessToken ?? null,
      mercadopagoTokenHint: stored?.mercadopagoTokenHint ?? null,
      mercadopagoWebhookSecret: stored?.mercadopagoWebhookSecret ?? null,
    };
    if (input.provider === 'static_pix') {
      // The schema checked all three; the stored form is what the BR Code carries.
      values.pixKey = normalisePixKey(input.pix_key ?? '')?.key ?? null;
      values.merchantName = pixText(input.merchant_name ?? '', PIX_MERCHANT_NAME_MAX);
      values.merchantCity = pixText(input.merchant_city ?? '', PIX_MERCHANT_CITY_MAX);
    }
    if (input.provider === 'mercadopago') {
      const token = input.mercadopago_access_token;
      const secret = input.mercadopago_webhook_secret;
      if (!token && !values.mercadopagoAccessToken)
        throw refusal(PAYMENT_MESSAGES.accessTokenRequired, 'mercadopago_access_token');
      if (!secret && !values.mercadopagoWebhookSecret)
        throw refusal(PAYMENT_MESSAGES.webhookSecretRequired, 'mercadopago_webhook_secret');
      if (token) {
        values.mercadopagoAccessToken = box.seal(token, secretContext(caller.id, 'access_token'));
        values.mercadopagoTokenHint = token.slice(-4);
      }
      if (secret)
        values.mercadopagoWebhookSecret = box.seal(secret, secretContext(caller.id, 'webhook_secret'));
    }
    await upsertPaymentAccount(db, values);
    return getSettings(caller, origin);
  }

  /** Every package a renewal may sell, with the caller's price (null: not offered by PIX). */
  async function listPrices(caller: Caller): Promise<{ data: PackagePrice[] }> {
    const rows = await listPackagesWithPrices(db, caller.id);
    return {
      data: rows.filter(sellable).map((row) => ({
        package_id: row.id,
        package_name: row.name,
        months: row.months,
        official_credits: fromCents(toCents(row.officialCredits)),
        p2p: (P2P_PACKAGE_IDS as readonly number[]).includes(row.id),
        price: row.price === null ? null : fromCents(toCents(row.price)),
      })),
    };
  }

  /** The caller's prices become the list sent: a package left out or priced null is no longer offered. */
  async function savePrices(caller: Caller, input: PackagePricesInput): Promise<{ data: PackagePrice[] }> {
    const known = new Map((await listPackagesWithPrices(db, caller.id)).map((row) => [row.id, row]));
    const priced = input.prices.filter(
      (entry): entry is { package_id: number; price: string } => entry.price !== null,
    );
    for (const entry of priced) {
      const pkg = known.get(entry.package_id);
      if (!pkg || !sellable(pkg)) throw refusal(PAYMENT_MESSAGES.packageNotForSale, 'prices');
    }
    await runInTransaction(db, (tx) =>
      replacePrices(
        tx,
        caller.id,
        priced.map((entry) => ({ packageId: entry.package_id, price: fromCents(toCents(entry.price)) })),
      ),
    );
    return listPrices(caller);
  }

  return { getSettings, saveSettings, listPrices, savePrices };
}

export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
