import { fromCents, toCents } from '@panel/shared/money/credits';
import { z } from 'zod';
import type { Config } from '../../config';

/**
 * Mercado Pago's payments API as the panel uses it (decision 0165): create a PIX payment and ask a payment's
 * state, with the reseller's own access token. Every method throws MercadoPagoError; the token never reaches
 * a log or an error message.
 */

export class MercadoPagoError extends Error {
  constructor(
    message: string,
    /** Mercado Pago's HTTP status; undefined for a network failure or a timeout. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MercadoPagoError';
  }
}

/** What the panel reads of a Mercado Pago payment. */
export interface ProviderPayment {
  id: string;
  /** pending, approved, authorized, in_process, in_mediation, rejected, cancelled, refunded, charged_back. */
  status: string;
  statusDetail: string | null;
  externalReference: string | null;
  amountCents: number | null;
  /** 'PIX copia e cola'. */
  qrCode: string | null;
  ticketUrl: string | null;
}

export interface NewPixPayment {
  amountCents: number;
  description: string;
  payerEmail: string;
  externalReference: string;
  notificationUrl: string;
  expiresAt: Date;
  /** Mercado Pago answers the first payment again for a repeated key: a retried create is not a second charge. */
  idempotencyKey: string;
}

export interface MercadoPagoClient {
  createPixPayment(accessToken: string, payment: NewPixPayment): Promise<ProviderPayment>;
  /** The payment, or undefined when Mercado Pago does not know it (404). */
  getPayment(accessToken: string, id: string): Promise<ProviderPayment | undefined>;
}

type ClientConfig = Pick<Config, 'MERCADOPAGO_API_URL' | 'MERCADOPAGO_TIMEOUT_MS'>;

const text = z.string().nullish().catch(null);
const paymentAnswerSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  status: z.string(),
  status_detail: text,
  external_reference: text,
  transaction_amount: z.number().nullish().catch(null),
  point_of_interaction: z
    .object({
      transaction_data: z.object({ qr_code: text, ticket_url: text }).partial().nullish().catch(null),
    })
    .partial()
    .nullish()
    .catch(null),
});

function toProviderPayment(body: unknown): ProviderPayment {
  const parsed = paymentAnswerSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('answer is not a payment');
  const answer = parsed.data;
  const data = answer.point_of_interaction?.transaction_data;
  return {
    id: String(answer.id),
    status: answer.status,
    statusDetail: answer.status_detail ?? null,
    externalReference: answer.external_reference ?? null,
    amountCents:
      typeof answer.transaction_amount === 'number' && Number.isFinite(answer.transaction_amount)
        ? toCents(answer.transaction_amount.toFixed(2))
        : null,
    qrCode: data?.qr_code ?? null,
    ticketUrl: data?.ticket_url ?? null,
  };
}

async function call(
  config: ClientConfig,
  accessToken: string,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> },
): Promise<{ status: number; body: unknown }> {
  const base = config.MERCADOPAGO_API_URL.replace(/\/+$/, '');
  let response: Response;
  let raw: string;
  try {
    response = await fetch(`${base}${request.path}`, {
      method: request.method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${accessToken}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(config.MERCADOPAGO_TIMEOUT_MS),
    });
    raw = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw new MercadoPagoError(`timeout after ${config.MERCADOPAGO_TIMEOUT_MS} ms`);
    throw new MercadoPagoError(error instanceof Error ? error.name : 'network error');
  }
  if (response.status === 404) return { status: 404, body: undefined };
  if (response.status < 200 || response.status >= 300)
    throw new MercadoPagoError(`HTTP ${response.status}`, response.status);
  try {
    return { status: response.status, body: JSON.parse(raw) as unknown };
  } catch {
    throw new MercadoPagoError(`HTTP ${response.status}: not JSON`, response.status);
  }
}

export function mercadoPagoClient(config: ClientConfig): MercadoPagoClient {
  return {
    async createPixPayment(accessToken, payment) {
      const { status, body } = await call(config, accessToken, {
        method: 'POST',
        path: '/v1/payments',
        headers: { 'x-idempotency-key': payment.idempotencyKey },
        body: {
          // Mercado Pago reads a JSON number; the string of exact cents makes it, never a float sum.
          transaction_amount: Number(fromCents(payment.amountCents)),
          description: payment.description,
          payment_method_id: 'pix',
          payer: { email: payment.payerEmail },
          external_reference: payment.externalReference,
          notification_url: payment.notificationUrl,
          date_of_expiration: payment.expiresAt.toISOString(),
        },
      });
      if (status === 404) throw new MercadoPagoError('HTTP 404', 404);
      return toProviderPayment(body);
    },
    async getPayment(accessToken, id) {
      if (!/^[\w-]{1,64}$/.test(id)) return undefined;
      const { status, body } = await call(config, accessToken, { method: 'GET', path: `/v1/payments/${id}` });
      return status === 404 ? undefined : toProviderPayment(body);
    },
  };
}
