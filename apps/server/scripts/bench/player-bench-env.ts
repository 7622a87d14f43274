/**
 * What the player benchmarks (P7–P10 of docs/benchmarks.md, decision 0042) share: the real server process
 * with the bench hook preloaded (memory probe, the P9 floor), a folder of static files it serves as the
 * P7/P8 baselines, a streaming HTTP client that times the last byte without keeping the body, and the
 * server's memory read from the kernel (/proc/<pid>/status).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_LINE_PASSWORD, BENCH_LINES, benchLineUsername } from '../library-dataset';
import { freePort, startServerProcess, type ServerProcess } from './bench-env';

export const HOOK = join(import.meta.dirname, 'server-bench-hook.mjs');

export interface BenchServer extends ServerProcess {
  /** The folder the server serves as its web build: baselines are written here. */
  staticDir: string;
  memoryProbe?: string;
}

/** The server (dist/server.mjs) with the bench hook, serving `staticDir` as its web folder. */
export async function startBenchServer(
  databaseUrl: string,
  options: { memoryProbe?: boolean; bareStart?: boolean; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const staticDir = mkdtempSync(join(tmpdir(), 'panel-bench-static-'));
  // The static plugin serves the folder only when it holds an index.html.
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const probePort = options.memoryProbe ? await freePort() : 0;
  const server = await startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: staticDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      BENCH_MEMORY_PROBE_PORT: probePort ? String(probePort) : undefined,
      BENCH_BARE_START: options.bareStart ? '1' : undefined,
      ...options.env,
    },
    {
      command: [
        process.execPath,
        ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
        '--expose-gc',
        '--import',
        HOOK,
        'dist/server.mjs',
      ],
    },
  );
  return {
    ...server,
    // The baselines written there are tens of MB: the folder goes with the server.
    async stop() {
      await server.stop();
      rmSync(staticDir, { recursive: true, force: true });
    },
    staticDir,
    memoryProbe: probePort ? `http://127.0.0.1:${probePort}` : undefined,
  };
}

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** The server's memory now (after a full GC) and its peaks restarted; kernel peak RSS restarted too. */
export async function resetMemory(server: BenchServer): Promise<MemoryFigures> {
  resetPeakRss(server);
  const response = await fetch(`${server.memoryProbe}/reset`, { headers: { 'x-gc': '1' } });
  return (await response.json()) as MemoryFigures;
}

/** The peaks since the last reset: sampled in the process (heap) and the kernel's high-water mark (RSS). */
export async function peakMemory(server: BenchServer): Promise<MemoryFigures & { kernelPeakRss: number }> {
  const response = await fetch(`${server.memoryProbe}/peak`);
  const sampled = (await response.json()) as MemoryFigures;
  return { ...sampled, kernelPeakRss: procStatus(server, 'VmHWM') };
}

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM); NaN off Linux. */
export function procStatus(server: ServerProcess, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Restarts the kernel's peak RSS of the server (writing 5 to clear_refs, Linux ≥ 4.0). */
function resetPeakRss(server: ServerProcess): void {
  try {
    writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the sampled peak still stands
  }
}

export interface TimedGet {
  status: number;
  bytes: number;
  ttfbMs: number;
  ttlbMs: number;
  headers: http.IncomingHttpHeaders;
}

/** GET over `agent`, counting the body's bytes as they arrive (nothing kept unless `keep`). */
export function timedGet(
  agent: http.Agent,
  url: string,
  options: { keep?: boolean } = {},
): Promise<TimedGet & { body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent }, (response) => {
      const ttfbMs = performance.now() - started;
      let bytes = 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (options.keep) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          ttfbMs,
          ttlbMs: performance.now() - started,
          headers: response.headers,
          body: options.keep ? Buffer.concat(chunks) : undefined,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export interface BenchLine {
  id: number;
  username: string;
  password: string;
}

/** The bench lines of library-dataset.ts (benchplay001 …), checked to be there and active. */
export async function benchLines(pool: pg.Pool, count = BENCH_LINES): Promise<BenchLine[]> {
  const usernames = Array.from({ length: count }, (_, i) => benchLineUsername(i + 1));
  const found = await pool.query<BenchLine>(
    `select id, username, password from lines
     where username = any($1::text[]) and enabled = 1 and exp_date > now() order by username`,
    [usernames],
  );
  if (found.rows.length < count) {
    throw new Error(
      `only ${found.rows.length} of ${count} bench lines: run npm run seed:large -- --library-only first`,
    );
  }
  if (found.rows.some((line) => line.password !== BENCH_LINE_PASSWORD))
    throw new Error('bench line password');
  return found.rows;
}

export const MiB = 2 ** 20;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (ms) of every PostgreSQL process so far (backends come and go; the bench's stay connected). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
