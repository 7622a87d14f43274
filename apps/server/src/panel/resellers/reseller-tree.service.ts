import { fromCents, toCents } from '@panel/shared/money/credits';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import type { TransferResellerInput } from '@panel/shared/resellers/transfer-reseller-schema';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { requireAccountInScope } from '../scope/caller-scope';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { moveCredits } from '../ledger/ledger.service';
import { recordResellerSync } from '../external-panel/external-panel-outbox';
import { recordLog } from '../logs/logs.service';
import { assertChangeable, readReseller, requireResellerInScope } from './reseller-access';
import {
  deleteAccountRow,
  findDeletedBucket,
  moveOwnedLines,
  moveSubtreePaths,
  reparentChildren,
  setParent,
} from './resellers.repository';

/** Admin operations that reshape the reseller tree: delete (into REVENDAS_DELETADOS) and transfer. */

/**
 * Admin only. The reseller's credits go back to its master through the ledger (burned when the
 * master is an admin); its sub-resellers move under REVENDAS_DELETADOS with their whole subtrees;
 * then the account is removed. Its ledger and log rows stay.
 */
export async function deleteReseller(db: Database, caller: Caller, id: number): Promise<void> {
  await runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'reshape');
    const account = await requireResellerInScope(tx, caller, id, { lock: true });
    assertChangeable(caller, account);
    const bucket = await findDeletedBucket(tx);
    if (!bucket) throw new Error('The REVENDAS_DELETADOS account is missing: the seed did not run');
    if (account.parentId === null) throw new Error(`Reseller ${id} has no master`);
    // Credits returned to the bucket would be stranded there, so such a reseller is moved out first.
    if (account.parentId === bucket.id) throw AppError.conflict(RESELLER_MESSAGES.deleteUnderBucket);
    const creditsCents = toCents(account.credits);
    const move =
      creditsCents > 0
        ? await moveCredits(tx, {
            fromId: id,
            toId: account.parentId,
            amountCents: creditsCents,
            actorId: caller.id,
            action: 'delete',
            type: 'resellers',
            targetAccountId: id,
          })
        : undefined;
    await reparentChildren(tx, id, bucket.id);
    // Sub-resellers' lines follow their owners' paths; the reseller's own lines go to the bucket.
    await moveSubtreePaths(tx, account.path, bucket.path);
    await moveOwnedLines(tx, id, bucket);
    await recordResellerSync(tx, id, 'deleted');
    await deleteAccountRow(tx, id);
    await recordLog(tx, {
      action: 'delete',
      type: 'resellers',
      actorId: caller.id,
      targetAccountId: id,
      targetUsername: account.username,
      valueCents: creditsCents,
      targetCredits: { beforeCents: creditsCents, afterCents: 0 },
      details: {
        master_id: account.parentId,
        master_credits_after: move?.to ? fromCents(move.to.afterCents) : null,
        sub_resellers_to: bucket.username,
        lines_to: bucket.username,
      },
    });
  });
}

/**
 * Admin only. Moves a reseller and its whole subtree under another master: one UPDATE rewrites every
 * path. A reseller can never be moved under itself or one of its descendants.
 */
export async function transferReseller(
  db: Database,
  caller: Caller,
  input: TransferResellerInput,
): Promise<Reseller> {
  await runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'reshape');
    const account = await requireResellerInScope(tx, caller, input.resellerId, { lock: true });
    assertChangeable(caller, account);
    const master = await requireAccountInScope(tx, caller, input.masterId);
    if (master.role === 'publisher' || master.isDeletedBucket) {
      throw new AppError(422, 'validation_failed', RESELLER_MESSAGES.transferInvalidMaster, 'masterId');
    }
    if (master.path.startsWith(account.path)) {
      throw new AppError(422, 'validation_failed', RESELLER_MESSAGES.transferIntoOwnTree, 'masterId');
    }
    if (account.parentId === master.id) return;
    const previousMaster =
      account.parentId === null ? undefined : await requireAccountInScope(tx, caller, account.parentId);
    await setParent(tx, account.id, master.id);
    await moveSubtreePaths(tx, account.path, `${master.path}${account.id}/`);
    await recordLog(tx, {
      action: 'transfer_reseller',
      type: 'resellers',
      actorId: caller.id,
      targetAccountId: account.id,
      targetUsername: account.username,
      details: {
        from_master_id: previousMaster?.id ?? null,
        from_master: previousMaster?.username ?? null,
        to_master_id: master.id,
        to_master: master.username,
      },
    });
    await recordResellerSync(tx, account.id, 'transferred');
  });
  return readReseller(db, input.resellerId);
}
