import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createResellerTree, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { accountRow, logsAboutAccount } from '../../../test/reads';
import { expectRefusedAndUnchanged, NOT_FOUND } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import { creditLedger } from '../../db/schema';

/** Giving and taking back credits, and the statements that show them. */
const t = useTestApp();

describe('POST /api/resellers/:id/credits', () => {
  const move = (token: string, id: number, value: unknown) =>
    t.as(token).post(`/api/resellers/${id}/credits`, { value });

  it('gives credits from the master to the reseller (double entry, logged)', async () => {
    const { master, sub } = await createResellerTree(t.app);
    const response = await move(master.token, sub.account.id, 10);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      reseller: { id: sub.account.id, credits: '30.00' },
      caller_credits: '90.00',
    });
    expect((await accountRow(t.db, master.account.id))?.credits).toBe('90.00');
    const [entry] = await logsAboutAccount(t.db, sub.account.id);
    expect(entry).toMatchObject({
      action: 'add',
      type: 'credits',
      value: '10.00',
      valueInt: 10,
      actorId: master.account.id,
      actorCreditsBefore: '100.00',
      actorCreditsAfter: '90.00',
      targetCreditsBefore: '20.00',
      targetCreditsAfter: '30.00',
    });
  });

  it('takes credits back with a negative value, never beyond the reseller’s balance', async () => {
    const { master, sub } = await createResellerTree(t.app);
    const back = await move(master.token, sub.account.id, -15);
    expect(back.json()).toMatchObject({ reseller: { credits: '5.00' }, caller_credits: '115.00' });
    expect((await logsAboutAccount(t.db, sub.account.id)).at(-1)).toMatchObject({
      action: 'remove',
      valueInt: -15,
      value: '-15.00',
    });
    await expectRefusedAndUnchanged(
      t.db,
      () => move(master.token, sub.account.id, -10),
      {
        status: 409,
        code: 'insufficient_credits',
        message: RESELLER_MESSAGES.resellerInsufficientCredits,
        field: 'value',
      },
      { accounts: [master.account.id, sub.account.id] },
    );
  });

  it('refuses giving more than the master has, and writes nothing', async () => {
    const { master, sub } = await createResellerTree(t.app);
    await expectRefusedAndUnchanged(
      t.db,
      () => move(master.token, sub.account.id, 110),
      {
        status: 409,
        code: 'insufficient_credits',
        message: LEDGER_MESSAGES.insufficientCredits,
        field: 'value',
      },
      { accounts: [master.account.id, sub.account.id] },
    );
  });

  it('a negative value never mints: a reseller with no balance gives nothing back', async () => {
    const { sub, subsub } = await createResellerTree(t.app);
    await expectRefusedAndUnchanged(
      t.db,
      () => move(sub.token, subsub.account.id, -10),
      {
        status: 409,
        code: 'insufficient_credits',
        message: RESELLER_MESSAGES.resellerInsufficientCredits,
        field: 'value',
      },
      { accounts: [sub.account.id, subsub.account.id] },
    );
  });

  it('a sub-reseller cannot give itself credits, nor act upwards or sideways', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    const watched = { accounts: [master.account.id, sub.account.id, other.account.id] };
    await expectRefusedAndUnchanged(
      t.db,
      () => move(sub.token, sub.account.id, 10),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.ownAccount },
      watched,
    );
    await expectRefusedAndUnchanged(t.db, () => move(sub.token, master.account.id, -10), NOT_FOUND, watched);
    await expectRefusedAndUnchanged(t.db, () => move(sub.token, master.account.id, 10), NOT_FOUND, watched);
    await expectRefusedAndUnchanged(
      t.db,
      () => move(master.token, other.account.id, -10),
      NOT_FOUND,
      watched,
    );
  });

  it('works down the whole subtree, from the caller’s own balance', async () => {
    const { master, sub, subsub } = await createResellerTree(t.app);
    expect((await move(master.token, subsub.account.id, 25)).json().caller_credits).toBe('75.00');
    expect((await accountRow(t.db, sub.account.id))?.credits).toBe('20.00');
    expect((await accountRow(t.db, subsub.account.id))?.credits).toBe('25.00');
  });

  it('an admin mints and burns; its own balance never moves', async () => {
    const { master } = await createResellerTree(t.app);
    const minted = await move(t.adminToken, master.account.id, 1000);
    expect(minted.json()).toMatchObject({ reseller: { credits: '1100.00' }, caller_credits: '0.00' });
    const burned = await move(t.adminToken, master.account.id, -100);
    expect(burned.json().reseller.credits).toBe('1000.00');
    const kinds = await t.db.select().from(creditLedger).where(eq(creditLedger.accountId, master.account.id));
    expect(kinds.map((entry) => entry.kind)).toEqual(['mint', 'mint', 'burn']);
    expect(
      (await logsAboutAccount(t.db, master.account.id)).map((entry) => [
        entry.action,
        entry.actorCreditsBefore,
      ]),
    ).toEqual([
      ['add', null],
      ['remove', null],
    ]);
  });

  it.each([
    [9, RESELLER_MESSAGES.creditChangeMin],
    [-9, RESELLER_MESSAGES.creditChangeMin],
    [0, RESELLER_MESSAGES.creditChangeMin],
    [undefined, RESELLER_MESSAGES.creditChangeMin],
    [10.5, RESELLER_MESSAGES.creditsNumeric],
    ['abc', RESELLER_MESSAGES.creditsNumeric],
    [2_000_000, RESELLER_MESSAGES.creditsMax],
  ])('refuses value %j with the spec message', async (value, message) => {
    const { master, sub } = await createResellerTree(t.app);
    await expectRefusedAndUnchanged(
      t.db,
      () => move(master.token, sub.account.id, value),
      { status: 400, code: 'validation_failed', message, field: 'value' },
      { accounts: [master.account.id, sub.account.id] },
    );
  });
});

