import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { toCents } from '@panel/shared/money/credits';
import type { PaymentAccountRow, PaymentRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { MercadoPagoError, type ProviderPayment } from './mercadopago-client';
import { isMercadoPagoSignature } from './mercadopago-signature';
import { confirmPayment } from './payment-confirmation';
import { secretContext, type PaymentsDeps } from './payments-deps';
import {
  findPaymentAccount,
  findPaymentByReference,
  moveState,
  setProviderPaymentId,
  touchPayment,
} from './payments.repository';

/**
 * Learning a Mercado Pago payment's result (decision 0166): from a notification, whose signature is checked
 * and whose body is trusted for nothing but the payment's id, and from asking Mercado Pago (the worker's
 * pass, the 'Atualizar' of the screen). Either way the state is what Mercado Pago answers for the id, and
 * the payment is found by the reference it was created with, so a notification that arrives before the
 * create's answer finds it too.
 */

export interface NotificationInput {
  accountId: number;
  dataId: string | undefined;
  type: string | undefined;
  signature: string | undefined;
  requestId: string | undefined;
}

export const providerUnavailable = () =>
  new AppError(503, 'service_unavailable', PAYMENT_MESSAGES.providerUnavailable);

export function createMercadoPagoSync(deps: PaymentsDeps) {
  const { db, box, mercadoPago } = deps;

  function accessTokenOf(account: PaymentAccountRow | undefined): string | undefined {
    const sealed = account?.mercadopagoAccessToken;
    return sealed ? box.open(sealed, secretContext(account.accountId, 'access_token')) : undefined;
  }

  /** Applies what Mercado Pago says of one of the account's payments; the payment as it is afterwards. */
  async function applyProviderPayment(payment: PaymentRow, answer: ProviderPayment): Promise<void> {
    await setProviderPaymentId(db, payment.id, answer.id);
    switch (answer.status) {
      case 'approved':
        // A payment of another amount than the charge is not this charge's money: left for the reseller
        // (touched, so the worker does not ask about it on every pass).
        if (answer.amountCents !== toCents(payment.amount)) {
          await touchPayment(db, payment.id);
          return;
        }
        await confirmPayment(db, payment.id, null);
        return;
      case 'refunded':
      case 'charged_back':
        await moveState(
          db,
          payment.id,
          ['pending', 'paid', 'renewal_pending', 'expired', 'cancelled'],
          'refunded',
        );
        return;
      case 'cancelled':
      case 'rejected':
        await moveState(
          db,
          payment.id,
          ['pending'],
          answer.statusDetail === 'expired' ? 'expired' : 'cancelled',
        );
        return;
      default:
        // pending, in_process, authorized…: still waiting; looked at again later.
        await touchPayment(db, payment.id);
    }
  }

  /** Asks Mercado Pago about one payment now and applies the answer (throws 503 when it does not answer). */
  async function refresh(payment: PaymentRow): Promise<void> {
    const account = await findPaymentAccount(db, payment.accountId);
    const token = accessTokenOf(account);
    if (!token || !payment.providerPaymentId) {
      await touchPayment(db, payment.id);
      return;
    }
    let answer: ProviderPayment | undefined;
    try {
      answer = await mercadoPago.getPayment(token, payment.providerPaymentId);
    } catch (error) {
      if (error instanceof MercadoPagoError) throw providerUnavailable();
      throw error;
    }
    if (answer) await applyProviderPayment(payment, answer);
    else await touchPayment(db, payment.id);
  }

  /**
   * POST /api/payments/mercadopago/notifications/:accountId. 404 for an account without Mercado Pago, 403 for
   * a signature that does not verify (nothing is asked, nothing changes), 503 when Mercado Pago cannot be
   * asked (it sends the notification again later), otherwise 200, also for what is not one of our payments.
   */
  async function handleNotification(input: NotificationInput): Promise<void> {
    const account = await findPaymentAccount(db, input.accountId);
    const sealedSecret = account?.mercadopagoWebhookSecret;
    const secret = sealedSecret && box.open(sealedSecret, secretContext(input.accountId, 'webhook_secret'));
    const token = accessTokenOf(account);
    if (!account || !secret || !token) throw AppError.notFound();
    const dataId = input.dataId ?? '';
    const signed = isMercadoPagoSignature({
      secret,
      signatureHeader: input.signature,
      requestId: input.requestId,
      dataId,
    });
    if (!signed) throw new AppError(403, 'forbidden', PAYMENT_MESSAGES.notificationRefused);
    // Other topics (merchant orders, plans…) are not payments of a charge.
    if (input.type !== undefined && input.type !== 'payment') return;
    let answer: ProviderPayment | undefined;
    try {
      answer = await mercadoPago.getPayment(token, dataId);
    } catch (error) {
      if (error instanceof MercadoPagoError) throw providerUnavailable();
      throw error;
    }
    if (!answer?.externalReference) return;
    const payment = await findPaymentByReference(db, input.accountId, answer.externalReference);
    if (!payment || payment.provider !== 'mercadopago') return;
    await applyProviderPayment(payment, answer);
  }

  return { applyProviderPayment, refresh, handleNotification, accessTokenOf };
}

export type MercadoPagoSync = ReturnType<typeof createMercadoPagoSync>;
