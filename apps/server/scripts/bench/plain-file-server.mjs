/**
 * The plainest way Node serves a file, for P7/P8's second baseline (docs/benchmarks.md, decision 0105): a
 * node:http server in its own process answering every GET with the file named on the command line,
 * streamed by fs.createReadStream with its length, no framework, no logging. Prints its port when listening.
 *
 *   node scripts/bench/plain-file-server.mjs <file>
 */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('usage: plain-file-server.mjs <file>');
const server = http.createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': statSync(file).size,
  });
  createReadStream(file).pipe(response);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
