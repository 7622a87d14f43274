import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** A path the user typed, from the folder `npm run` was started in (npm runs the script in apps/server). */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** pg_dump and pg_restore, installed from Debian's postgresql-client when missing. */
export function ensurePgClient(): void {
  const result = spawnSync('bash', [resolve(REPO_ROOT, 'scripts/ensure-pg-client.sh')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('pg_dump / pg_restore are missing and could not be installed');
}
