import type { LedgerEntry, LedgerList, LedgerQuery } from '@panel/shared/money/ledger-entry-schema';
import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { listMeta } from '@panel/shared/lists/list-query';
import type { LogAction, LogType } from '@panel/shared/logs/log-codes';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import {
  creditAccount,
  debitIfCovered,
  debitWithEntry,
  insertLedgerEntries,
  listLedgerEntries,
  lockAccountsInOrder,
  readAccounts,
  type AccountBalance,
  type BalanceStep,
} from './ledger.repository';

/**
 * The one place credits move (docs/decisions/0010). Every function takes a transaction, so the
 * balance change, its ledger rows and the caller's log row commit or roll back together. Amounts are
 * positive integer cents and the direction is in the function's name: a negative or zero amount is a
 * bug and throws, it can never move credits the other way.
 */

export interface LedgerReason {
  /** Who asked for the move. */
  actorId: number;
  action: LogAction;
  type: LogType;
  lineId?: number | null;
  targetAccountId?: number | null;
}

export interface BalanceChange extends BalanceStep {
  accountId: number;
}

export class InsufficientCreditsError extends AppError {
  constructor(
    readonly accountId: number,
    message: string = LEDGER_MESSAGES.insufficientCredits,
  ) {
    super(409, 'insufficient_credits', message);
  }
}

function assertPositiveCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`A ledger amount must be a positive whole number of cents, got ${amountCents}`);
  }
}

// Balances are never read here to decide anything: only roles, which never change, so no lock is taken
// (locking the admin's row would queue every admin action behind one another).
async function readOne(tx: Transaction, accountId: number): Promise<AccountBalance> {
  const [account] = await readAccounts(tx, [accountId]);
  if (!account) throw AppError.notFound();
  return account;
}

async function requireAdmin(tx: Transaction, adminId: number): Promise<void> {
  const admin = await readOne(tx, adminId);
  // Only an admin may create or destroy credits; anything else is a bug in the calling service.
  if (admin.role !== 'admin') throw new Error(`Account ${adminId} is not an admin and cannot mint or burn`);
}

function reasonColumns(reason: LedgerReason) {
  return {
    actorId: reason.actorId,
    action: reason.action,
    type: reason.type,
    lineId: reason.lineId ?? null,
    targetAccountId: reason.targetAccountId ?? null,
  };
}

/** Double entry: `from` pays, `to` receives; two ledger rows. Refused (nothing written) when `from` cannot cover it. */
export async function transferCredits(
  tx: Transaction,
  input: LedgerReason & { fromId: number; toId: number; amountCents: number; insufficientMessage?: string },
): Promise<{ from: BalanceChange; to: BalanceChange }> {
  assertPositiveCents(input.amountCents);
  if (input.fromId === input.toId) throw new Error('A transfer needs two different accounts');
  const locked = await lockAccountsInOrder(tx, [input.fromId, input.toId]);
  if (locked.length !== 2) throw AppError.notFound();
  const debit = await debitIfCovered(tx, input.fromId, input.amountCents);
  if (!debit) throw new InsufficientCreditsError(input.fromId, input.insufficientMessage);
  const credit = await creditAccount(tx, input.toId, input.amountCents);
  if (!credit) throw AppError.notFound();
  const common = { ...reasonColumns(input), kind: 'transfer' as const };
  await insertLedgerEntries(tx, [
    {
      ...common,
      accountId: input.fromId,
      counterpartyId: input.toId,
      amountCents: -input.amountCents,
      step: debit,
    },
    {
      ...common,
      accountId: input.toId,
      counterpartyId: input.fromId,
      amountCents: input.amountCents,
      step: credit,
    },
  ]);
  return { from: { accountId: input.fromId, ...debit }, to: { accountId: input.toId, ...credit } };
}

/**
 * An admin creates credits on an account. The admin's own balance does not move; the row names the
 * admin as counterparty (and the actor), so every credit in circulation traces back to who minted it.
 */
export async function mintCredits(
  tx: Transaction,
  input: LedgerReason & { accountId: number; amountCents: number; adminId?: number },
): Promise<BalanceChange> {
  assertPositiveCents(input.amountCents);
  const adminId = input.adminId ?? input.actorId;
  await requireAdmin(tx, adminId);
  const account = await readOne(tx, input.accountId);
  if (account.role === 'admin') throw new Error('An admin balance never moves');
  const credit = await creditAccount(tx, input.accountId, input.amountCents);
  if (!credit) throw AppError.notFound();
  await insertLedgerEntries(tx, [
    {
      ...reasonColumns(input),
      kind: 'mint',
      accountId: input.accountId,
      counterpartyId: adminId,
      amountCents: input.amountCents,
      step: credit,
    },
  ]);
  return { accountId: input.accountId, ...credit };
}

/** An admin destroys credits of an account; refused (nothing written) beyond the balance. */
export async function burnCredits(
  tx: Transaction,
  input: LedgerReason & {
    accountId: number;
    amountCents: number;
    adminId?: number;
    insufficientMessage?: string;
  },
): Promise<BalanceChange> {
  assertPositiveCents(input.amountCents);
  const adminId = input.adminId ?? input.actorId;
  await requireAdmin(tx, adminId);
  const account = await readOne(tx, input.accountId);
  if (account.role === 'admin') throw new Error('An admin balance never moves');
  const debit = await debitIfCovered(tx, input.accountId, input.amountCents);
  if (!debit) throw new InsufficientCreditsError(input.accountId, input.insufficientMessage);
  await insertLedgerEntries(tx, [
    {
      ...reasonColumns(input),
      kind: 'burn',
      accountId: input.accountId,
      counterpartyId: adminId,
      amountCents: -input.amountCents,
      step: debit,
    },
  ]);
  return { accountId: input.accountId, ...debit };
}

