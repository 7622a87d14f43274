import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createResellerTree } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { accountRow, logsAboutAccount } from '../../../test/reads';
import { expectRefusal, expectRefusedAndUnchanged, NOT_FOUND } from '../../../test/refusals';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { accounts, creditLedger, type AccountRow } from '../../db/schema';

/** The admin-only moves of the tree: deleting a reseller and transferring a subtree. */
const t = useTestApp();
let bucket: AccountRow;

beforeAll(async () => {
  [bucket] = (await t.db.select().from(accounts).where(eq(accounts.isDeletedBucket, true))) as [AccountRow];
});

describe('DELETE /api/resellers/:id (admin)', () => {
  it('returns the credits to the master, moves the subtree under REVENDAS_DELETADOS, keeps the history', async () => {
    const { master, sub, subsub } = await createResellerTree(t.app);
    const grandchild = await createAccount(t.app, { parent: subsub.account, credits: '1' });
    const response = await t.as(t.adminToken).delete(`/api/resellers/${sub.account.id}`);
    expect(response.statusCode).toBe(204);
    expect(await accountRow(t.db, sub.account.id)).toBeUndefined();
    expect((await accountRow(t.db, master.account.id))?.credits).toBe('120.00');
    expect(await accountRow(t.db, subsub.account.id)).toMatchObject({
      parentId: bucket.id,
      path: `${bucket.path}${subsub.account.id}/`,
    });
    expect(await accountRow(t.db, grandchild.id)).toMatchObject({
      parentId: subsub.account.id,
      path: `${bucket.path}${subsub.account.id}/${grandchild.id}/`,
    });
    const history = await t.db.select().from(creditLedger).where(eq(creditLedger.accountId, sub.account.id));
    expect(history.at(-1)).toMatchObject({
      action: 'delete',
      amount: '-20.00',
      balanceAfter: '0.00',
      counterpartyId: master.account.id,
    });
    expect(await logsAboutAccount(t.db, sub.account.id)).toEqual([
      expect.objectContaining({
        action: 'delete',
        type: 'resellers',
        targetUsername: sub.account.username,
        // The deleted reseller's balance went to 0: a debit (decision 0026).
        value: '-20.00',
      }),
    ]);
    expect((await t.as(sub.token).get('/api/profile')).statusCode).toBe(404);
    const listed = await t.as(t.adminToken).get(`/api/resellers?id=${subsub.account.id}`);
    expect(listed.json().data[0].master_username).toBe('REVENDAS_DELETADOS');
  });

  it('burns the credits of a reseller whose master is an admin', async () => {
    const { other } = await createResellerTree(t.app);
    expect((await t.as(t.adminToken).delete(`/api/resellers/${other.account.id}`)).statusCode).toBe(204);
    const last = await t.db.select().from(creditLedger).where(eq(creditLedger.accountId, other.account.id));
    expect(last.at(-1)).toMatchObject({ kind: 'burn', amount: '-50.00', counterpartyId: TEST_ADMIN.id });
    expect((await accountRow(t.db, TEST_ADMIN.id))?.credits).toBe('0.00');
  });

  it('refuses the bucket, resellers parked in it, and unknown ids', async () => {
    const parked = await createAccount(t.app, { parent: bucket, credits: '5' });
    const watched = { accounts: [bucket.id, parked.id, TEST_ADMIN.id] };
    const remove = (id: number) => () => t.as(t.adminToken).delete(`/api/resellers/${id}`);
    await expectRefusedAndUnchanged(
      t.db,
      remove(bucket.id),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.bucketLocked },
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      remove(parked.id),
      { status: 409, code: 'conflict', message: RESELLER_MESSAGES.deleteUnderBucket },
      watched,
    );
    await expectRefusedAndUnchanged(t.db, remove(987_654), NOT_FOUND, watched);
    await expectRefusedAndUnchanged(t.db, remove(TEST_ADMIN.id), NOT_FOUND, watched);
  });
});

