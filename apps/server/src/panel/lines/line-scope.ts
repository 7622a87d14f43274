import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/run-in-transaction';
import { lines, type AccountRow, type LineRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { lockAccountTree, tryKeepAccountTree } from '../accounts/account-tree-lock';
import { foundInScope, inCallerCurrentSubtree, requireAccountInScope } from '../scope/caller-scope';
import { findLineFactsInScope, findLineRecordInScope, type LineRecord } from './lines.repository';

/**
 * The line with this id and its owner's username if the owner is in the caller's subtree, else 404 exactly
 * like a missing id (decision 0031). Called first by every service that takes a line id; `lock` keeps the
 * line row locked until the transaction ends.
 */
export async function requireLineRecordInScope(
  db: Database,
  caller: Caller,
  id: number,
  options: { lock?: boolean } = {},
): Promise<LineRecord> {
  const inScope = inCallerCurrentSubtree(caller, lines.ownerPath);
  const record = foundInScope(await findLineRecordInScope(db, id, inScope, options.lock ?? false));
  return { line: record.line, ownerUsername: record.ownerUsername };
}

/**
 * Of `ids`, the lines of the caller's subtree, in the order asked (a bulk action's preview, decision 0151);
 * an id out of reach is left out exactly like a missing one.
 */
export async function linesInScope(db: Database, caller: Caller, ids: readonly number[]) {
  const found = await findLineFactsInScope(db, ids, inCallerCurrentSubtree(caller, lines.ownerPath));
  const byId = new Map(found.map((line) => [line.id, line]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The username of a line of the caller's subtree, or null (missing or out of reach alike). */
export async function lineUsernameInScope(db: Database, caller: Caller, id: number): Promise<string | null> {
  const record = await findLineRecordInScope(db, id, inCallerCurrentSubtree(caller, lines.ownerPath), false);
  return record?.line.username ?? null;
}

/** requireLineRecordInScope when the owner's username is not needed. */
export async function requireLineInScope(
  db: Database,
  caller: Caller,
  id: number,
  options: { lock?: boolean } = {},
): Promise<LineRow> {
  return (await requireLineRecordInScope(db, caller, id, options)).line;
}

/**
 * A reshape (transfer, delete) held the account-tree lock when a line action tried to take it. The action's
 * transaction is abandoned and run again with `waitForTree`: waiting for the tree lock while holding the
 * line's row lock would deadlock against the reshape, which takes the tree lock first and then updates the
 * subtree's lines.
 */
export class AccountTreeBusy extends Error {
  constructor() {
    super('account tree reshaped: retry waiting for the tree lock');
  }
}

/**
 * The line (locked) with its owner's username, for a line action, always under the shared account-tree
 * lock. First try (`waitForTree` false): one statement reads and locks the line and takes the tree lock
 * without waiting; when a reshape holds it, this throws AccountTreeBusy. The retry (`waitForTree` true)
 * waits for the tree lock before touching any line, the order a reshape uses too.
 */
export async function requireLineRecordForAction(
  tx: Transaction,
  caller: Caller,
  id: number,
  waitForTree: boolean,
): Promise<LineRecord> {
  if (waitForTree) await lockAccountTree(tx, 'keep');
  const record = foundInScope(
    await findLineRecordInScope(
      tx,
      id,
      inCallerCurrentSubtree(caller, lines.ownerPath),
      true,
      waitForTree ? undefined : tryKeepAccountTree(),
    ),
  );
  if (!record.treeLocked) throw new AccountTreeBusy();
  return { line: record.line, ownerUsername: record.ownerUsername };
}

/**
 * Who owns a new line: the caller, or an account of its subtree it names (404 outside it). Lines
 * belong to resellers or admins, never to a publisher or to REVENDAS_DELETADOS.
 */
export async function requireLineOwner(
  db: Database,
  caller: Caller,
  ownerId: number | undefined,
): Promise<AccountRow> {
  const owner = await requireAccountInScope(db, caller, ownerId ?? caller.id);
  if (owner.role === 'publisher' || owner.isDeletedBucket) {
    throw new AppError(422, 'validation_failed', LINE_MESSAGES.ownerInvalid, 'reseller_id');
  }
  return owner;
}
