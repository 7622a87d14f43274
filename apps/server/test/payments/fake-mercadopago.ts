import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Mercado Pago on 127.0.0.1 that behaves like its documented payments API (decision 0165), for the
 * API tests: POST /v1/payments (Bearer token, X-Idempotency-Key: the same key answers the same payment)
 * creates a pending PIX payment with its QR code, GET /v1/payments/:id answers its state, and `notify`
 * posts a webhook notification to the payment's notification_url as Mercado Pago does: `?data.id=&type=`,
 * the body {type, action, data:{id}}, `x-request-id` and `x-signature: ts=…,v1=<HMAC-SHA256 of
 * id:<id>;request-id:<id>;ts:<ts>;>` under the webhook secret.
 */

export interface FakePayment {
  id: string;
  status: string;
  status_detail: string;
  external_reference: string;
  transaction_amount: number;
  description: string;
  payer: { email: string };
  notification_url: string;
  date_of_expiration: string;
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

export type FakeMercadoPagoBehaviour =
  { kind: 'normal' } | { kind: 'status'; status: number } | { kind: 'hang' };

export interface FakeMercadoPago {
  url: string;
  behaviour: FakeMercadoPagoBehaviour;
  /** Approve the next created payment and deliver its notification before answering the create. */
  notifyBeforeAnswer: boolean;
  payments: Map<string, FakePayment>;
  calls: { method: string; path: string; authorization?: string; idempotencyKey?: string; body?: unknown }[];
  setStatus(id: string, status: string, detail?: string): void;
  /** Posts `times` notifications of the payment at once; `secret` forges one with another secret. */
  notify(id: string, options?: { times?: number; secret?: string }): Promise<number[]>;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts the fake; `accessToken` is the only token it accepts, `webhookSecret` signs its notifications. */
export async function startFakeMercadoPago(options: {
  accessToken: string;
  webhookSecret: string;
}): Promise<FakeMercadoPago> {
  let nextId = 1_300_000_000;
  const byKey = new Map<string, string>();
  const hanging = new Set<ServerResponse>();

  async function postNotification(payment: FakePayment, secret: string): Promise<number> {
    const requestId = randomUUID();
    const ts = String(Date.now());
    const v1 = createHmac('sha256', secret)
      .update(`id:${payment.id};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    const url = new URL(payment.notification_url);
    url.searchParams.set('data.id', payment.id);
    url.searchParams.set('type', 'payment');
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': `ts=${ts},v1=${v1}`,
      },
      body: JSON.stringify({
        id: Date.now(),
        live_mode: false,
        type: 'payment',
        action: 'payment.updated',
        api_version: 'v1',
        data: { id: payment.id },
      }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  const fake: FakeMercadoPago = {
    url: '',
    behaviour: { kind: 'normal' },
    notifyBeforeAnswer: false,
    payments: new Map(),
    calls: [],
    setStatus(id, status, detail = status) {
      const payment = fake.payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.status = status;
      payment.status_detail = detail;
    },
    async notify(id, notifyOptions = {}) {
      const payment = fake.payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      const secret = notifyOptions.secret ?? options.webhookSecret;
      return Promise.all(
        Array.from({ length: notifyOptions.times ?? 1 }, () => postNotification(payment, secret)),
      );
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  async function create(
    request: IncomingMessage,
    response: ServerResponse,
    call: FakeMercadoPago['calls'][number],
  ): Promise<void> {
    const body = (await readJson(request)) as Partial<FakePayment> & { payment_method_id?: string };
    const key = request.headers['x-idempotency-key'];
    call.body = body;
    if (typeof key !== 'string' || !key) return send(response, 400, { message: 'idempotency key required' });
    const known = byKey.get(key);
    if (known) return send(response, 201, fake.payments.get(known));
    if (
      body?.payment_method_id !== 'pix' ||
      typeof body.transaction_amount !== 'number' ||
      !body.payer?.email ||
      !body.external_reference ||
      !body.notification_url
    ) {
      return send(response, 400, { message: 'bad request' });
    }
    const id = String(nextId++);
    const payment: FakePayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      external_reference: body.external_reference,
      transaction_amount: body.transaction_amount,
      description: body.description ?? '',
      payer: { email: body.payer.email },
      notification_url: body.notification_url,
      date_of_expiration: body.date_of_expiration ?? '',
      point_of_interaction: {
        type: 'PIX',
        transaction_data: {
          qr_code: `00020126580014br.gov.bcb.pix0136fake-mp-${id}5204000053039865802BR6304ABCD`,
          qr_code_base64: 'iVBORw0KGgo=',
          ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
        },
      },
    };
    fake.payments.set(id, payment);
    byKey.set(key, id);
    if (fake.notifyBeforeAnswer) {
      // The customer paid at once: Mercado Pago tells before the create's answer has arrived.
      payment.status = 'approved';
      payment.status_detail = 'accredited';
      await postNotification(payment, options.webhookSecret);
    }
    send(response, 201, payment);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const authorization = request.headers.authorization;
    const idempotencyKey = request.headers['x-idempotency-key'];
    const call = {
      method: request.method ?? 'GET',
      path: url.pathname,
      authorization,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    };
    fake.calls.push(call);
    if (fake.behaviour.kind === 'hang') {
      hanging.add(response);
      return;
    }
    if (fake.behaviour.kind === 'status') return send(response, fake.behaviour.status, { message: 'outage' });
    if (authorization !== `Bearer ${options.accessToken}`)
      return send(response, 401, { message: 'unauthorized' });
    if (request.method === 'POST' && url.pathname === '/v1/payments') {
      create(request, response, call).catch(() => send(response, 500, { message: 'fake failed' }));
      return;
    }
    const match = /^\/v1\/payments\/([\w-]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const payment = fake.payments.get(match[1] ?? '');
      return payment ? send(response, 200, payment) : send(response, 404, { message: 'not found' });
    }
    send(response, 404, { message: 'no such route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A port free right now on 127.0.0.1, for a test app that must listen where it was told it would. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