describe('POST /api/resellers/transfer (admin)', () => {
  const transfer = (resellerId: number, masterId: number) =>
    t.as(t.adminToken).post('/api/resellers/transfer', { resellerId, masterId });

  it('moves a reseller with its whole subtree under another master', async () => {
    const { master, sub, subsub, other } = await createResellerTree(t.app);
    const response = await t.as(t.adminToken).post('/api/resellers/transfer', {
      resellerId: sub.account.id,
      masterId: other.account.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: sub.account.id,
      master_id: other.account.id,
      master_username: other.account.username,
    });
    expect((await accountRow(t.db, sub.account.id))?.path).toBe(`${other.account.path}${sub.account.id}/`);
    expect((await accountRow(t.db, subsub.account.id))?.path).toBe(
      `${other.account.path}${sub.account.id}/${subsub.account.id}/`,
    );
    const otherView = await t.as(other.token).get('/api/resellers?per=50');
    expect(otherView.json().data.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([sub.account.id, subsub.account.id]),
    );
    expect((await t.as(master.token).get(`/api/resellers/${subsub.account.id}`)).statusCode).toBe(404);
    expect((await logsAboutAccount(t.db, sub.account.id)).at(-1)).toMatchObject({
      action: 'transfer_reseller',
      details: {
        from_master_id: master.account.id,
        from_master: master.account.username,
        to_master_id: other.account.id,
        to_master: other.account.username,
      },
    });
  });

  it('moves a reseller to the top, under an admin', async () => {
    const { sub } = await createResellerTree(t.app);
    const response = await t.as(t.adminToken).post('/api/resellers/transfer', {
      resellerId: sub.account.id,
      masterId: TEST_ADMIN.id,
    });
    expect(response.json().master_id).toBe(TEST_ADMIN.id);
    expect((await accountRow(t.db, sub.account.id))?.path).toBe(`/${TEST_ADMIN.id}/${sub.account.id}/`);
  });

  it('refuses moving a reseller under itself or its own descendant', async () => {
    const { master, sub, subsub } = await createResellerTree(t.app);
    const watched = { accounts: [master.account.id, sub.account.id, subsub.account.id] };
    const refusal = {
      code: 'validation_failed',
      message: RESELLER_MESSAGES.transferIntoOwnTree,
      field: 'masterId',
    } as const;
    await expectRefusedAndUnchanged(
      t.db,
      () => transfer(master.account.id, master.account.id),
      { status: 400, ...refusal },
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      () => transfer(master.account.id, subsub.account.id),
      { status: 422, ...refusal },
      watched,
    );
  });

  it('refuses a publisher or the bucket as master, and moving the bucket', async () => {
    const { sub } = await createResellerTree(t.app);
    const publisher = await createAccount(t.app, { role: 'publisher' });
    const watched = { accounts: [sub.account.id, publisher.id, bucket.id] };
    for (const masterId of [publisher.id, bucket.id]) {
      await expectRefusedAndUnchanged(
        t.db,
        () => transfer(sub.account.id, masterId),
        {
          status: 422,
          code: 'validation_failed',
          message: RESELLER_MESSAGES.transferInvalidMaster,
          field: 'masterId',
        },
        watched,
        String(masterId),
      );
    }
    await expectRefusedAndUnchanged(
      t.db,
      () => transfer(bucket.id, sub.account.id),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.bucketLocked },
      watched,
    );
    await expectRefusedAndUnchanged(t.db, () => transfer(987_654, TEST_ADMIN.id), NOT_FOUND, watched);
  });

  it.each([
    [{ masterId: 1 }, 'resellerId', RESELLER_MESSAGES.resellerRequired],
    [{ resellerId: 5 }, 'masterId', RESELLER_MESSAGES.masterRequired],
    [{ resellerId: '5', masterId: 1 }, 'resellerId', RESELLER_MESSAGES.resellerRequired],
  ])('refuses %j with the spec message', async (payload, field, message) => {
    expectRefusal(await t.as(t.adminToken).post('/api/resellers/transfer', payload), {
      status: 400,
      code: 'validation_failed',
      message,
      field,
    });
  });
});

describe('invariant', () => {
  it('after everything above, every balance equals the sum of its ledger rows', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
