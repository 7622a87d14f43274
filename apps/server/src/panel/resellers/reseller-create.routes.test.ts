import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createResellerTree, signInAs } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { accountRow, logsAboutAccount } from '../../../test/reads';
import { expectRefusedAndUnchanged } from '../../../test/refusals';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { accounts, creditLedger } from '../../db/schema';

/** Creating a sub-reseller: its credits leave the creator through the ledger. */
const t = useTestApp();

describe('POST /api/resellers', () => {
  it('creates a sub-reseller whose credits leave the creator (double entry, logged)', async () => {
    const { master } = await createResellerTree(t.app);
    const response = await t.as(master.token).post('/api/resellers', {
      username: 'novarevenda1',
      password: 'senha@19',
      credits: 30,
      email: 'nova@revenda.com',
      member_group_id: 1,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      username: 'novarevenda1',
      credits: '30.00',
      status: 1,
      master_id: master.account.id,
      email: 'nova@revenda.com',
      is_publisher: 0,
    });
    const row = await accountRow(t.db, created.id);
    expect(row).toMatchObject({
      role: 'reseller',
      parentId: master.account.id,
      path: `${master.account.path}${created.id}/`,
    });
    expect((await accountRow(t.db, master.account.id))?.credits).toBe('70.00');
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.targetAccountId, created.id));
    expect(ledger.map((entry) => [entry.accountId, entry.amount, entry.kind, entry.action])).toEqual([
      [master.account.id, '-30.00', 'transfer', 'created'],
      [created.id, '30.00', 'transfer', 'created'],
    ]);
    expect(await logsAboutAccount(t.db, created.id)).toEqual([
      expect.objectContaining({
        action: 'created',
        type: 'resellers',
        actorId: master.account.id,
        value: '30.00',
        valueInt: 30,
        actorCreditsBefore: '100.00',
        actorCreditsAfter: '70.00',
        targetCreditsBefore: '0.00',
        targetCreditsAfter: '30.00',
      }),
    ]);
    const signedIn = await signInAs(t.app, 'novarevenda1', 'senha@19');
    expect((await t.as(signedIn).get('/api/profile')).json()).toMatchObject({ username: 'novarevenda1' });
  });

  it('defaults to 10 credits', async () => {
    const { master } = await createResellerTree(t.app);
    const response = await t.as(master.token).post('/api/resellers', {
      username: 'dezcreditos',
      password: 'senha@19',
    });
    expect(response.json().credits).toBe('10.00');
  });

  it('lets an admin create by minting: the admin balance does not move', async () => {
    const response = await t.as(t.adminToken).post('/api/resellers', {
      username: 'doadmin01',
      password: 'senha@19',
      credits: 500,
    });
    expect(response.statusCode).toBe(201);
    expect((await accountRow(t.db, TEST_ADMIN.id))?.credits).toBe('0.00');
    const [entry] = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.accountId, response.json().id));
    expect(entry).toMatchObject({ kind: 'mint', amount: '500.00', counterpartyId: TEST_ADMIN.id });
    expect(response.json().master_id).toBe(TEST_ADMIN.id);
  });

  it('refuses more credits than the creator has, and creates nothing', async () => {
    const { master } = await createResellerTree(t.app);
    await expectRefusedAndUnchanged(
      t.db,
      () =>
        t.as(master).post('/api/resellers', { username: 'carodemais', password: 'senha@19', credits: 101 }),
      {
        status: 409,
        code: 'insufficient_credits',
        message: LEDGER_MESSAGES.insufficientCredits,
        field: 'credits',
      },
      { accounts: [master.account.id] },
    );
  });

  it('refuses a taken username, whatever its case (409 on username)', async () => {
    const { master, other } = await createResellerTree(t.app);
    await t.db.update(accounts).set({ username: 'OcupadoJa1' }).where(eq(accounts.id, other.account.id));
    await expectRefusedAndUnchanged(
      t.db,
      () =>
        t.as(master).post('/api/resellers', { username: 'ocupadoja1', password: 'senha@19', credits: 10 }),
      { status: 409, code: 'conflict', message: RESELLER_MESSAGES.usernameTaken, field: 'username' },
      { accounts: [master.account.id, other.account.id] },
    );
  });

  it.each([
    [{ username: 'abc' }, 'username', RESELLER_MESSAGES.usernameMin],
    [{ username: '' }, 'username', RESELLER_MESSAGES.required],
    [{ username: 'Maiusculo1' }, 'username', RESELLER_MESSAGES.usernameCharset],
    [{ username: 'com espaco' }, 'username', RESELLER_MESSAGES.usernameCharset],
    [{ password: 'a1b2c' }, 'password', AUTH_MESSAGES.passwordMin],
    [{ password: 'senha!19' }, 'password', AUTH_MESSAGES.passwordCharset],
    [{ password: 'senha123' }, 'password', AUTH_MESSAGES.noSequences],
    [{ credits: 9 }, 'credits', RESELLER_MESSAGES.creditsMin],
    [{ credits: -100 }, 'credits', RESELLER_MESSAGES.creditsMin],
    [{ credits: 'dez' }, 'credits', RESELLER_MESSAGES.creditsNumeric],
    [{ credits: 10.5 }, 'credits', RESELLER_MESSAGES.creditsNumeric],
    [{ email: 'sem-arroba' }, 'email', RESELLER_MESSAGES.emailInvalid],
  ])('refuses %j with the spec message', async (patch, field, message) => {
    const { master } = await createResellerTree(t.app);
    await expectRefusedAndUnchanged(
      t.db,
      () =>
        t
          .as(master)
          .post('/api/resellers', { username: 'valido123', password: 'senha@19', credits: 10, ...patch }),
      { status: 400, code: 'validation_failed', message, field },
      { accounts: [master.account.id] },
    );
  });
});

describe('invariant', () => {
  it('after everything above, every balance equals the sum of its ledger rows', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
