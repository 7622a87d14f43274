/**
 * P6 of docs/benchmarks.md: `npm start` (the panel already built) until /api/health answers 200, on the
 * embedded database. Two cases, each repeated: a first start (empty data folder: PGlite created, every
 * migration applied, the admin's password hashed) and a restart (the same folder again).
 *
 *   node --import tsx scripts/bench/startup.ts [--runs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { emitResult, REPO_ROOT, startServerProcess } from './bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(values.runs ?? 5);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

async function startOnce(dataDir: string): Promise<number> {
  const server = await startServerProcess(
    // What a person gets from `npm start`: the default captcha and log level, the embedded database.
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CAPTCHA_PROVIDER: 'altcha',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'Adm1n@bench',
    },
    { command: ['bash', '-c', `cd "${REPO_ROOT}" && exec ${npm} start`], timeoutMs: 120_000 },
  );
  const ms = server.startedInMs;
  await server.stop();
  return ms;
}

const first: number[] = [];
const restart: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'panel-p6-'));
  try {
    first.push(await startOnce(dir));
    restart.push(await startOnce(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.error(
    `run ${i + 1}: first start ${first.at(-1)?.toFixed(0)} ms, restart ${restart.at(-1)?.toFixed(0)} ms`,
  );
}
const f = summarise(first);
const r = summarise(restart);
await emitResult({
  runs: RUNS,
  firstStartMs: { median: round(f.median, 0), p95: round(f.p95, 0) },
  restartMs: { median: round(r.median, 0), p95: round(r.p95, 0) },
});
