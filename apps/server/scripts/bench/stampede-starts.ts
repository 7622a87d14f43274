/**
 * The stream starts of P13 (stampede.ts), in a process of their own so the 200 playlist downloads of the
 * bench's main process never delay their timing: every line starts a random movie it may watch after a
 * random pause (exponential, so starts arrive as a Poisson stream of `rate` a second in all), over node:http
 * keep-alive sockets, until its standard input closes; then it prints the latencies' figures as JSON.
 *
 *   node --import tsx scripts/bench/stampede-starts.ts JOB.json
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { round, summarise } from './stats';

export interface StartsJob {
  serverUrl: string;
  rate: number;
  /** Per line, the movie paths it may start (`/movie/U/P/ID.EXT`). */
  paths: string[][];
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as StartsJob;
let stopped = false;
process.stdin.on('data', () => undefined);
process.stdin.on('end', () => (stopped = true));

const agent = new http.Agent({ keepAlive: true, maxSockets: job.paths.length });
// Loaded and about to start: the parent times its phases from here (this process takes seconds to start).
process.stdout.write('ready\n');
const meanPauseMs = (job.paths.length / job.rate) * 1000;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const get = (target: string) =>
  new Promise<number>((resolve, reject) => {
    const request = http.get(`${job.serverUrl}${target}`, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
await Promise.all(
  job.paths.map(async (choices) => {
    for (;;) {
      await new Promise((done) => setTimeout(done, -Math.log(1 - Math.random()) * meanPauseMs));
      if (stopped) return;
      const started = performance.now();
      const status = await get(choices[Math.floor(Math.random() * choices.length)]!).catch(() => 0);
      if (status === 302) latencies.push(performance.now() - started);
      else statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
agent.destroy();
const s = summarise(latencies);
process.stdout.write(
  `${JSON.stringify({
    count: latencies.length,
    p50: round(s.median, 1),
    p99: round(s.p99, 1),
    max: round(s.max, 1),
    failures: Object.values(statuses).reduce((sum, n) => sum + n, 0),
    statuses,
  })}\n`,
);
