/**
 * What the flood protection of line authentication (decision 0063) costs on the player's hot paths, against
 * the code before it, in one run: this tree's server bundle and the bundle of `--baseline` (a git ref,
 * default where this branch left main, `git merge-base HEAD main`) run side by side on one scratch
 * PostgreSQL database, and the same requests alternate between them, round by round (the order switches
 * each round):
 *
 * - `start`: a stream start, `GET /movie/U/P/ID.mp4` → 302 (redirect mode), from a pair that played before;
 * - `login`: `GET /player_api.php?username=U&password=P` (the login block) from a pair that logged in before;
 * - `login, new pair`: the same from an address never seen (the flood protection's counted path: one
 *   statement before the password is compared, one after it);
 * - `flood`: a wrong password from an address the flood protection blocked (429 without a lookup; before it,
 *   the lookup and 200 with auth 0).
 *
 * Each request goes over one keep-alive socket, one at a time; the figures are the medians of the per-request
 * latency and the server process's CPU time per request (from /proc), with the ratio this tree ÷ baseline.
 * The baseline is built from `git archive <ref>` with this tree's node_modules, which holds while the ref's
 * dependencies and packages/shared are this tree's (checked).
 *
 *   node --import tsx scripts/bench/line-auth-overhead.ts [--baseline REF] [--rounds 8] [--requests 300]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  DEFAULT_PG_SERVER,
  REPO_ROOT,
  SERVER_ROOT,
  dropDatabase,
  emitResult,
  ensureDatabase,
  rawHttpConnection,
  startServerProcess,
  type ServerProcess,
} from './bench-env';
import { processCpuMs } from './player-bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string' },
    requests: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds ?? 8);
const REQUESTS = Number(values.requests ?? 300);
const LINES = 20;
const PASSWORD = 'bench@9x7';
const pgServer = process.env.TEST_DATABASE_URL ?? DEFAULT_PG_SERVER;

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
const BASELINE = values.baseline ?? git('merge-base', 'HEAD', 'main');
if (git('rev-parse', BASELINE) === git('rev-parse', 'HEAD') && !git('status', '--porcelain', 'apps/server')) {
  throw new Error('the baseline is this tree: name the commit before the change with --baseline');
}
const baseCommit = git('rev-parse', '--short', BASELINE);
const headCommit = git('rev-parse', '--short', 'HEAD');
const sharedChanged = git('diff', '--name-only', BASELINE, '--', 'packages/shared', 'package-lock.json');
if (sharedChanged)
  throw new Error(`${BASELINE} differs in dependencies or packages/shared:\n${sharedChanged}`);

console.error(
  `building this tree (${headCommit}, uncommitted changes included) and ${BASELINE} (${baseCommit})`,
);
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
const baseRoot = mkdtempSync(join(tmpdir(), 'panel-line-auth-base-'));
execFileSync('sh', ['-c', `git archive ${baseCommit} apps/server | tar -x -C ${baseRoot}`], {
  cwd: REPO_ROOT,
});
symlinkSync(join(REPO_ROOT, 'node_modules'), join(baseRoot, 'node_modules'));
symlinkSync(join(SERVER_ROOT, 'node_modules'), join(baseRoot, 'apps/server/node_modules'));
const baseServerRoot = join(baseRoot, 'apps/server');
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: baseServerRoot, stdio: 'inherit' });

const databaseName = 'panel_bench_line_auth';
const url = await ensureDatabase(pgServer, databaseName, { fresh: true });
const webDir = mkdtempSync(join(tmpdir(), 'panel-line-auth-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
const env = {
  DATABASE_URL: url,
  WEB_DIST_DIR: webDir,
  LOG_LEVEL: 'info',
  // The bench names each player's address in X-Forwarded-For.
  TRUST_PROXY: 'loopback',
  STREAM_TOKEN_SECRET: 'line-auth-bench-secret-0001',
  SIGNING_SECRET: 'line-auth-bench-signing-0001',
};
const command = [process.execPath, 'dist/server.mjs'];
// This tree first: it applies the migrations (the baseline's are the same or fewer).
const servers: Record<'base' | 'head', ServerProcess> = {
  head: await startServerProcess(env, { command }),
  base: await startServerProcess(env, { command, cwd: baseServerRoot }),
};

const pool = new pg.Pool({ connectionString: url, max: 2 });
const [admin] = (
  await pool.query<{ id: number; path: string }>(`select id, path from accounts order by id limit 1`)
).rows;
if (!admin) throw new Error('no admin');
const lines = Array.from({ length: LINES }, (_, index) => `benchauth${String(index + 1).padStart(3, '0')}`);
await pool.query(
  `insert into lines (reseller_id, owner_path, username, password, exp_date, package_id, bouquets, max_connections)
   select $1, $2, name, $3, now() + interval '30 days', 17, '{1}', 100 from unnest($4::text[]) name`,
  [admin.id, admin.path, PASSWORD, lines],
);
const category = await pool.query<{ id: number }>(
  `insert into content_categories (kind, name) values ('movie', 'Bench') returning id`,
);
const categoryId = category.rows[0]?.id;
await pool.query(`insert into bouquet_categories (bouquet_id, category_id) values (1, $1)`, [categoryId]);
const movie = await pool.query<{ id: number }>(
  `insert into content_streams (kind, category_id, name, container_extension, source_urls)
   values ('movie', $1, 'Filme', 'mp4', '{http://127.0.0.1:9/filme.mp4}') returning id`,
  [categoryId],
);
const movieId = movie.rows[0]?.id;

type Kind = 'start' | 'login' | 'login, new pair' | 'flood';
const KINDS: Kind[] = ['start', 'login', 'login, new pair', 'flood'];
const EXPECTED: Record<'base' | 'head', Record<Kind, number>> = {
  base: { start: 302, login: 200, 'login, new pair': 200, flood: 200 },
  head: { start: 302, login: 200, 'login, new pair': 200, flood: 429 },
};
let newAddress = 0;

function request(kind: Kind, index: number): { path: string; address: string } {
  const username = lines[index % LINES] ?? '';
  if (kind === 'start')
    return { path: `/movie/${username}/${PASSWORD}/${movieId}.mp4`, address: '192.0.2.10' };
  if (kind === 'flood') {
    return { path: `/player_api.php?username=${username}&password=errado${index}`, address: '192.0.2.66' };
  }
  const path = `/player_api.php?username=${username}&password=${encodeURIComponent(PASSWORD)}`;
  if (kind === 'login') return { path, address: '192.0.2.10' };
  newAddress++;
  return {
    path,
    address: `100.${64 + Math.floor(newAddress / 65536)}.${Math.floor(newAddress / 256) % 256}.${newAddress % 256}`,
  };
}

const latency: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};

async function measure(which: 'base' | 'head', kind: Kind, count: number, keep: boolean): Promise<void> {
  const server = servers[which];
  const client = await rawHttpConnection(server.url);
  try {
    const cpuBefore = processCpuMs(server.child.pid);
    for (let index = 0; index < count; index++) {
      const { path, address } = request(kind, index);
      const started = performance.now();
      const answer = await client.get(path, { 'x-forwarded-for': address });
      const elapsed = performance.now() - started;
      // The warm-up's first five wrong passwords block the flooding address on this tree's server.
      if (answer.status !== EXPECTED[which][kind] && keep)
        throw new Error(`${which} ${kind}: ${answer.status} ${answer.body}`);
      if (keep) (latency[`${which} ${kind}`] ??= []).push(elapsed);
    }
    if (keep) (cpu[`${which} ${kind}`] ??= []).push((processCpuMs(server.child.pid) - cpuBefore) / count);
  } finally {
    client.close();
  }
}

try {
  // Warm-up: every pair of the fixed address plays once on each server (known from then on), JIT warm.
  for (const which of ['head', 'base'] as const)
    for (const kind of KINDS) await measure(which, kind, 100, false);
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
    const order = roundIndex % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
    for (const kind of KINDS) for (const which of order) await measure(which, kind, REQUESTS, true);
    console.error(`round ${roundIndex + 1}/${ROUNDS}`);
  }
  const figures = KINDS.map((kind) => {
    const base = summarise(latency[`base ${kind}`] ?? []);
    const head = summarise(latency[`head ${kind}`] ?? []);
    const baseCpu = summarise(cpu[`base ${kind}`] ?? []).median;
    const headCpu = summarise(cpu[`head ${kind}`] ?? []).median;
    return {
      kind,
      requests: head.n,
      baseMs: { median: round(base.median, 3), p95: round(base.p95, 3) },
      headMs: { median: round(head.median, 3), p95: round(head.p95, 3) },
      latencyRatio: round(head.median / base.median, 3),
      cpuMsPerRequest: { base: round(baseCpu, 3), head: round(headCpu, 3) },
      cpuRatio: round(headCpu / baseCpu, 3),
    };
  });
  await emitResult({ baseline: `${BASELINE} (${baseCommit})`, head: headCommit, rounds: ROUNDS, figures });
} finally {
  await pool.end();
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  await dropDatabase(pgServer, databaseName);
  rmSync(baseRoot, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
}
