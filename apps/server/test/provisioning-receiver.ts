import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidWebhookSignature } from '../src/lib/webhook/webhook-signature';

export interface ReceivedDelivery<Body = ProvisioningBody> {
  path: string;
  delivery: number;
  event: string;
  timestamp: string;
  body: Body;
}

interface ProvisioningBody {
  event: string;
  line: Record<string, unknown> & { id: number };
}

type Plan = { kind: 'fail'; status: number } | { kind: 'hang' };

/**
 * A small receiver of signed deliveries (provisioning services, the external panel): verifies the
 * signature (401 otherwise), records accepted deliveries and can be told to refuse or never answer the
 * next requests, optionally only for one subject (`lineId`: the id `keyOf` reads from the body).
 */
export interface WebhookReceiver<Body> {
  /** Base URL; mount services under paths of it (`${url}/p2p`). */
  url: string;
  /** The key signatures are checked with; settable for a secret known only once the sender exists. */
  secret: string;
  received: ReceivedDelivery<Body>[];
  /** Every request, accepted or not, in arrival order (delivery ids). */
  attempts: number[];
  rejectedSignatures: number;
  failNext(count: number, options?: { lineId?: number; status?: number }): void;
  hangNext(count: number, options?: { lineId?: number }): void;
  /** Latency of every answer, to let concurrent workers interleave. */
  delayMs: number;
  close(): Promise<void>;
}

export type ProvisioningReceiver = WebhookReceiver<ProvisioningBody>;

export function startProvisioningReceiver(secret: string): Promise<ProvisioningReceiver> {
  return startWebhookReceiver<ProvisioningBody>(secret, { keyOf: (body) => body.line.id });
}

export async function startWebhookReceiver<Body>(
  secret: string,
  options: { keyOf: (body: Body) => number | undefined; port?: number },
): Promise<WebhookReceiver<Body>> {
  const plans: { plan: Plan; lineId?: number }[] = [];
  const receiver: WebhookReceiver<Body> = {
    url: '',
    secret,
    received: [],
    attempts: [],
    rejectedSignatures: 0,
    delayMs: 0,
    failNext(count, options = {}) {
      for (let i = 0; i < count; i++)
        plans.push({ plan: { kind: 'fail', status: options.status ?? 503 }, lineId: options.lineId });
    },
    hangNext(count, options = {}) {
      for (let i = 0; i < count; i++) plans.push({ plan: { kind: 'hang' }, lineId: options.lineId });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => String(request.headers[name] ?? '');
    const delivery = Number(header('x-panel-delivery'));
    receiver.attempts.push(delivery);
    if (
      !isValidWebhookSignature(
        receiver.secret,
        header('x-panel-timestamp'),
        text,
        header('x-panel-signature'),
      )
    ) {
      receiver.rejectedSignatures++;
      response.writeHead(401).end('bad signature');
      return;
    }
    const body = JSON.parse(text) as Body;
    const key = options.keyOf(body);
    const index = plans.findIndex((entry) => entry.lineId === undefined || entry.lineId === key);
    const planned = index >= 0 ? plans.splice(index, 1)[0]?.plan : undefined;
    if (receiver.delayMs) await new Promise((resolve) => setTimeout(resolve, receiver.delayMs));
    if (planned?.kind === 'hang') return;
    if (planned?.kind === 'fail') {
      response.writeHead(planned.status).end('temporarily unavailable');
      return;
    }
    receiver.received.push({
      path: request.url ?? '',
      delivery,
      event: header('x-panel-event'),
      timestamp: header('x-panel-timestamp'),
      body,
    });
    response.writeHead(204).end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
