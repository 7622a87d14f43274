import { randomBytes } from 'node:crypto';
import { SYSTEM_LABELS } from '@panel/shared/lines/line-api';
import {
  CHARGE_VALID_HOURS,
  paymentPeriod,
  type ChargeInput,
  type Payment,
  type PaymentAlerts,
  type PaymentList,
  type PaymentListQuery,
} from '@panel/shared/payments/payments-api';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { buildPixBrCode } from '@panel/shared/payments/pix-br-code';
import { listMeta } from '@panel/shared/lists/list-query';
import { toCents } from '@panel/shared/money/credits';
import type { PaymentAccountRow, payments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { requireSalePackage } from '../lines/line-identity';
import { requireLineInScope } from '../lines/line-scope';
import { MercadoPagoError } from './mercadopago-client';
import { providerUnavailable, type MercadoPagoSync } from './mercadopago-sync';
import { confirmPayment } from './payment-confirmation';
import { toPayment } from './payment-view';
import { notificationUrl, type PaymentsDeps } from './payments-deps';
import {
  countRenewalPending,
  findPaymentAccount,
  findPaymentRecord,
  findPrice,
  insertPayment,
  listPayments,
  moveState,
  paymentTotals,
  recordProviderCharge,
  type PaymentRecord,
} from './payments.repository';

const HOUR_MS = 3_600_000;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 characters of an unambiguous alphabet (100 bits): the PIX txid, Mercado Pago's external_reference. */
function newReference(): string {
  return [...randomBytes(20)].map((byte) => REFERENCE_ALPHABET[byte % 32]).join('');
}

/** What a charge renews and who receives it (decision 0179). */
export interface LineCharge {
  /** The account that receives the money: the line's owner. */
  accountId: number;
  line: { id: number; username: string; system: number };
  packageId: number;
  /** The reseller that charged from the panel; null: the customer, on its page. */
  createdBy: number | null;
  /** Where Mercado Pago reaches the panel when PAYMENT_NOTIFICATION_BASE_URL is unset. */
  origin: string;
}

/** What a charge records besides its reference, provider, code and lifetime. */
type ChargeValues = Omit<
  typeof payments.$inferInsert,
  'id' | 'reference' | 'provider' | 'pixCode' | 'expiresAt' | 'state'
> & { accountId: number; amount: string };

const refusal = (message: string, field?: string) => new AppError(422, 'validation_failed', message, field);

/** The caller's 'Pagamentos' (decision 0160): its own payments only; another account's id is a 404. */
export function createPaymentChargesService(deps: PaymentsDeps, sync: MercadoPagoSync) {
  const { db, mercadoPago } = deps;

  async function requireOwnPayment(caller: Caller, id: number): Promise<PaymentRecord> {
    const record = await findPaymentRecord(db, id);
    if (!record || record.accountId !== caller.id) throw AppError.notFound();
    return record;
  }

  async function rereadRecord(id: number): Promise<PaymentRecord> {
    const record = await findPaymentRecord(db, id);
    if (!record) throw AppError.notFound();
    return record;
  }

  const reread = async (id: number): Promise<Payment> => toPayment(await rereadRecord(id));

  /**
   * A PIX charge renewing `line` by the package at the price of the account that receives the money (its
   * owner), the one core of the panel's charges and the customer page's renewals (decision 0179).
   * `createdBy`: the reseller charging from the panel, null when the customer started it.
   */
  async function chargeLine(charge: LineCharge): Promise<PaymentRecord> {
    const { accountId, line } = charge;
    const account = await findPaymentAccount(db, accountId);
    if (!account || account.provider === 'none') throw refusal(PAYMENT_MESSAGES.notConfigured);
    const pkg = await requireSalePackage(db, charge.packageId, line.system);
    const price = await findPrice(db, accountId, pkg.id);
    if (!price) throw refusal(PAYMENT_MESSAGES.noPriceForPackage, 'package_id');
    return issueCharge(
      account,
      {
        accountId,
        purpose: 'line_renewal',
        amount: price,
        lineId: line.id,
        lineUsername: line.username,
        packageId: pkg.id,
        createdBy: charge.createdBy,
      },
      `Renovação ${pkg.packageName} (${SYSTEM_LABELS[line.system as 1 | 2 | 3]}) - ${line.username}`,
      charge.origin,
    );
  }

  /**
   * A PIX charge of `values.amount` to `values.accountId`'s own payment account, whatever it pays for (a
   * renewal, credits bought: decision 0184). Static PIX: the BR Code of the account's key. Mercado Pago: the
   * payment is stored first, then created there with its reference, so the notification of a payment made
   * at once finds it.
   */
  async function issueCharge(
    account: PaymentAccountRow | undefined,
    values: ChargeValues,
    description: string,
    origin: string,
  ): Promise<PaymentRecord> {
    if (!account || account.provider === 'none') throw refusal(PAYMENT_MESSAGES.notConfigured);
    const amountCents = toCents(values.amount);
    const reference = newReference();
    const expiresAt = new Date(Date.now() + CHARGE_VALID_HOURS * HOUR_MS);
    const common = { ...values, reference, expiresAt };
    if (account.provider === 'static_pix') {
      if (!account.pixKey || !account.merchantName || !account.merchantCity) {
        throw refusal(PAYMENT_MESSAGES.notConfigured);
      }
      const pixCode = buildPixBrCode({
        key: account.pixKey,
        amountCents,
        merchantName: account.merchantName,
        merchantCity: account.merchantCity,
        txid: reference,
      });
      const payment = await insertPayment(db, { ...common, provider: 'static_pix', pixCode });
      return rereadRecord(payment.id);
    }
    const token = sync.accessTokenOf(account);
    if (!token) throw refusal(PAYMENT_MESSAGES.notConfigured);
    const payment = await insertPayment(db, { ...common, provider: 'mercadopago' });
    try {
      const created = await mercadoPago.createPixPayment(token, {
        amountCents,
        description,
        payerEmail: deps.config.MERCADOPAGO_PAYER_EMAIL,
        externalReference: reference,
        notificationUrl: notificationUrl(
          deps.config.PAYMENT_NOTIFICATION_BASE_URL ?? origin,
          values.accountId,
        ),
        expiresAt,
        idempotencyKey: reference,
      });
      await recordProviderCharge(db, payment.id, {
        providerPaymentId: created.id,
        pixCode: created.qrCode,
        ticketUrl: created.ticketUrl,
      });
      const stored = await findPaymentRecord(db, payment.id);
      if (stored) await sync.applyProviderPayment(stored, created);
    } catch (error) {
      if (!(error instanceof MercadoPagoError)) throw error;
      // No QR code reached anyone: nothing can be paid. A notification of it, if Mercado Pago made it after
      // all, still finds it by its reference and counts.
      await moveState(db, payment.id, ['pending'], 'cancelled');
      const refused = error.status !== undefined && error.status >= 400 && error.status < 500;
      if (refused) throw refusal(PAYMENT_MESSAGES.providerRefused);
      throw providerUnavailable();
    }
    return rereadRecord(payment.id);
  }

  /**
   * POST /api/payments/charges: a PIX charge for one of the caller's own lines (not a sub-reseller's: the
   * money goes to who owns the line), renewing it by the package at the caller's price.
   */
  async function startCharge(caller: Caller, input: ChargeInput, origin: string): Promise<Payment> {
    const line = await requireLineInScope(db, caller, input.line_id);
    if (line.resellerId !== caller.id) throw refusal(PAYMENT_MESSAGES.notOwnLine, 'line_id');
    const record = await chargeLine({
      accountId: caller.id,
      line,
      packageId: input.package_id,
      createdBy: caller.id,
      origin,
    });
    return toPayment(record);
  }

  async function get(caller: Caller, id: number): Promise<Payment> {
    return toPayment(await requireOwnPayment(caller, id));
  }

  /** POST /api/payments/:id/confirm: the reseller saw a static PIX arrive. Confirming twice renews once. */
  async function confirm(caller: Caller, id: number): Promise<Payment> {
    const record = await requireOwnPayment(caller, id);
    if (record.provider !== 'static_pix') throw refusal(PAYMENT_MESSAGES.confirmOnlyStatic);
    if (record.state === 'refunded') throw new AppError(409, 'conflict', PAYMENT_MESSAGES.cannotConfirm);
    await confirmPayment(db, record.id, caller.id);
    return reread(record.id);
  }

  /** POST /api/payments/:id/refresh: asks Mercado Pago now. */
  async function refresh(caller: Caller, id: number): Promise<Payment> {
    const record = await requireOwnPayment(caller, id);
    if (record.provider !== 'mercadopago') throw refusal(PAYMENT_MESSAGES.refreshOnlyProvider);
    await sync.refresh(record);
    return reread(record.id);
  }

  async function list(caller: Caller, query: PaymentListQuery): Promise<PaymentList> {
    const period = paymentPeriod(query.dates);
    const filter = { accountId: caller.id, state: query.state, ...period };
    const [{ rows, total }, totals] = await Promise.all([
      listPayments(db, filter, {
        offset: (query.page - 1) * query.per,
        limit: query.per,
        orderBy: query.order_by,
      }),
      paymentTotals(db, filter),
    ]);
    return {
      data: rows.map(toPayment),
      meta: listMeta(query.page, query.per, total),
      totals,
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
    };
  }

  async function alerts(caller: Caller): Promise<PaymentAlerts> {
    return { renewal_pending: await countRenewalPending(db, caller.id) };
  }

  return { chargeLine, issueCharge, startCharge, get, confirm, refresh, list, alerts };
}

export type PaymentChargesService = ReturnType<typeof createPaymentChargesService>;
