/**
 * npm run restore -- FILE
 *
 * Restores a backup of npm run backup into the database the server is configured for, which must be new:
 * an empty PostgreSQL database (DATABASE_URL; createdb NAME) or a DATA_DIR without a database. The file's
 * engine must match (a PGlite tarball restores into PGlite, a pg_dump file into PostgreSQL).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { backupKindOf } from '../src/db/backup/backup-file';
import { restorePglite } from '../src/db/backup/backup-pglite';
import { restorePostgres } from '../src/db/backup/backup-postgres';
import { ensurePgClient, userPath } from './backup-cli';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const config = loadConfig();
const kind = config.DATABASE_URL ? 'postgres' : 'pglite';

try {
  if (positionals.length !== 1) throw new Error('usage: npm run restore -- FILE');
  const file = userPath(positionals[0]!);
  const fileKind = backupKindOf(file);
  if (fileKind !== kind) {
    throw new Error(
      `${file} is a ${fileKind} backup but the server is configured for ${kind} (${kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'})`,
    );
  }
  const started = performance.now();
  if (config.DATABASE_URL) {
    ensurePgClient();
    await restorePostgres(file, config.DATABASE_URL);
  } else {
    await restorePglite(file, resolve(config.DATA_DIR));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${file} into the ${kind} database (${seconds} s); start the server to apply newer migrations`,
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