/**
 * Charges an account for a paid action (a line renewal, more screens…). Admin actions are free
 * (docs/product/costs.md#admins-act-for-free) and so are zero-cost ones (a trial): nothing is written and `charged` is false.
 * A balance that does not cover the cost refuses the whole request with 'Créditos insuficientes.'.
 *
 * `role` is the payer's role when the caller already knows it (the session does; a role never
 * changes): a reseller's charge is then one statement — the conditional debit and its ledger row
 * together — with no read before it.
 */
export async function spendCredits(
  tx: Transaction,
  input: LedgerReason & { accountId: number; amountCents: number; role?: AccountBalance['role'] },
): Promise<{ charged: boolean; change: BalanceChange }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0) {
    throw new RangeError(`A cost must be zero or a positive whole number of cents, got ${input.amountCents}`);
  }
  const debit = () =>
    debitWithEntry(tx, {
      ...reasonColumns(input),
      kind: 'spend',
      accountId: input.accountId,
      counterpartyId: null,
      cents: input.amountCents,
    });
  if (input.role !== undefined && input.role !== 'admin' && input.amountCents > 0) {
    const debited = await debit();
    if (debited) return { charged: true, change: { accountId: input.accountId, ...debited } };
    // Not covered, or no such account: the read below tells which.
  }
  const account = await readOne(tx, input.accountId);
  // Only reported back for the caller's log row; nothing is decided on this balance.
  const unchanged = {
    accountId: account.id,
    beforeCents: account.creditsCents,
    afterCents: account.creditsCents,
  };
  if (account.role === 'admin' || input.amountCents === 0) return { charged: false, change: unchanged };
  const debited = await debit();
  if (!debited) throw new InsufficientCreditsError(input.accountId);
  return { charged: true, change: { accountId: input.accountId, ...debited } };
}

/**
 * Gives back to an account what one of its spends took (an unused activation code cancelled; decision
 * 0148): one ledger row of kind `refund`. The caller guarantees it happens once, by a state change made
 * under UPDATE … WHERE in the same transaction; an admin's balance never moves, so it gets nothing.
 */
export async function refundCredits(
  tx: Transaction,
  input: LedgerReason & { accountId: number; amountCents: number },
): Promise<{ refunded: boolean; change: BalanceChange }> {
  assertPositiveCents(input.amountCents);
  const account = await readOne(tx, input.accountId);
  if (account.role === 'admin') {
    const unchanged = { beforeCents: account.creditsCents, afterCents: account.creditsCents };
    return { refunded: false, change: { accountId: account.id, ...unchanged } };
  }
  const credit = await creditAccount(tx, input.accountId, input.amountCents);
  if (!credit) throw AppError.notFound();
  await insertLedgerEntries(tx, [
    {
      ...reasonColumns(input),
      kind: 'refund',
      accountId: input.accountId,
      counterpartyId: null,
      amountCents: input.amountCents,
      step: credit,
    },
  ]);
  return { refunded: true, change: { accountId: input.accountId, ...credit } };
}

export interface CreditMove {
  kind: 'transfer' | 'mint' | 'burn';
  /** Null when `from` is an admin (a mint: its balance does not move). */
  from: BalanceChange | null;
  /** Null when `to` is an admin (a burn). */
  to: BalanceChange | null;
}

/**
 * Moves credits from one account to another, whatever their roles: between resellers it is a
 * transfer; from an admin it is a mint, to an admin a burn. Services that give, take back or return
 * credits call this and never decide the kind themselves.
 */
export async function moveCredits(
  tx: Transaction,
  input: LedgerReason & { fromId: number; toId: number; amountCents: number; insufficientMessage?: string },
): Promise<CreditMove> {
  assertPositiveCents(input.amountCents);
  const parties = await readAccounts(tx, [input.fromId, input.toId]);
  const from = parties.find((account) => account.id === input.fromId);
  const to = parties.find((account) => account.id === input.toId);
  if (!from || !to) throw AppError.notFound();
  if (from.role === 'admin' && to.role === 'admin') throw new Error('Credits never move between admins');
  if (from.role === 'admin') {
    const change = await mintCredits(tx, { ...input, accountId: to.id, adminId: from.id });
    return { kind: 'mint', from: null, to: change };
  }
  if (to.role === 'admin') {
    const change = await burnCredits(tx, { ...input, accountId: from.id, adminId: to.id });
    return { kind: 'burn', from: change, to: null };
  }
  return { kind: 'transfer', ...(await transferCredits(tx, input)) };
}

/** One account's statement, newest first by default. */
export async function listAccountLedger(
  db: Database,
  accountId: number,
  query: LedgerQuery,
): Promise<LedgerList> {
  const { rows, total } = await listLedgerEntries(db, accountId, {
    offset: (query.page - 1) * query.per,
    limit: query.per,
    direction: query.order_by.direction,
  });
  const data: LedgerEntry[] = rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    action: row.action,
    type: row.type,
    amount: row.amount,
    balance_before: row.balanceBefore,
    balance_after: row.balanceAfter,
    actor_id: row.actorId,
    actor_username: row.actorUsername,
    counterparty_id: row.counterpartyId,
    counterparty_username: row.counterpartyUsername,
    target_account_id: row.targetAccountId,
    line_id: row.lineId,
  }));
  return { data, meta: listMeta(query.page, query.per, total) };
}
