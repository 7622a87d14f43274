import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { accounts, creditLedger } from '../../db/schema';
import { burnCredits, mintCredits, moveCredits, spendCredits, transferCredits } from './ledger.service';

let testApp: TestApp;
let db: Database;
const ADMIN_ID = 1;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.database.db;
});
afterAll(() => testApp.close());

async function creditsOf(id: number): Promise<string> {
  const [row] = await db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, id));
  return row?.credits ?? 'missing';
}

async function ledgerRowsOf(id: number) {
  return db.select().from(creditLedger).where(eq(creditLedger.accountId, id)).orderBy(creditLedger.id);
}

const reason = { actorId: ADMIN_ID, action: 'add' as const, type: 'credits' as const };

describe('transferCredits', () => {
  it('moves the exact amount and writes both sides with balances before and after', async () => {
    const from = await createAccount(testApp.app, { credits: '100.10' });
    const to = await createAccount(testApp.app, { credits: '0.20' });
    const result = await runInTransaction(db, (tx) =>
      transferCredits(tx, { ...reason, actorId: from.id, fromId: from.id, toId: to.id, amountCents: 1_010 }),
    );
    expect(result).toEqual({
      from: { accountId: from.id, beforeCents: 10_010, afterCents: 9_000 },
      to: { accountId: to.id, beforeCents: 20, afterCents: 1_030 },
    });
    expect(await creditsOf(from.id)).toBe('90.00');
    expect(await creditsOf(to.id)).toBe('10.30');
    const [, debit] = await ledgerRowsOf(from.id);
    expect(debit).toMatchObject({
      kind: 'transfer',
      amount: '-10.10',
      balanceBefore: '100.10',
      balanceAfter: '90.00',
      counterpartyId: to.id,
      actorId: from.id,
    });
    const [, credit] = await ledgerRowsOf(to.id);
    expect(credit).toMatchObject({
      amount: '10.10',
      balanceBefore: '0.20',
      balanceAfter: '10.30',
      counterpartyId: from.id,
    });
  });

  it('refuses a move the balance does not cover and writes nothing', async () => {
    const from = await createAccount(testApp.app, { credits: '9.99' });
    const to = await createAccount(testApp.app, { credits: '0' });
    const attempt = runInTransaction(db, (tx) =>
      transferCredits(tx, { ...reason, fromId: from.id, toId: to.id, amountCents: 1_000 }),
    );
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      code: 'insufficient_credits',
      message: LEDGER_MESSAGES.insufficientCredits,
    });
    expect(await creditsOf(from.id)).toBe('9.99');
    expect(await creditsOf(to.id)).toBe('0.00');
    expect(await ledgerRowsOf(to.id)).toHaveLength(0);
    expect(await ledgerRowsOf(from.id)).toHaveLength(1);
  });

  it.each([0, -1_000, 10.5, Number.NaN])(
    'never moves an amount of %s cents, in either direction',
    async (amount) => {
      const from = await createAccount(testApp.app, { credits: '50' });
      const to = await createAccount(testApp.app, { credits: '50' });
      await expect(
        runInTransaction(db, (tx) =>
          transferCredits(tx, { ...reason, fromId: from.id, toId: to.id, amountCents: amount }),
        ),
      ).rejects.toThrow(RangeError);
      expect([await creditsOf(from.id), await creditsOf(to.id)]).toEqual(['50.00', '50.00']);
    },
  );

  it('rolls back the move when a later step of the same transaction fails', async () => {
    const from = await createAccount(testApp.app, { credits: '30' });
    const to = await createAccount(testApp.app, { credits: '0' });
    await expect(
      runInTransaction(db, async (tx) => {
        await transferCredits(tx, { ...reason, fromId: from.id, toId: to.id, amountCents: 1_000 });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect([await creditsOf(from.id), await creditsOf(to.id)]).toEqual(['30.00', '0.00']);
    expect(await ledgerRowsOf(to.id)).toHaveLength(0);
  });
});

describe('mint and burn', () => {
  it('an admin mints: the account grows, the admin balance does not move, the row names the admin', async () => {
    const account = await createAccount(testApp.app, { credits: '0' });
    const adminBefore = await creditsOf(ADMIN_ID);
    const change = await runInTransaction(db, (tx) =>
      mintCredits(tx, { ...reason, accountId: account.id, amountCents: 2_500 }),
    );
    expect(change).toEqual({ accountId: account.id, beforeCents: 0, afterCents: 2_500 });
    expect(await creditsOf(ADMIN_ID)).toBe(adminBefore);
    expect(await ledgerRowsOf(account.id)).toEqual([
      expect.objectContaining({ kind: 'mint', amount: '25.00', counterpartyId: ADMIN_ID, actorId: ADMIN_ID }),
    ]);
  });

  it('only an admin mints or burns', async () => {
    const reseller = await createAccount(testApp.app, { credits: '10' });
    const other = await createAccount(testApp.app, { credits: '10' });
    await expect(
      runInTransaction(db, (tx) =>
        mintCredits(tx, { ...reason, actorId: reseller.id, accountId: other.id, amountCents: 100 }),
      ),
    ).rejects.toThrow('not an admin');
    await expect(
      runInTransaction(db, (tx) =>
        burnCredits(tx, { ...reason, actorId: reseller.id, accountId: other.id, amountCents: 100 }),
      ),
    ).rejects.toThrow('not an admin');
    expect(await creditsOf(other.id)).toBe('10.00');
  });

  it('an admin burns, but never beyond the balance', async () => {
    const account = await createAccount(testApp.app, { credits: '15' });
    await runInTransaction(db, (tx) =>
      burnCredits(tx, { ...reason, accountId: account.id, amountCents: 500 }),
    );
    expect(await creditsOf(account.id)).toBe('10.00');
    await expect(
      runInTransaction(db, (tx) => burnCredits(tx, { ...reason, accountId: account.id, amountCents: 1_001 })),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect(await creditsOf(account.id)).toBe('10.00');
  });
});

describe('spendCredits (paid line actions)', () => {
  it('charges a reseller exactly, to the cent', async () => {
    const reseller = await createAccount(testApp.app, { credits: '1.00' });
    for (let i = 0; i < 3; i++) {
      await runInTransaction(db, (tx) =>
        spendCredits(tx, {
          ...reason,
          actorId: reseller.id,
          action: 'renewed',
          type: 'users',
          accountId: reseller.id,
          amountCents: 33,
        }),
      );
    }
    expect(await creditsOf(reseller.id)).toBe('0.01');
    const rows = await ledgerRowsOf(reseller.id);
    expect(rows.at(-1)).toMatchObject({
      kind: 'spend',
      amount: '-0.33',
      balanceBefore: '0.34',
      balanceAfter: '0.01',
    });
  });

  it('refuses a cost beyond the balance with the Portuguese message', async () => {
    const reseller = await createAccount(testApp.app, { credits: '0.50' });
    await expect(
      runInTransaction(db, (tx) =>
        spendCredits(tx, {
          ...reason,
          action: 'renewed',
          type: 'users',
          accountId: reseller.id,
          amountCents: 51,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: 'Créditos insuficientes.' });
    expect(await creditsOf(reseller.id)).toBe('0.50');
  });

  it('is free for an admin and for zero-cost actions, and writes nothing then', async () => {
    const reseller = await createAccount(testApp.app, { credits: '5' });
    const admin = await runInTransaction(db, (tx) =>
      spendCredits(tx, {
        ...reason,
        action: 'renewed',
        type: 'users',
        accountId: ADMIN_ID,
        amountCents: 500,
      }),
    );
    expect(admin.charged).toBe(false);
    const trial = await runInTransaction(db, (tx) =>
      spendCredits(tx, {
        ...reason,
        action: 'user_created',
        type: 'test_users',
        accountId: reseller.id,
        amountCents: 0,
      }),
    );
    expect(trial).toEqual({
      charged: false,
      change: { accountId: reseller.id, beforeCents: 500, afterCents: 500 },
    });
    expect(await ledgerRowsOf(ADMIN_ID)).toHaveLength(0);
    expect(await ledgerRowsOf(reseller.id)).toHaveLength(1);
    await expect(
      runInTransaction(db, (tx) =>
        spendCredits(tx, { ...reason, accountId: reseller.id, amountCents: -100 }),
      ),
    ).rejects.toThrow(RangeError);
  });
});

describe('moveCredits', () => {
  it('is a mint from an admin, a burn to an admin and a transfer between resellers', async () => {
    const a = await createAccount(testApp.app, { credits: '20' });
    const b = await createAccount(testApp.app, { credits: '0' });
    const fromAdmin = await runInTransaction(db, (tx) =>
      moveCredits(tx, { ...reason, fromId: ADMIN_ID, toId: a.id, amountCents: 1_000 }),
    );
    expect(fromAdmin).toMatchObject({
      kind: 'mint',
      from: null,
      to: { beforeCents: 2_000, afterCents: 3_000 },
    });
    const toAdmin = await runInTransaction(db, (tx) =>
      moveCredits(tx, { ...reason, fromId: a.id, toId: ADMIN_ID, amountCents: 500 }),
    );
    expect(toAdmin).toMatchObject({ kind: 'burn', from: { afterCents: 2_500 }, to: null });
    const between = await runInTransaction(db, (tx) =>
      moveCredits(tx, { ...reason, actorId: a.id, fromId: a.id, toId: b.id, amountCents: 2_500 }),
    );
    expect(between).toMatchObject({ kind: 'transfer', from: { afterCents: 0 }, to: { afterCents: 2_500 } });
    await expect(
      runInTransaction(db, (tx) =>
        moveCredits(tx, { ...reason, fromId: a.id, toId: 987_654, amountCents: 100 }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the ledger is append-only and always adds up', () => {
  it('refuses UPDATE and DELETE in the database itself', async () => {
    await createAccount(testApp.app, { credits: '10' });
    await expect(db.execute(sql`update credit_ledger set amount = 1000000`)).rejects.toThrow();
    await expect(db.execute(sql`delete from credit_ledger`)).rejects.toThrow();
  });

  it('keeps every account balance equal to the sum of its ledger rows', async () => {
    expect(await findLedgerMismatches(db)).toEqual([]);
  });

  it('(the check itself notices a balance changed outside the ledger)', async () => {
    const account = await createAccount(testApp.app, { credits: '10' });
    await db.update(accounts).set({ credits: '10.01' }).where(eq(accounts.id, account.id));
    expect(await findLedgerMismatches(db)).toEqual([
      { id: account.id, username: account.username, credits: '10.01', ledger: '10.00' },
    ]);
    await db.update(accounts).set({ credits: '10.00' }).where(eq(accounts.id, account.id));
  });
});
