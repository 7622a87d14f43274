/**
 * Preloaded into the real server process by the player benchmarks (`node --import <this> dist/server.mjs`,
 * decision 0042); inert unless its variables are set, and never loaded outside a benchmark.
 *
 * BENCH_MEMORY_PROBE_PORT: a second listener on 127.0.0.1 that reports the process's memory
 * (process.memoryUsage()) sampled every BENCH_MEMORY_SAMPLE_MS (default 2 ms): `GET /reset` answers the
 * current figures and restarts the peaks, `GET /peak` answers the peaks since the last reset. The figures
 * are taken in the server's own process, so the heap is V8's and the RSS includes every buffer.
 *
 * BENCH_BARE_START=1: the P9 floor in the same process. Requests to `/__bench/start/U/P/ID.EXT` are taken
 * before the panel's router sees them and do the least a stream start must: one SELECT of the line by
 * username, a password comparison, one INSERT into stream_starts, a 302 — on a pool configured like the
 * server's (src/db/database.ts: 20 connections, custom plans). Everything else goes to the panel.
 */
import http from 'node:http';

const memoryPort = Number(process.env.BENCH_MEMORY_PROBE_PORT ?? 0);
const originalCreateServer = http.createServer;

if (memoryPort > 0) {
  const sampleMs = Number(process.env.BENCH_MEMORY_SAMPLE_MS ?? 2);
  const now = () => process.memoryUsage();
  let peak = now();
  const sample = () => {
    const current = now();
    for (const key of Object.keys(current)) if (current[key] > peak[key]) peak[key] = current[key];
  };
  setInterval(sample, sampleMs).unref();
  const probe = originalCreateServer((request, response) => {
    let body;
    if (request.url === '/reset') {
      if (typeof globalThis.gc === 'function' && request.headers['x-gc'] === '1') globalThis.gc();
      body = now();
      peak = { ...body };
    } else if (request.url === '/peak') {
      sample();
      body = peak;
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  probe.listen(memoryPort, '127.0.0.1');
  probe.unref();
}

if (process.env.BENCH_BARE_START === '1') {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: 20,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  pool.on('error', () => undefined);
  const PATH = /^\/__bench\/start\/([^/]+)\/([^/]+)\/(\d+)\.([a-z0-9]+)$/;
  async function bareStart(request, response) {
    const match = PATH.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const [, username, password, id] = match;
    const found = await pool.query('select id, password, enabled, exp_date from lines where username = $1', [
      decodeURIComponent(username),
    ]);
    const line = found.rows[0];
    if (!line || line.password !== decodeURIComponent(password)) {
      response.writeHead(401).end();
      return;
    }
    await pool.query(
      `insert into stream_starts (line_id, stream_id, kind, delivery, ip, user_agent)
       values ($1, $2, 'movie', 'redirect', $3, $4)`,
      [line.id, Number(id), request.socket.remoteAddress ?? null, request.headers['user-agent'] ?? null],
    );
    response.writeHead(302, { location: `http://127.0.0.1:9/movie/${id}.mp4` }).end();
  }
  http.createServer = function createServer(...args) {
    const index = args.findIndex((arg) => typeof arg === 'function');
    if (index >= 0) {
      const panel = args[index];
      args[index] = (request, response) => {
        if (request.url?.startsWith('/__bench/start/')) {
          bareStart(request, response).catch((error) => {
            response.writeHead(500).end(String(error?.message ?? error));
          });
        } else panel(request, response);
      };
    }
    return originalCreateServer.apply(this, args);
  };
}
