import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL, created now and dropped by `dispose`.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = idempotentClose(await openDatabase({ dataDir: 'memory://' }));
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `panel_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = idempotentClose(await openDatabase({ url: url.toString(), dataDir: '' }));
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
