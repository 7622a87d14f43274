import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock';

/** Where openDatabase keeps the PGlite cluster inside DATA_DIR. */
export const pgliteFolder = (dataDir: string) => resolve(dataDir, 'pglite');

/**
 * The embedded database as one gzipped tar of its cluster folder (PGlite's dumpDataDir), taken under
 * the data-folder lock: no server can be writing meanwhile, and none can start until it is done.
 */
export async function backupPglite(dataDir: string, outFile: string): Promise<{ bytes: number }> {
  const folder = pgliteFolder(dataDir);
  if (!existsSync(resolve(folder, 'PG_VERSION'))) throw new Error(`no embedded database in ${dataDir}`);
  const lock = acquireDataDirLock(dataDir, 'npm run backup');
  try {
    const client = new PGlite(folder, { extensions: { pg_trgm } });
    await client.waitReady;
    try {
      // Everything in the data files, so the copy does not depend on replaying the write-ahead log.
      await client.exec('checkpoint');
      const tarball = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await tarball.arrayBuffer());
      writeFileSync(outFile, bytes);
      return { bytes: bytes.length };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Restores a backupPglite file into DATA_DIR, which must hold no database yet. */
export async function restorePglite(inFile: string, dataDir: string): Promise<void> {
  const folder = pgliteFolder(dataDir);
  if (existsSync(folder)) {
    throw new Error(`${folder} already exists: restore into a fresh DATA_DIR (or move that folder away)`);
  }
  const lock = acquireDataDirLock(dataDir, 'npm run restore');
  try {
    const tarball = new Blob([readFileSync(inFile)]);
    const client = new PGlite(folder, { extensions: { pg_trgm }, loadDataDir: tarball });
    await client.waitReady;
    try {
      // Opens and reads: a torn or foreign archive fails here, not at the server's next start.
      await client.query('select count(*) from accounts');
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}
