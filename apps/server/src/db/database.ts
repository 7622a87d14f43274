import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './backup/data-dir-lock';
import { copyFolder } from './copy-folder';
import { pgliteTemplateFor } from './pglite-template';
import * as schema from './schema/index';
import { MIGRATIONS_DIR } from '../server-paths';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  /** The panel plane's connections: admin and reseller screens, workers, migrations. */
  db: Database;
  /**
   * The delivery plane's connections (decision 0100): player answers, stream starts, line sign-in, the
   * delivery side of connections, ingest, short links, domain tokens. A pool of its own, so a stampede of
   * apps cannot take the panel's connections, nor the panel the apps'. On PGlite the same as `db`.
   */
  deliveryDb: Database;
  kind: 'pglite' | 'postgres';
  /** The data folder of an embedded database kept on disk (undefined: PostgreSQL, or PGlite in memory). */
  dataDir?: string;
  /**
   * Connections of each pg pool, by name (metrics). PGlite has no pool: one in-process connection whose
   * queries queue in its own mutex, so it reports none.
   */
  poolStats(): PoolStats[];
  close(): Promise<void>;
}

export interface PoolStats {
  pool: 'panel' | 'delivery';
  total: number;
  idle: number;
  waiting: number;
}

/** Connections each PostgreSQL pool may open (DATABASE_POOL_PANEL / DATABASE_POOL_DELIVERY). */
export interface PoolSizes {
  panel: number;
  delivery: number;
}

export const DEFAULT_POOL_SIZES: PoolSizes = { panel: 10, delivery: 20 };

function statsOf(name: PoolStats['pool'], pool: pg.Pool): PoolStats {
  return { pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

const migrationsFolder = MIGRATIONS_DIR;
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir`
 * ('memory://' keeps it in memory, for tests). Migrations run before the handle is returned.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  /** The PGlite template folder (tests); default the one the build writes. */
  pgliteTemplate?: string;
  /**
   * An in-memory PGlite starts from this dump of a migrated cluster (`dumpDataDir`) instead of creating
   * one: the tests share one per run (apps/server/test/global-setup.ts, decision 0084).
   */
  pgliteDump?: Blob;
  poolSizes?: PoolSizes;
}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSizes ?? DEFAULT_POOL_SIZES);
  return openPglite(options.dataDir, options.pgliteTemplate, options.pgliteDump);
}

function openPool(url: string, name: PoolStats['pool'], max: number): pg.Pool {
  // Named prepared statements (the session check, the line list) save building and parsing, but their
  // plans must stay custom: `owner_path LIKE $1` only uses its index range when the planner sees the prefix.
  const options = '-c plan_cache_mode=force_custom_plan';
  // Connections open when first needed: a process without the delivery role never opens that pool's.
  const pool = new pg.Pool({ connectionString: url, max, options });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(`PostgreSQL ${name} pool error:`, error.message));
  return pool;
}

async function openPostgres(url: string, sizes: PoolSizes): Promise<DatabaseHandle> {
  const pool = openPool(url, 'panel', sizes.panel);
  const deliveryPool = openPool(url, 'delivery', sizes.delivery);
  // numeric stays a string: credits are never parsed into binary floating point.
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const deliveryDb = drizzlePg(deliveryPool, { schema }) as unknown as Database;
  const client = await pool.connect();
  try {
    // Several server processes may start at once; one migrates, the others wait.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return {
    db,
    deliveryDb,
    kind: 'postgres',
    poolStats: () => [statsOf('panel', pool), statsOf('delivery', deliveryPool)],
    close: async () => {
      await Promise.all([pool.end(), deliveryPool.end()]);
    },
  };
}

async function openPglite(dataDir: string, templateFile?: string, dump?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process at a time in the folder: a second server, or a backup copying it, is refused.
  const lock = inMemory ? undefined : acquireDataDirLock(dataDir, 'the panel server');
  // pg_trgm backs the trigram index of the line search (the same extension PostgreSQL ships).
  const options = { extensions: { pg_trgm } };
  const folder = resolve(dataDir, 'pglite');
  // A first start copies the cluster the build prepared (pglite-template.ts) instead of creating one.
  const template = inMemory || existsSync(folder) ? undefined : pgliteTemplateFor(templateFile);
  let client: PGlite;
  try {
    if (inMemory) client = new PGlite(dump ? { ...options, loadDataDir: dump } : options);
    else if (template) client = await openFromTemplate(folder, options, template);
    else client = new PGlite(folder, options);
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const handle = db as unknown as Database;
  return {
    db: handle,
    deliveryDb: handle,
    kind: 'pglite',
    ...(inMemory ? {} : { dataDir: resolve(dataDir) }),
    poolStats: () => [],
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

async function openFromTemplate(
  folder: string,
  options: { extensions: { pg_trgm: typeof pg_trgm } },
  template: string,
): Promise<PGlite> {
  try {
    await copyFolder(template, folder);
    const client = new PGlite(folder, options);
    await client.waitReady;
    return client;
  } catch (error) {
    // A template that cannot be loaded only costs the slow path: start over with an empty folder.
    console.warn('PGlite template not usable, creating the database from scratch:', (error as Error).message);
    rmSync(folder, { recursive: true, force: true });
    return new PGlite(folder, options);
  }
}

/** Cheap round trip used by the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
