import { ACTIVATION_CODE_MESSAGES } from '@panel/shared/activation-codes/activation-code-messages';
import type { CancelCodeResult } from '@panel/shared/activation-codes/activation-codes-api';
import { fromCents, toCents } from '@panel/shared/money/credits';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import { lockAccountTree } from '../accounts/account-tree-lock';
import type { Caller } from '../auth/caller';
import { refundCredits } from '../ledger/ledger.service';
import { lineLogType } from '../lines/line-view';
import { recordLog } from '../logs/logs.service';
import { enqueueProvisioning } from '../provisioning/provisioning-outbox';
import { currentListScopeOf } from '../scope/caller-scope';
import { toActivationCode } from './activation-code-view';
import {
  creditsOf,
  deleteCodeLine,
  findCodeForCancel,
  markCodeCancelled,
} from './activation-codes.repository';

/**
 * Cancels an unused code (decision 0148), in one transaction: the code becomes cancelled only if it is
 * still unused and not cancelled (UPDATE … WHERE: a second cancel, or a first use that came first, makes
 * this one a 409 and nothing moves), its line is removed so the code stops working at once (a P2P code is
 * removed from the P2P service too), and what the code cost its owner comes back as one `refund` ledger row.
 */
export async function cancelCode(db: Database, caller: Caller, id: number): Promise<CancelCodeResult> {
  return runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'keep');
    const found = await findCodeForCancel(tx, await currentListScopeOf(tx, caller), id);
    if (!found) throw AppError.notFound(ACTIVATION_CODE_MESSAGES.codeNotFound);
    const unitCents = toCents(found.unitPrice);
    // The deleted reseller's balance went to its master when it was deleted; a refund would strand there.
    if (found.owner.isDeletedBucket && unitCents > 0)
      throw AppError.conflict(ACTIVATION_CODE_MESSAGES.ownerDeleted);
    const cancelled = await markCodeCancelled(tx, id);
    if (!cancelled) throw AppError.conflict(ACTIVATION_CODE_MESSAGES.notCancellable);
    const line = cancelled.lineId === null ? undefined : await deleteCodeLine(tx, cancelled.lineId);
    if (line) await enqueueProvisioning(tx, line, 'deleted');
    const type = lineLogType({ isTrial: found.batch.isTrial ? 1 : 0, system: found.batch.system });
    const forOther = found.owner.id !== caller.id;
    const refund =
      unitCents > 0
        ? await refundCredits(tx, {
            accountId: found.owner.id,
            amountCents: unitCents,
            actorId: caller.id,
            action: 'code_cancelled',
            type,
            targetAccountId: forOther ? found.owner.id : null,
          })
        : undefined;
    const moved = refund?.refunded ? refund.change : null;
    await recordLog(tx, {
      action: 'code_cancelled',
      type,
      actorId: caller.id,
      ...(forOther ? { targetAccountId: found.owner.id, targetUsername: found.owner.username } : {}),
      lineUsername: found.code.code,
      valueCents: moved ? unitCents : null,
      actorCredits: forOther ? null : moved,
      targetCredits: forOther ? moved : null,
      details: { batch_id: found.batch.id, code_id: id },
    });
    const code = toActivationCode(
      { ...found.code, lineId: null, cancelledAt: cancelled.cancelledAt, expDate: null, enabled: null },
      new Date(),
    );
    return {
      code,
      refunded: fromCents(moved ? unitCents : 0),
      balance: await creditsOf(tx, caller.id),
    };
  });
}
