import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { callApi, lineRow, seedLine, type Method } from '../../../test/line-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { accounts, type AccountRow } from '../../db/schema/index';

/** What the resellers module does now that lines exist (decision 0011 consequences). */
let testApp: TestApp;
let db: Database;
let adminToken: string;
let bucket: AccountRow;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.database.db;
  adminToken = await createSession(testApp.app, 1);
  [bucket] = (await db.select().from(accounts).where(eq(accounts.isDeletedBucket, true))) as [AccountRow];
});
afterAll(() => testApp.close());

const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  callApi(testApp.app, token, method, url, payload);

async function pathOf(id: number): Promise<string> {
  const [row] = await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, id));
  return row?.path ?? '';
}

describe('clients_count', () => {
  it('counts the lines each reseller owns', async () => {
    const master = await createSignedInAccount(testApp.app);
    const sub = await createSignedInAccount(testApp.app, { parent: master.account });
    await seedLine(testApp.app, master.account);
    await seedLine(testApp.app, sub.account);
    await seedLine(testApp.app, sub.account);
    const list = await call(master.token, 'GET', '/api/resellers?per=50');
    const byId = new Map(
      list.json().data.map((row: { id: number; clients_count: number }) => [row.id, row.clients_count]),
    );
    expect(byId.get(master.account.id)).toBe(1);
    expect(byId.get(sub.account.id)).toBe(2);
    expect((await call(master.token, 'GET', `/api/resellers/${sub.account.id}`)).json().clients_count).toBe(
      2,
    );
  });
});

describe('transfer', () => {
  it('moves the lines of the whole moved subtree with it, in the same transaction', async () => {
    const oldMaster = await createSignedInAccount(testApp.app);
    const newMaster = await createSignedInAccount(testApp.app);
    const moved = await createSignedInAccount(testApp.app, { parent: oldMaster.account });
    const movedSub = await createSignedInAccount(testApp.app, { parent: moved.account });
    const stays = await seedLine(testApp.app, oldMaster.account);
    const line = await seedLine(testApp.app, moved.account);
    const subLine = await seedLine(testApp.app, movedSub.account);
    const response = await call(adminToken, 'POST', '/api/resellers/transfer', {
      resellerId: moved.account.id,
      masterId: newMaster.account.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await lineRow(db, line.id))?.ownerPath).toBe(await pathOf(moved.account.id));
    expect((await lineRow(db, subLine.id))?.ownerPath).toBe(await pathOf(movedSub.account.id));
    expect((await lineRow(db, stays.id))?.ownerPath).toBe(oldMaster.account.path);
    const ids = async (token: string) =>
      (await call(token, 'GET', '/api/users?per=100'))
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort();
    expect(await ids(newMaster.token)).toEqual([line.id, subLine.id].sort());
    expect(await ids(oldMaster.token)).toEqual([stays.id]);
    expect((await call(oldMaster.token, 'GET', `/api/users/${line.id}`)).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('hands the reseller’s lines to REVENDAS_DELETADOS; its sub-resellers keep theirs', async () => {
    const master = await createSignedInAccount(testApp.app);
    const doomed = await createSignedInAccount(testApp.app, { parent: master.account });
    const child = await createSignedInAccount(testApp.app, { parent: doomed.account });
    const own = await seedLine(testApp.app, doomed.account);
    const childLine = await seedLine(testApp.app, child.account);
    const response = await call(adminToken, 'DELETE', `/api/resellers/${doomed.account.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await lineRow(db, own.id)).toMatchObject({ resellerId: bucket.id, ownerPath: bucket.path });
    expect(await lineRow(db, childLine.id)).toMatchObject({
      resellerId: child.account.id,
      ownerPath: await pathOf(child.account.id),
    });
    expect((await pathOf(child.account.id)).startsWith(bucket.path)).toBe(true);
    // The old master no longer sees them; the admin does.
    expect((await call(master.token, 'GET', '/api/users')).json().data).toEqual([]);
    expect((await call(adminToken, 'GET', `/api/users/${own.id}`)).json().master_username).toBe(
      'REVENDAS_DELETADOS',
    );
    expect(await findLedgerMismatches(db)).toEqual([]);
  });
});
