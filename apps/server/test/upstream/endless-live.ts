import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testMedia } from './test-media';

/**
 * A live channel that never ends, as a real source's `.ts` is: the test media's MPEG-TS bytes written
 * over and over at a steady pace until the client goes away. The proxy's relay tests use it to prove that
 * a client leaving closes the connection to the source (`openConnections`), which a finite file served
 * at full speed could not show.
 */
export interface EndlessLive {
  /** GET it for the endless MPEG-TS. */
  url: string;
  /** Sockets from clients (the proxy) currently open. */
  openConnections(): number;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

const CHUNK = 16 * 1024;
const EVERY_MS = 20;

export async function startEndlessLive(): Promise<EndlessLive> {
  const bytes = readFileSync(testMedia().liveTs);
  let open = 0;
  let received = 0;
  const server = createServer((request, response) => {
    received++;
    response.writeHead(200, { 'content-type': 'video/mp2t' });
    // A HEAD is answered with the headers alone (Node sends none until a body is written, and a HEAD has none).
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    let offset = 0;
    const timer = setInterval(() => {
      // Paced like a live source, and never faster than the reader takes it (backpressure).
      if (response.writableNeedDrain) return;
      const end = Math.min(offset + CHUNK, bytes.length);
      response.write(bytes.subarray(offset, end));
      offset = end >= bytes.length ? 0 : end;
    }, EVERY_MS);
    response.on('close', () => clearInterval(timer));
  });
  server.on('connection', (socket) => {
    open++;
    socket.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.ts`,
    openConnections: () => open,
    requests: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
