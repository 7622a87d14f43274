import { RESELLER_STATUS } from '@panel/shared/resellers/reseller-constants';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import type { Database } from '../../db/database';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import type { Caller } from '../auth/caller';
import { requireAccountInScope } from '../scope/caller-scope';
import { findResellerRecord, type ResellerRecord } from './resellers.repository';

/** What every reseller operation shares: the API shape of a reseller and the scope checks on one. */

export function toReseller(record: ResellerRecord): Reseller {
  return {
    id: record.id,
    username: record.username,
    status: record.status === RESELLER_STATUS.active ? 1 : 0,
    credits: record.credits,
    date_registered: unixSeconds(record.createdAt),
    last_login: record.lastLoginAt ? unixSeconds(record.lastLoginAt) : null,
    ip: record.lastIp,
    sub_resellers_count: record.subResellersCount,
    clients_count: record.clientsCount,
    email: record.email,
    master_id: record.parentId,
    master_username: record.masterUsername,
    notes: record.notes,
    is_publisher: record.role === 'publisher' ? 1 : 0,
    is_deleted_bucket: record.isDeletedBucket,
  };
}

export async function readReseller(db: Database, id: number): Promise<Reseller> {
  const record = await findResellerRecord(db, id);
  if (!record) throw AppError.notFound();
  return toReseller(record);
}

/** A reseller or publisher in the caller's scope; admins are not managed here, so they are a 404 too. */
export async function requireResellerInScope(
  db: Database,
  caller: Caller,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AccountRow> {
  const account = await requireAccountInScope(db, caller, id, options);
  if (account.role === 'admin') throw AppError.notFound();
  return account;
}

/** Rows the caller sees may still be out of its reach: its own account and the deleted-resellers bucket. */
export function assertChangeable(caller: Caller, account: AccountRow): void {
  if (account.id === caller.id) throw AppError.forbidden(RESELLER_MESSAGES.ownAccount);
  if (account.isDeletedBucket) throw AppError.forbidden(RESELLER_MESSAGES.bucketLocked);
}
