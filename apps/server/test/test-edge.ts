import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidWebhookSignature } from '../src/lib/webhook/webhook-signature';

/** A command as an edge receives it (docs/ingest-api.md#commands-to-the-edge). */
export interface EdgeCommand {
  delivery: number;
  event: string;
  timestamp: string;
  body: { event: string; connection_id?: number; line_id?: number; stream_id?: number } & Record<
    string,
    unknown
  >;
}

/**
 * A small edge's control endpoint: verifies each command's signature with the key it shares with the
 * panel (the SHA-256 hex of its token; 401 otherwise), records accepted commands once per delivery id
 * (a command may arrive twice), and can be told to refuse the next requests. Its `url` is the control
 * URL to give the streaming server row. Reused by the ingest, disconnect and online-list tests.
 */
export interface TestEdge {
  url: string;
  /** Accepted commands, one per delivery id, in arrival order. */
  commands: EdgeCommand[];
  /** Every request, accepted or not (delivery ids), in arrival order. */
  attempts: number[];
  rejectedSignatures: number;
  failNext(count: number, status?: number): void;
  /** Resolves once `count` commands were accepted (or rejects after `timeoutMs`). */
  waitForCommands(count: number, timeoutMs?: number): Promise<EdgeCommand[]>;
  close(): Promise<void>;
}

export async function startTestEdge(signingKey: string): Promise<TestEdge> {
  const failures: number[] = [];
  const edge: TestEdge = {
    url: '',
    commands: [],
    attempts: [],
    rejectedSignatures: 0,
    failNext(count, status = 503) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    async waitForCommands(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (edge.commands.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`edge received ${edge.commands.length} of ${count} commands in ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return edge.commands;
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
    edge.attempts.push(delivery);
    const timestamp = header('x-panel-timestamp');
    if (!isValidWebhookSignature(signingKey, timestamp, text, header('x-panel-signature'))) {
      edge.rejectedSignatures++;
      response.writeHead(401).end('bad signature');
      return;
    }
    const status = failures.shift();
    if (status) {
      response.writeHead(status).end('temporarily unavailable');
      return;
    }
    if (!edge.commands.some((command) => command.delivery === delivery)) {
      edge.commands.push({
        delivery,
        event: header('x-panel-event'),
        timestamp,
        body: JSON.parse(text) as EdgeCommand['body'],
      });
    }
    response.writeHead(204).end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  edge.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/control`;
  return edge;
}
