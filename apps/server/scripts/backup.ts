/**
 * npm run backup [-- --out FILE]
 *
 * Backs up the database the server uses: PostgreSQL (DATABASE_URL) with pg_dump — while servers run —,
 * or the embedded PGlite in DATA_DIR as a tarball of its folder — only while no server has it open (the
 * data-folder lock refuses otherwise). FILE defaults to panel-<engine>-<time>.{dump,tar.gz} here.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { backupPglite } from '../src/db/backup/backup-pglite';
import { backupPostgres } from '../src/db/backup/backup-postgres';
import { ensurePgClient, userPath } from './backup-cli';

const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
const config = loadConfig();
const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = userPath(values.out ?? `panel-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);

try {
  const started = performance.now();
  let bytes: number;
  if (config.DATABASE_URL) {
    ensurePgClient();
    ({ bytes } = backupPostgres(config.DATABASE_URL, out));
  } else {
    ({ bytes } = await backupPglite(resolve(config.DATA_DIR), out));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backup of the ${kind} database written to ${out} (${bytes} bytes, ${seconds} s)`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
