import type { cleanupResultSchema } from '@panel/shared/lines/line-api';
import { cleanupMessage } from '@panel/shared/lines/line-messages';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Caller } from '../auth/caller';
import { currentListScopeOf } from '../scope/caller-scope';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { recordLog } from '../logs/logs.service';
import { recordLineSync } from '../external-panel/external-panel-outbox';
import { enqueueProvisioning } from '../provisioning/provisioning-outbox';
import { deleteExpiredLines } from './lines-list.repository';

export type CleanupResult = z.infer<typeof cleanupResultSchema>;

const DAY_MS = 86_400_000;

export type CleanupKind = { kind: 'expired_trials' } | { kind: 'expired_users'; days: 3 | 10 | 30 };

/**
 * The cleanup dialog (docs/product/screens.md#cleanup): removes expired trials, or every line expired more than 3, 10 or 30
 * days ago, of the caller's subtree only (an admin: all), in one transaction with one log row.
 * P2P and hybrid services are told of each removal.
 */
export async function cleanupExpiredLines(
  db: Database,
  caller: Caller,
  cleanup: CleanupKind,
): Promise<CleanupResult> {
  return runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'keep');
    // The current path, not the session's: the subtree may have moved since the request began.
    const scope = await currentListScopeOf(tx, caller);
    const trialsOnly = cleanup.kind === 'expired_trials';
    const removed = await deleteExpiredLines(tx, {
      scope,
      trialsOnly,
      expiredBefore: new Date(Date.now() - (trialsOnly ? 0 : cleanup.days * DAY_MS)),
    });
    for (const line of removed) await enqueueProvisioning(tx, line, 'deleted');
    await recordLineSync(tx, removed, 'deleted');
    if (removed.length > 0) {
      await recordLog(tx, {
        action: 'cleanup',
        type: cleanup.kind === 'expired_trials' ? 'test_users' : 'users',
        actorId: caller.id,
        valueInt: removed.length,
        details: { kind: cleanup.kind, days: cleanup.kind === 'expired_users' ? cleanup.days : null },
      });
    }
    return { deleted_count: removed.length, message: cleanupMessage(removed.length) };
  });
}
