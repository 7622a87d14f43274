import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type PoolSizes } from '../src/db/database';

// Made once per run by global-setup.ts (decision 0084); empty when a config runs without it.
const provided = (key: 'pgliteDump' | 'pgTemplate'): string => {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
};
let pgliteDump: Blob | undefined;

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL, created now and dropped by `dispose`. Both start as a copy
 * of the run's migrated template when global-setup.ts made one.
 */
export async function openTestDatabase(
  poolSizes?: PoolSizes,
): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dumpFile = provided('pgliteDump');
    if (dumpFile && !pgliteDump) pgliteDump = new Blob([readFileSync(dumpFile)]);
    const handle = idempotentClose(await openDatabase({ dataDir: 'memory://', pgliteDump }));
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `panel_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const template = provided('pgTemplate');
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = idempotentClose(await openDatabase({ url: url.toString(), dataDir: '', poolSizes }));
  return {
    ...handle,
    async dispose() {
      await handle.close();
      // pool.end() resolves before its connections have closed; dropping WITH (FORCE) at that moment
      // kills them mid-close and their errors surface as uncaught exceptions in the test run.
      await waitUntilDisconnected(serverUrl, name);
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A test may hand the handle to an app that closes it; dispose closes it again harmlessly. */
function idempotentClose(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}

async function waitUntilDisconnected(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const result = await client.query<{ open: number }>(
        'select count(*)::int as open from pg_stat_activity where datname = $1',
        [database],
      );
      if (!result.rows[0]?.open) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
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
