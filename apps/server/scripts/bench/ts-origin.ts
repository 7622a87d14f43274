/**
 * The origin of P10 (decision 0042): a plain node:http server that answers every `GET …/N.ts` with one
 * MPEG-TS file (video/mp2t, Content-Length, streamed from disk), as a streaming server's live edge hands
 * out a channel. Run as its own process so its CPU is not the load generator's; prints its URL.
 *
 *   node --import tsx scripts/bench/ts-origin.ts <file.ts>
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const file = process.argv[2];
if (!file) throw new Error('usage: ts-origin.ts <file.ts>');
const size = statSync(file).size;

const server = createServer((request, response) => {
  if (request.method !== 'GET' || !/\.ts(\?|$)/.test(request.url ?? '')) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': size });
  createReadStream(file, { highWaterMark: 64 * 1024 }).pipe(response);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
