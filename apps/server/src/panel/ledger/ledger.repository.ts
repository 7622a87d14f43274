import { fromCents, toCents } from '@panel/shared/money/credits';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/execute-rows';
import type { Transaction } from '../../db/run-in-transaction';
import { accounts, creditLedger, type AccountRow } from '../../db/schema';

export interface AccountBalance {
  id: number;
  role: AccountRow['role'];
  creditsCents: number;
}

/** A balance before and after one statement, in integer cents. */
export interface BalanceStep {
  beforeCents: number;
  afterCents: number;
}

/**
 * Locks the accounts' rows until the transaction ends, in ascending id order: two transactions that
 * lock the same pair always queue instead of deadlocking. NO KEY UPDATE is the lock an UPDATE of the
 * balance takes anyway; unlike FOR UPDATE it does not collide with the KEY SHARE lock that inserting
 * a child account (foreign key to its parent) takes on the parent, which would deadlock two
 * creations under the same master.
 */
export async function lockAccountsInOrder(
  tx: Transaction,
  ids: readonly number[],
): Promise<AccountBalance[]> {
  const rows = await tx
    .select({ id: accounts.id, role: accounts.role, credits: sql<string>`${accounts.credits}::text` })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]))
    .orderBy(asc(accounts.id))
    .for('no key update');
  return rows.map((row) => ({ id: row.id, role: row.role, creditsCents: toCents(row.credits) }));
}

/** Roles and balances without locking; a role never changes, so reading it needs no lock. */
export async function readAccounts(tx: Transaction, ids: readonly number[]): Promise<AccountBalance[]> {
  const rows = await tx
    .select({ id: accounts.id, role: accounts.role, credits: sql<string>`${accounts.credits}::text` })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
  return rows.map((row) => ({ id: row.id, role: row.role, creditsCents: toCents(row.credits) }));
}

/**
 * Takes `cents` from the balance only if the balance covers it: the check and the debit are one
 * statement, so no interleaving of requests can take a balance below zero. Undefined when not covered.
 */
export async function debitIfCovered(
  tx: Transaction,
  accountId: number,
  cents: number,
): Promise<BalanceStep | undefined> {
  const amount = fromCents(cents);
  const [row] = await tx
    .update(accounts)
    .set({ credits: sql`${accounts.credits} - ${amount}::numeric` })
    .where(and(eq(accounts.id, accountId), sql`${accounts.credits} >= ${amount}::numeric`))
    .returning({
      before: sql<string>`(${accounts.credits} + ${amount}::numeric)::text`,
      after: sql<string>`${accounts.credits}::text`,
    });
  return row ? { beforeCents: toCents(row.before), afterCents: toCents(row.after) } : undefined;
}

/** Adds `cents` to the balance. Undefined when the account does not exist. */
export async function creditAccount(
  tx: Transaction,
  accountId: number,
  cents: number,
): Promise<BalanceStep | undefined> {
  const amount = fromCents(cents);
  const [row] = await tx
    .update(accounts)
    .set({ credits: sql`${accounts.credits} + ${amount}::numeric` })
    .where(eq(accounts.id, accountId))
    .returning({
      before: sql<string>`(${accounts.credits} - ${amount}::numeric)::text`,
      after: sql<string>`${accounts.credits}::text`,
    });
  return row ? { beforeCents: toCents(row.before), afterCents: toCents(row.after) } : undefined;
}

/**
 * debitIfCovered and the ledger row of that debit in one statement (a data-modifying CTE): the row is
 * written if and only if the balance covered the amount. One round trip instead of two for every
 * paid line action; undefined (nothing written) when not covered.
 */
export async function debitWithEntry(
  tx: Transaction,
  entry: Omit<NewLedgerEntry, 'amountCents' | 'step'> & { cents: number },
): Promise<BalanceStep | undefined> {
  const amount = fromCents(entry.cents);
  const result = await tx.execute(sql`
    with debit as (
      update ${accounts} set credits = credits - ${amount}::numeric
      where id = ${entry.accountId} and credits >= ${amount}::numeric
      returning credits + ${amount}::numeric as before, credits as after
    )
    insert into ${creditLedger} (account_id, counterparty_id, actor_id, kind, action, type, line_id,
                                 target_account_id, amount, balance_before, balance_after)
    select ${entry.accountId}, ${entry.counterpartyId}::int, ${entry.actorId}, ${entry.kind}, ${entry.action},
           ${entry.type}, ${entry.lineId}::int, ${entry.targetAccountId}::int, -${amount}::numeric, debit.before,
           debit.after
    from debit
    returning balance_before::text as before, balance_after::text as after`);
  const [row] = rowsOf<{ before: string; after: string }>(result);
  return row ? { beforeCents: toCents(row.before), afterCents: toCents(row.after) } : undefined;
}

export interface NewLedgerEntry {
  accountId: number;
  counterpartyId: number | null;
  actorId: number;
  kind: (typeof creditLedger.$inferInsert)['kind'];
  action: (typeof creditLedger.$inferInsert)['action'];
  type: (typeof creditLedger.$inferInsert)['type'];
  lineId: number | null;
  targetAccountId: number | null;
  amountCents: number;
  step: BalanceStep;
}

export async function insertLedgerEntries(
  tx: Transaction,
  entries: readonly NewLedgerEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(creditLedger).values(
    entries.map((entry) => ({
      accountId: entry.accountId,
      counterpartyId: entry.counterpartyId,
      actorId: entry.actorId,
      kind: entry.kind,
      action: entry.action,
      type: entry.type,
      lineId: entry.lineId,
      targetAccountId: entry.targetAccountId,
      amount: fromCents(entry.amountCents),
      balanceBefore: fromCents(entry.step.beforeCents),
      balanceAfter: fromCents(entry.step.afterCents),
    })),
  );
}

const actor = alias(accounts, 'ledger_actor');
const counterparty = alias(accounts, 'ledger_counterparty');

export async function listLedgerEntries(
  db: Database,
  accountId: number,
  page: { offset: number; limit: number; direction: 'asc' | 'desc' },
) {
  const where = eq(creditLedger.accountId, accountId);
  const rows = await db
    .select({
      id: creditLedger.id,
      createdAt: creditLedger.createdAt,
      kind: creditLedger.kind,
      action: creditLedger.action,
      type: creditLedger.type,
      amount: sql<string>`${creditLedger.amount}::text`,
      balanceBefore: sql<string>`${creditLedger.balanceBefore}::text`,
      balanceAfter: sql<string>`${creditLedger.balanceAfter}::text`,
      actorId: creditLedger.actorId,
      actorUsername: actor.username,
      counterpartyId: creditLedger.counterpartyId,
      counterpartyUsername: counterparty.username,
      targetAccountId: creditLedger.targetAccountId,
      lineId: creditLedger.lineId,
    })
    .from(creditLedger)
    .leftJoin(actor, eq(actor.id, creditLedger.actorId))
    .leftJoin(counterparty, eq(counterparty.id, creditLedger.counterpartyId))
    .where(where)
    .orderBy(page.direction === 'asc' ? asc(creditLedger.id) : desc(creditLedger.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(creditLedger).where(where);
  return { rows, total: total?.value ?? 0 };
}
