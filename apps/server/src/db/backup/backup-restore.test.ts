/**
 * npm run backup → npm run restore into a fresh database → every account balance and every ledger row is
 * found again, exactly. On the embedded PGlite always; on PostgreSQL when TEST_DATABASE_URL names a
 * server (npm run test:pg). The scripts run as operators run them, as child processes.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows } from '../execute-rows';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database, type DatabaseHandle } from '../database';
import { createSignedInAccount } from '../../../test/factories';
import { apiOf } from '../../../test/api';
import { TEST_ADMIN } from '../../../test/test-app';
import { LOCK_FILE } from './data-dir-lock';

const SERVER_ROOT = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'panel-backup-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

/** Runs `npm run backup` / `restore`'s script the way npm does (cwd apps/server), with `env`. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: SERVER_ROOT,
    env: { ...process.env, INIT_CWD: work, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Accounts with balances and every kind of ledger row, made through the API (mint, transfer, spend). */
async function makeMoneyHistory(database: DatabaseHandle): Promise<void> {
  const config = loadConfig({
    CAPTCHA_PROVIDER: 'none',
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { database, logger: false });
  const as = apiOf(app);
  try {
    const { token: adminToken } = await createSignedInAccount(app, { role: 'admin' });
    for (let index = 0; index < 3; index++) {
      const { account, token } = await createSignedInAccount(app, { credits: `${40 + index}.25` });
      const given = await as(adminToken).post(`/api/resellers/${account.id}/credits`, {
        value: 15 + index,
      });
      expect(given.statusCode, given.body).toBe(200);
      const line = await as(token).post('/api/users', { package_id: 17 });
      expect(line.statusCode, line.body).toBe(201);
      const sub = await as(token).post('/api/resellers', {
        username: `sub${index}x${randomBytes(2).toString('hex')}`,
        password: 'Senha@forte9',
        credits: 10,
      });
      expect(sub.statusCode, sub.body).toBe(201);
    }
  } finally {
    await app.close();
  }
}

/** Every balance and every ledger row, in a stable order and exact text form. */
async function moneySnapshot(db: Database) {
  const rows = (statement: ReturnType<typeof sql>) => executeRows(db, statement);
  return {
    accounts: await rows(
      sql`select id, username, role, path, credits::text as credits from accounts order by id`,
    ),
    ledger: await rows(sql`
      select id, account_id, counterparty_id, actor_id, kind, action, type, line_id, target_account_id,
             amount::text as amount, balance_before::text as balance_before, balance_after::text as balance_after,
             created_at::text as created_at
      from credit_ledger order by id`),
  };
}

describe('backup and restore of the embedded database', () => {
  it('restores every balance and ledger row into a fresh DATA_DIR; refuses while a server holds the folder', async () => {
    const source = join(work, 'source');
    const target = join(work, 'target');
    const file = 'embedded.tar.gz';
    const database = await openDatabase({ dataDir: source });
    let expected: Awaited<ReturnType<typeof moneySnapshot>>;
    try {
      await makeMoneyHistory(database);
      expected = await moneySnapshot(database.db);
      // The server (this process here) holds the folder: a backup must not copy it under its feet.
      const refused = script('backup', ['--out', file], { DATA_DIR: source });
      expect(refused.status).toBe(1);
      expect(refused.output).toContain(`is in use by the panel server (pid ${process.pid})`);
    } finally {
      await database.close();
    }
    expect(existsSync(join(source, LOCK_FILE))).toBe(false);
    expect(expected.ledger.length).toBeGreaterThanOrEqual(12);
    expect(new Set(expected.ledger.map((row) => (row as { kind: string }).kind))).toEqual(
      new Set(['mint', 'transfer', 'spend']),
    );

    // What a server killed with -9 leaves behind: a lock whose process is gone. The backup takes it over.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(
      join(source, LOCK_FILE),
      JSON.stringify({ pid: Number(dead.stdout), host: hostname(), holder: 'the panel server' }),
    );
    const backup = script('backup', ['--out', file], { DATA_DIR: source });
    expect(backup.status, backup.output).toBe(0);

    writeFileSync(join(work, 'not-a-backup.txt'), 'hello');
    const wrong = script('restore', ['not-a-backup.txt'], { DATA_DIR: target });
    expect(wrong.status).toBe(1);
    expect(wrong.output).toContain('is not a backup made by npm run backup');

    const restore = script('restore', [file], { DATA_DIR: target });
    expect(restore.status, restore.output).toBe(0);
    // A second restore would overwrite a database: refused.
    const again = script('restore', [file], { DATA_DIR: target });
    expect(again.status).toBe(1);
    expect(again.output).toContain('already exists');

    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await moneySnapshot(restored.db)).toEqual(expected);
    } finally {
      await restored.close();
    }
  }, 240_000);
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('backup and restore on PostgreSQL', () => {
  async function scratch(prefix: string): Promise<string> {
    const name = `panel_test_${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  it('restores every balance and ledger row into a fresh database, and refuses a non-empty one', async () => {
    const sourceUrl = await scratch('backup_src');
    const targetUrl = await scratch('backup_dst');
    const database = await openDatabase({ url: sourceUrl, dataDir: '' });
    let expected: Awaited<ReturnType<typeof moneySnapshot>>;
    try {
      await makeMoneyHistory(database);
      expected = await moneySnapshot(database.db);
    } finally {
      await database.close();
    }
    // pg_dump takes a consistent snapshot while servers run; nothing to stop here.
    const backup = script('backup', ['--out', 'pg.dump'], { DATABASE_URL: sourceUrl });
    expect(backup.status, backup.output).toBe(0);
    const intoSource = script('restore', ['pg.dump'], { DATABASE_URL: sourceUrl });
    expect(intoSource.status).toBe(1);
    expect(intoSource.output).toContain('the target database is not empty');
    const restore = script('restore', ['pg.dump'], { DATABASE_URL: targetUrl });
    expect(restore.status, restore.output).toBe(0);

    const restored = await openDatabase({ url: targetUrl, dataDir: '' });
    try {
      expect(await moneySnapshot(restored.db)).toEqual(expected);
    } finally {
      await restored.close();
    }
  }, 240_000);
});