describe('ledgers', () => {
  it('GET /api/resellers/:id/ledger shows one account in scope, 404 outside', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    await t.as(master.token).post(`/api/resellers/${sub.account.id}/credits`, { value: 10 });
    const response = await t.as(master.token).get(`/api/resellers/${sub.account.id}/ledger`);
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({ page: 1, pages: 1, per: 10, total: 2 });
    expect(response.json().data[0]).toMatchObject({
      kind: 'transfer',
      action: 'add',
      type: 'credits',
      amount: '10.00',
      balance_before: '20.00',
      balance_after: '30.00',
      actor_id: master.account.id,
      actor_username: master.account.username,
      counterparty_id: master.account.id,
      target_account_id: sub.account.id,
    });
    expect(response.json().data[1]).toMatchObject({ kind: 'mint', action: 'bonus', amount: '20.00' });
    expect((await t.as(master.token).get(`/api/resellers/${other.account.id}/ledger`)).statusCode).toBe(404);
    expect((await t.as(sub.token).get(`/api/resellers/${master.account.id}/ledger`)).statusCode).toBe(404);
  });

  it('GET /api/credits/ledger shows the caller’s own statement', async () => {
    const { master, sub } = await createResellerTree(t.app);
    await t.as(master.token).post(`/api/resellers/${sub.account.id}/credits`, { value: 10 });
    const response = await t.as(master.token).get('/api/credits/ledger?order_by=id,asc');
    expect(response.json().data.map((entry: { amount: string }) => entry.amount)).toEqual([
      '100.00',
      '-10.00',
    ]);
    const { token } = await createSignedInAccount(t.app, { role: 'publisher', credits: '5' });
    expect((await t.as(token).get('/api/credits/ledger')).json().meta.total).toBe(1);
  });
});

describe('invariant', () => {
  it('after everything above, every balance equals the sum of its ledger rows', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
