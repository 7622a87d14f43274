import { listMeta, type SearchOption } from '@panel/shared/lists/list-query';
import { fromCents, toCents } from '@panel/shared/money/credits';
import type { LedgerList, LedgerQuery } from '@panel/shared/money/ledger-entry-schema';
import type { CreditChange } from '@panel/shared/resellers/credit-change-schema';
import type { EditReseller } from '@panel/shared/resellers/edit-reseller-schema';
import type { NewReseller } from '@panel/shared/resellers/new-reseller-schema';
import { RESELLER_STATUS } from '@panel/shared/resellers/reseller-constants';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import type {
  CreditChangeResult,
  Reseller,
  ResellerFilterQuery,
  ResellerList,
  ResellerListQuery,
} from '@panel/shared/resellers/reseller-schema';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password-hash';
import { UNIQUE_VIOLATION, postgresErrorCode } from '../../lib/postgres-error';
import type { Caller } from '../auth/caller';
import { listScopeOf, requireAccountInScope } from '../scope/caller-scope';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { endAccountSessions } from '../auth/sessions.repository';
import { InsufficientCreditsError, listAccountLedger, moveCredits } from '../ledger/ledger.service';
import { recordResellerSync } from '../external-panel/external-panel-outbox';
import { recordLog } from '../logs/logs.service';
import {
  insertReseller,
  listResellerRecords,
  searchAccounts,
  type ResellerListFilters,
  updateAccountFields,
} from './resellers.repository';
import { assertChangeable, readReseller, requireResellerInScope, toReseller } from './reseller-access';

