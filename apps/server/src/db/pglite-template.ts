import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, PGLITE_TEMPLATE_DIR } from '../server-paths';

/**
 * A first start on the embedded database used to spend ~6 s creating an empty PostgreSQL cluster
 * (initdb, in WebAssembly) and ~1 s migrating it (decision 0018, P6). The build makes that cluster once —
 * migrated, with no account and no secret in it, cleanly shut down — and keeps its data folder; a first
 * start copies the folder (a plain file copy) and opens it like any existing database. A template made by
 * another PGlite version (its data format) or from other migration files is never used.
 */
export { PGLITE_TEMPLATE_DIR };

/** The installed PGlite's version (its package.json is not exported: found next to its entry file). */
export function pgliteVersion(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let depth = 0; depth < 5; depth++, folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(resolve(folder, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    } catch {
      // not here
    }
  }
  return 'unknown';
}

const stampOf = (folder: string) => `${folder}.json`;
const MIGRATIONS = MIGRATIONS_DIR;

/** A fingerprint of the migrations a template was made with: an edited one makes the template stale. */
export function migrationsHash(migrationsFolder: string = MIGRATIONS): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(resolve(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The template folder when one exists for the installed PGlite and exactly these migrations (or an
 * earlier, unchanged prefix of them: the start applies the rest), else undefined.
 */
export function pgliteTemplateFor(
  folder: string = PGLITE_TEMPLATE_DIR,
  migrationsFolder: string = MIGRATIONS,
): string | undefined {
  try {
    const stamp = JSON.parse(readFileSync(stampOf(folder), 'utf8')) as {
      pglite?: string;
      migrations?: string;
    };
    const current = stamp.pglite === pgliteVersion() && stamp.migrations === migrationsHash(migrationsFolder);
    return current && existsSync(resolve(folder, 'PG_VERSION')) ? folder : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the template: a new cluster with pg_trgm and every migration, closed, in `folder`. */
export async function buildPgliteTemplate(
  migrationsFolder: string = MIGRATIONS,
  folder: string = PGLITE_TEMPLATE_DIR,
): Promise<void> {
  // Built aside and renamed: a start never copies half a template.
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dirname(folder), { recursive: true });
  const client = new PGlite(partial, { extensions: { pg_trgm } });
  try {
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
  rmSync(stampOf(folder), { force: true });
  rmSync(folder, { recursive: true, force: true });
  renameSync(partial, folder);
  writeFileSync(
    stampOf(folder),
    JSON.stringify({
      pglite: pgliteVersion(),
      migrations: migrationsHash(migrationsFolder),
      builtAt: new Date().toISOString(),
    }),
  );
}
