import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine } from '../../../test/factories';
import { lineRow } from '../../../test/reads';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { useTestApp } from '../../../test/test-app';
import { accounts, type AccountRow } from '../../db/schema';

/** What the resellers module does now that lines exist (decision 0011 consequences). */
const t = useTestApp();
let bucket: AccountRow;

beforeAll(async () => {
  [bucket] = (await t.db.select().from(accounts).where(eq(accounts.isDeletedBucket, true))) as [AccountRow];
});

async function pathOf(id: number): Promise<string> {
  const [row] = await t.db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, id));
  return row?.path ?? '';
}

describe('clients_count', () => {
  it('counts the lines each reseller owns', async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    await createLine(t.app, master.account);
    await createLine(t.app, sub.account);
    await createLine(t.app, sub.account);
    const list = await t.as(master.token).get('/api/resellers?per=50');
    const byId = new Map(
      list.json().data.map((row: { id: number; clients_count: number }) => [row.id, row.clients_count]),
    );
    expect(byId.get(master.account.id)).toBe(1);
    expect(byId.get(sub.account.id)).toBe(2);
    expect((await t.as(master.token).get(`/api/resellers/${sub.account.id}`)).json().clients_count).toBe(2);
  });
});

describe('transfer', () => {
  it('moves the lines of the whole moved subtree with it, in the same transaction', async () => {
    const oldMaster = await createSignedInAccount(t.app);
    const newMaster = await createSignedInAccount(t.app);
    const moved = await createSignedInAccount(t.app, { parent: oldMaster.account });
    const movedSub = await createSignedInAccount(t.app, { parent: moved.account });
    const stays = await createLine(t.app, oldMaster.account);
    const line = await createLine(t.app, moved.account);
    const subLine = await createLine(t.app, movedSub.account);
    const response = await t.as(t.adminToken).post('/api/resellers/transfer', {
      resellerId: moved.account.id,
      masterId: newMaster.account.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await lineRow(t.db, line.id))?.ownerPath).toBe(await pathOf(moved.account.id));
    expect((await lineRow(t.db, subLine.id))?.ownerPath).toBe(await pathOf(movedSub.account.id));
    expect((await lineRow(t.db, stays.id))?.ownerPath).toBe(oldMaster.account.path);
    const ids = async (token: string) =>
      (await t.as(token).get('/api/users?per=100'))
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort();
    expect(await ids(newMaster.token)).toEqual([line.id, subLine.id].sort());
    expect(await ids(oldMaster.token)).toEqual([stays.id]);
    expect((await t.as(oldMaster.token).get(`/api/users/${line.id}`)).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('hands the reseller’s lines to REVENDAS_DELETADOS; its sub-resellers keep theirs', async () => {
    const master = await createSignedInAccount(t.app);
    const doomed = await createSignedInAccount(t.app, { parent: master.account });
    const child = await createSignedInAccount(t.app, { parent: doomed.account });
    const own = await createLine(t.app, doomed.account);
    const childLine = await createLine(t.app, child.account);
    const response = await t.as(t.adminToken).delete(`/api/resellers/${doomed.account.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await lineRow(t.db, own.id)).toMatchObject({ resellerId: bucket.id, ownerPath: bucket.path });
    expect(await lineRow(t.db, childLine.id)).toMatchObject({
      resellerId: child.account.id,
      ownerPath: await pathOf(child.account.id),
    });
    expect((await pathOf(child.account.id)).startsWith(bucket.path)).toBe(true);
    // The old master no longer sees them; the admin does.
    expect((await t.as(master.token).get('/api/users')).json().data).toEqual([]);
    expect((await t.as(t.adminToken).get(`/api/users/${own.id}`)).json().master_username).toBe(
      'REVENDAS_DELETADOS',
    );
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
