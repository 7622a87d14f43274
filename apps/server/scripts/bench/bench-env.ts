/**
 * What the benchmarks and torture tests share: scratch PostgreSQL databases, the real server as a child
 * process (exactly what `npm start` runs), and sessions opened straight in the database (no sign-in, so
 * no captcha and no rate limit stand between a load generator and the routes it measures).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net, { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { hashSessionToken, newSessionToken } from '../../src/lib/session-token';

export const SERVER_ROOT = resolve(import.meta.dirname, '../..');
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');
export const DEFAULT_PG_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function redact(url: string): string {
  return url.replace(/:[^:@/]+@/, ':***@');
}

/** Creates database `name` on the server unless it exists; `fresh` drops it first. */
export async function ensureDatabase(
  serverUrl: string,
  name: string,
  options: { fresh?: boolean } = {},
): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    if (options.fresh) await client.query(`drop database if exists ${name} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return databaseUrl(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy /api/health. */
  startedInMs: number;
  logFile: string;
  output(): string;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export async function waitForHealth(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/api/health not healthy after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/**
 * The real server (`node apps/server/dist/server.mjs`, what `npm start` runs; built by
 * scripts/build-if-needed.mjs, which `npm run bench` and `npm run test:torture` run first) on a free port.
 * `env` adds to a quiet default: no captcha, logs at warn, no provisioning worker surprises.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number; command?: string[]; logFile?: string; cwd?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = options.logFile ?? join(tmpdir(), `panel-server-${port}.log`);
  const logFd = openSync(logFile, 'w');
  const started = performance.now();
  const [command, ...args] = options.command ?? [
    process.execPath,
    ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
    'dist/server.mjs',
  ];
  const child = spawn(command ?? process.execPath, args, {
    cwd: options.cwd ?? SERVER_ROOT,
    // Its own process group: `npm start` is npm → sh → npm → node, and stopping it must reach the node.
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA_PROVIDER: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    // The server's logs go to a file, as in production: a pipe read by a busy load generator would fill
    // up and block the server's synchronous log writes, measuring the pipe instead of the server.
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-20_000);
    } catch {
      return '';
    }
  };
  try {
    await waitForHealth(url, options.timeoutMs ?? 60_000, child);
  } catch (error) {
    signalGroup(child, 'SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`, { cause: error });
  }
  const startedInMs = performance.now() - started;
  const exited = new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
  return {
    url,
    child,
    startedInMs,
    logFile,
    output,
    async stop() {
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
      await exited;
      await groupGone(child);
      clearTimeout(timer);
    },
    async kill9() {
      signalGroup(child, 'SIGKILL');
      await exited;
      await groupGone(child);
    },
  };
}

/** Signals the process group this module started (the child was spawned detached, as its leader). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Resolves once no process of the child's group is left (npm's grandchildren exit after the leader). */
async function groupGone(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  for (let i = 0; i < 1500; i++) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((done) => setTimeout(done, 10));
  }
}

/** Opens a session for an account straight in the database and answers its bearer token. */
export async function openSession(client: pg.Pool | pg.Client, accountId: number): Promise<string> {
  const token = newSessionToken();
  await client.query(
    `insert into sessions (token_hash, account_id, expires_at, ip) values ($1, $2, now() + interval '1 day', '127.0.0.1')`,
    [hashSessionToken(token), accountId],
  );
  return token;
}

export async function accountId(client: pg.Pool | pg.Client, username: string): Promise<number> {
  const result = await client.query<{ id: number }>(
    'select id from accounts where lower(username) = lower($1)',
    [username],
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`account ${username} not found`);
  return id;
}

/** Writes one JSON result where the orchestrator (scripts/bench.mjs) asked for it, else prints it. */
export async function emitResult(result: unknown): Promise<void> {
  const out = process.env.BENCH_RESULT_FILE;
  const text = JSON.stringify(result, null, 2);
  if (out) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(out, text);
  }
  console.log(text);
}

/** Gives an account `cents` through the ledger (a mint by the first admin): balance = Σ ledger stays true. */
export async function mintDirect(pool: pg.Pool, accountId: number, credits: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const adminId = (
      await client.query<{ id: number }>(`select id from accounts where role = 'admin' order by id limit 1`)
    ).rows[0]?.id;
    const step = await client.query<{ before: string; after: string }>(
      `update accounts set credits = credits + $2::numeric where id = $1
       returning (credits - $2::numeric)::text as before, credits::text as after`,
      [accountId, credits],
    );
    const row = step.rows[0];
    if (!row) throw new Error(`account ${accountId} missing`);
    await client.query(
      `insert into credit_ledger (account_id, counterparty_id, actor_id, kind, action, type, amount, balance_before, balance_after)
       values ($1, $2, $2, 'mint', 'bonus', 'credits', $3::numeric, $4::numeric, $5::numeric)`,
      [accountId, adminId, credits, row.before, row.after],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A lean HTTP client for load generators: node:http with keep-alive sockets. Node's fetch (undici) costs
 * several times more CPU per request, and on a two-core machine the load generator's CPU is taken from
 * the server it measures.
 */
export function httpClient(baseUrl: string, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  return {
    request(
      method: string,
      path: string,
      options: { headers?: Record<string, string>; body?: string } = {},
    ): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            agent,
            host: base.hostname,
            port: base.port,
            method,
            path,
            headers: {
              ...options.headers,
              ...(options.body === undefined ? {} : { 'content-length': Buffer.byteLength(options.body) }),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(options.body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/**
 * The leanest client for latency figures: one keep-alive socket, requests written as bytes, answers read
 * by Content-Length. It adds a few microseconds where node:http adds a fraction of a millisecond, so the
 * API side of a ratio measures the server, not the benchmark's own HTTP stack.
 */
export async function rawHttpConnection(baseUrl: string) {
  const base = new URL(baseUrl);
  const socket = net.connect({ host: base.hostname, port: Number(base.port), noDelay: true });
  await once(socket, 'connect');
  let buffer: Buffer = Buffer.alloc(0);
  let waiting: ((answer: { status: number; body: string }) => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0 || !waiting) return;
    const head = buffer.subarray(0, end).toString('latin1');
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    const done = waiting;
    waiting = undefined;
    done({ status: Number(head.slice(9, 12)), body });
  });
  return {
    get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
      return new Promise((resolve) => {
        waiting = resolve;
        const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.write(`GET ${path} HTTP/1.1\r\nhost: ${base.host}\r\n${lines.join('')}\r\n`);
      });
    },
    close() {
      socket.destroy();
    },
  };
}