async function assertUsernameFree(db: Database, username: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`);
  if (taken && taken.id !== exceptId) throw AppError.conflict(RESELLER_MESSAGES.usernameTaken, 'username');
}

/** Two requests may race past the check above; the unique index then decides, with the same answer. */
function usernameConflictOr(error: unknown): unknown {
  return postgresErrorCode(error) === UNIQUE_VIOLATION
    ? AppError.conflict(RESELLER_MESSAGES.usernameTaken, 'username')
    : error;
}

function insufficientOnField(error: unknown, field: string): unknown {
  return error instanceof InsufficientCreditsError
    ? new AppError(error.statusCode, error.code, error.message, field)
    : error;
}

/** The list's filters of a query, in the caller's scope: the page and the CSV export read the same rows. */
export function resellerFiltersOf(caller: Caller, query: ResellerFilterQuery): ResellerListFilters {
  return {
    scope: listScopeOf(caller),
    search: query.search || undefined,
    id: query.id,
    ip: query.ip || undefined,
    master: query.master || undefined,
    publisher: query.publisher,
    requests: query.requests,
  };
}

export async function listResellers(
  db: Database,
  caller: Caller,
  query: ResellerListQuery,
): Promise<ResellerList> {
  const { rows, total } = await listResellerRecords(db, resellerFiltersOf(caller, query), {
    offset: (query.page - 1) * query.per,
    limit: query.per,
    orderBy: query.order_by,
  });
  return { data: rows.map(toReseller), meta: listMeta(query.page, query.per, total) };
}

export async function getReseller(db: Database, caller: Caller, id: number): Promise<Reseller> {
  await requireResellerInScope(db, caller, id);
  return readReseller(db, id);
}

/**
 * A new reseller under the caller. Its starting credits leave the caller's balance in the same
 * transaction (an admin mints them); without enough credits nothing is created.
 */
export async function createReseller(db: Database, caller: Caller, input: NewReseller): Promise<Reseller> {
  const passwordHash = await hashPassword(input.password);
  const amountCents = input.credits * 100;
  try {
    const id = await runInTransaction(db, async (tx) => {
      await lockAccountTree(tx, 'keep');
      await assertUsernameFree(tx, input.username);
      const parent = await requireAccountInScope(tx, caller, caller.id);
      const id = await insertReseller(tx, {
        username: input.username,
        passwordHash,
        email: input.email ?? null,
        parent,
      });
      const move = await moveCredits(tx, {
        fromId: caller.id,
        toId: id,
        amountCents,
        actorId: caller.id,
        action: 'created',
        type: 'resellers',
        targetAccountId: id,
      });
      await recordLog(tx, {
        action: 'created',
        type: 'resellers',
        actorId: caller.id,
        targetAccountId: id,
        targetUsername: input.username,
        valueCents: amountCents,
        valueInt: input.credits,
        actorCredits: move.from,
        targetCredits: move.to,
      });
      await recordResellerSync(tx, id, 'created');
      return id;
    });
    return await readReseller(db, id);
  } catch (error) {
    throw insufficientOnField(usernameConflictOr(error), 'credits');
  }
}

/** Username, password and notes (absent: kept). A new password ends the reseller's sessions. */
export async function updateReseller(
  db: Database,
  caller: Caller,
  id: number,
  input: EditReseller,
): Promise<Reseller> {
  assertChangeable(caller, await requireResellerInScope(db, caller, id));
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    await runInTransaction(db, async (tx) => {
      await lockAccountTree(tx, 'keep');
      const account = await requireResellerInScope(tx, caller, id, { lock: true });
      assertChangeable(caller, account);
      const username = input.username ?? account.username;
      const renamed = username !== account.username;
      if (renamed) await assertUsernameFree(tx, username, account.id);
      await updateAccountFields(tx, id, {
        username: renamed ? username : undefined,
        passwordHash,
        notes: input.notes === undefined ? undefined : input.notes || null,
      });
      const target = {
        actorId: caller.id,
        type: 'resellers' as const,
        targetAccountId: id,
        targetUsername: username,
      };
      if (renamed) {
        await recordLog(tx, {
          ...target,
          action: 'update_username',
          details: { from: account.username, to: username },
        });
      }
      if (passwordHash) {
        await endAccountSessions(tx, id);
        await recordLog(tx, { ...target, action: 'update_password' });
      }
      await recordResellerSync(tx, id, 'updated');
    });
  } catch (error) {
    throw usernameConflictOr(error);
  }
  return readReseller(db, id);
}

/**
 * Blocks or unblocks one reseller. Blocking ends its sessions at once; its sub-resellers keep working
 * (docs/decisions/0011). Setting the status it already has changes and logs nothing.
 */
export async function setResellerStatus(
  db: Database,
  caller: Caller,
  id: number,
  status: (typeof RESELLER_STATUS)[keyof typeof RESELLER_STATUS],
): Promise<Reseller> {
  await runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'keep');
    const account = await requireResellerInScope(tx, caller, id, { lock: true });
    assertChangeable(caller, account);
    if (account.status === status) return;
    await updateAccountFields(tx, id, { status });
    if (status === RESELLER_STATUS.blocked) await endAccountSessions(tx, id);
    await recordLog(tx, {
      action: status === RESELLER_STATUS.blocked ? 'block' : 'unblock',
      type: 'resellers',
      actorId: caller.id,
      targetAccountId: id,
      targetUsername: account.username,
    });
    await recordResellerSync(tx, id, status === RESELLER_STATUS.blocked ? 'blocked' : 'unblocked');
  });
  return readReseller(db, id);
}

/**
 * Credit management: a positive value moves credits from the caller to the reseller, a negative one
 * from the reseller back to the caller. The sign only picks the direction; the ledger moves the
 * absolute value, so a negative value can never create credits.
 */
export async function changeResellerCredits(
  db: Database,
  caller: Caller,
  id: number,
  input: CreditChange,
): Promise<CreditChangeResult> {
  const giving = input.value > 0;
  const amountCents = Math.abs(input.value) * 100;
  try {
    await runInTransaction(db, async (tx) => {
      await lockAccountTree(tx, 'keep');
      const account = await requireResellerInScope(tx, caller, id);
      assertChangeable(caller, account);
      const reason = {
        actorId: caller.id,
        action: giving ? ('add' as const) : ('remove' as const),
        type: 'credits' as const,
        targetAccountId: id,
      };
      const move = giving
        ? await moveCredits(tx, { ...reason, fromId: caller.id, toId: id, amountCents })
        : await moveCredits(tx, {
            ...reason,
            fromId: id,
            toId: caller.id,
            amountCents,
            insufficientMessage: RESELLER_MESSAGES.resellerInsufficientCredits,
          });
      await recordLog(tx, {
        ...reason,
        targetUsername: account.username,
        valueCents: amountCents,
        valueInt: input.value,
        actorCredits: giving ? move.from : move.to,
        targetCredits: giving ? move.to : move.from,
      });
      await recordResellerSync(tx, id, 'credits_changed');
    });
  } catch (error) {
    throw insufficientOnField(error, 'value');
  }
  const self = await requireAccountInScope(db, caller, caller.id);
  return { reseller: await readReseller(db, id), caller_credits: fromCents(toCents(self.credits)) };
}

/**
 * Options for the searchable selects (transfer page, filters): accounts in scope whose username
 * contains the text. An admin also gets admins, the possible top-level masters.
 */
export async function searchResellerOptions(
  db: Database,
  caller: Caller,
  search: string,
): Promise<SearchOption[]> {
  const rows = await searchAccounts(db, {
    scope: listScopeOf(caller),
    search,
    roles: caller.role === 'admin' ? ['admin', 'reseller'] : ['reseller'],
  });
  return rows.map((row) => ({ label: row.username, value: row.id }));
}

/** The credit statement of one reseller in scope (its own included). */
export async function getResellerLedger(
  db: Database,
  caller: Caller,
  id: number,
  query: LedgerQuery,
): Promise<LedgerList> {
  await requireResellerInScope(db, caller, id);
  return listAccountLedger(db, id, query);
}
