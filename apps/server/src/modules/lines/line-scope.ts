import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import type { Database } from '../../db/database';
import type { AccountRow, LineRow } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/authenticate';
import { requireAccountInScope } from '../accounts/account-scope';
import { findAccountById } from '../accounts/accounts.repository';
import { findLineInScope } from './lines.repository';

/**
 * The line with this id if its owner is in the caller's subtree, else 404 exactly like a missing id
 * (PRODUCT.md §4). Called first by every service that takes a line id; `lock` keeps the row locked
 * until the transaction ends.
 */
export async function requireLineInScope(
  db: Database,
  caller: Caller,
  id: number,
  options: { lock?: boolean } = {},
): Promise<LineRow> {
  const line = await findLineInScope(
    db,
    id,
    caller.role === 'admin' ? null : caller.id,
    options.lock ?? false,
  );
  if (!line) throw AppError.notFound();
  return line;
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

/** The username of a line's owner (for the answer and the log row). */
export async function ownerUsernameOf(db: Database, line: LineRow): Promise<string> {
  const owner = await findAccountById(db, line.resellerId);
  if (!owner) throw new Error(`owner ${line.resellerId} of line ${line.id} is missing`);
  return owner.username;
}
