// npm run test:torture [-- --ci] — the torture tests of docs/benchmarks.md, against the PostgreSQL server of
// TEST_DATABASE_URL (default the local one; each test makes and drops its own scratch database):
//   money, crash (kill -9 on PGlite and PostgreSQL), graceful stop (SIGTERM under load), bad input (fast-check from the OpenAPI document) and
//   load (autocannon): apps/server/torture, with Vitest;
//   stored XSS: e2e/torture, with Playwright in Debian's Chromium.
// --ci (what .ci/run uses) runs every one of them smaller and shorter (TORTURE_SCALE=ci).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const ci = process.argv.includes('--ci');
const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  TORTURE_SCALE: ci ? 'ci' : (process.env.TORTURE_SCALE ?? 'full'),
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
};
console.log(
  `Torture tests (${env.TORTURE_SCALE}) on PostgreSQL ${env.TEST_DATABASE_URL.replace(/:[^:@/]+@/, ':***@')}`,
);

const results = [];
function run(label, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env, cwd: root, ...options });
  const ok = result.status === 0;
  results.push({ label, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return result;
}

// The server processes run the production bundle (apps/server/dist/server.mjs), built here when stale.
run('build check', 'node', ['scripts/build-if-needed.mjs']);
// CI keeps only the end of the output: the summary repeats each failed test with the start of its error.
const vitestReport = join(tmpdir(), `torture-vitest-${process.pid}.json`);
run(
  'money, crash, graceful stop, bad input, load (apps/server/torture)',
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'torture/vitest.config.ts',
    '--reporter=verbose',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ],
  { cwd: `${root}apps/server` },
);
const failures = failedTests(vitestReport);

// Stored XSS: Chromium must be present; the database is prepared (global message).
run('chromium', 'bash', ['scripts/ensure-chromium.sh']);
const prepared = spawnSync('node', ['--import', 'tsx', 'torture/xss-prepare.ts'], {
  cwd: `${root}apps/server`,
  env,
  encoding: 'utf8',
});
if (prepared.status !== 0) {
  process.stderr.write(prepared.stderr);
  results.push({ label: 'stored XSS (prepare)', ok: false, seconds: 0 });
} else {
  const url = prepared.stdout.trim().split('\n').at(-1);
  run('stored XSS (e2e/torture)', 'npx', ['playwright', 'test', '-c', 'playwright.torture.config.ts'], {
    cwd: `${root}e2e`,
    env: { ...env, TORTURE_XSS_DATABASE_URL: url },
  });
  spawnSync('node', ['--import', 'tsx', 'torture/xss-prepare.ts', '--drop'], {
    cwd: `${root}apps/server`,
    env,
    stdio: 'inherit',
  });
}

console.log('\n=== torture summary ===');
for (const { label, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${label} (${seconds} s)`);
for (const failure of failures) console.log(`\nfailed: ${failure}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);

/** "file > test: first lines of the error" for each failed test of a Vitest JSON report. */
function failedTests(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return report.testResults.flatMap((suite) =>
    suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 12).join('\n');
        return `${suite.name.split('/').at(-1)} > ${test.fullName}\n${message}`;
      }),
  );
}
