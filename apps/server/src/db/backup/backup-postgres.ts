import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import pg from 'pg';

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore; scripts/ensure-pg-client.sh installs them) on
 * `url`. The password travels in PGPASSWORD, not on the command line other users can read.
 */
function run(command: string, args: string[], url: string): void {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const result = spawnSync(command, [...args, `--dbname=${parsed.toString()}`], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}):\n${result.stderr}`);
}

/**
 * pg_dump's custom format: one consistent snapshot of the whole database (PostgreSQL's MVCC: servers
 * keep serving meanwhile), schema, data, sequences and drizzle's migration bookkeeping.
 */
export function backupPostgres(url: string, outFile: string): { bytes: number } {
  run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${outFile}`], url);
  return { bytes: statSync(outFile).size };
}

/** Restores into the database of `url`, which must exist and be empty (createdb NAME). */
export async function restorePostgres(inFile: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.tables ?? 0) > 0) {
      throw new Error('the target database is not empty: restore into a new one (createdb NAME)');
    }
  } finally {
    await client.end();
  }
  // One transaction: a failed restore leaves the database empty, not half filled.
  run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', inFile],
    url,
  );
}
