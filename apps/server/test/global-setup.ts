import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsHash, pgliteVersion } from '../src/db/pglite-template';
import { MIGRATIONS_DIR, SERVER_ROOT } from '../src/server-paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding `dumpDataDir()` of a migrated PGlite cluster (PGlite runs). */
    pgliteDump: string;
    /** A migrated database on the TEST_DATABASE_URL server every test database is copied from (PostgreSQL runs). */
    pgTemplate: string;
  }
}

/**
 * One database template per run, shared by every test file (decision 0084). A file used to create its
 * database from nothing: an in-memory PGlite cluster (initdb in WebAssembly, 6 s on a quiet core and 20 s
 * on a busy one) plus every migration, or a PostgreSQL database migrated from empty. Now PGlite loads a dump
 * of a migrated cluster made once (kept in apps/server/.cache, keyed by the PGlite version and the
 * migrations), and PostgreSQL copies a migrated template database (`create database … template`). Each
 * file still runs the migrator, which finds nothing to do; the migrations from empty run here, every run.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('pgliteDump', await pgliteDump());
    project.provide('pgTemplate', '');
    return;
  }
  project.provide('pgliteDump', '');
  const name = `panel_template_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One client, ended before any copy: `create database … template` refuses a template in use.
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
  project.provide('pgTemplate', name);
  return async () => {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
}

async function pgliteDump(): Promise<string> {
  const folder = resolve(SERVER_ROOT, '.cache');
  const file = resolve(folder, `test-pglite-${pgliteVersion()}-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    mkdirSync(folder, { recursive: true });
    // Written aside and renamed: a run started meanwhile never reads half a dump.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
