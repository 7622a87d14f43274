import { ERROR_TEXT } from '@panel/shared/errors/error-catalogue';
import type { BulkProgress } from '@panel/shared/line-bulk/bulk-api';
import { fromCents } from '@panel/shared/money/credits';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import type { BulkActionRow } from '../../db/schema';
import type { ConnectionTracker } from '../../delivery/for-panel';
import { runAsPartOfBulk } from '../../lib/acting-bulk-action';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { lineUsernameInScope } from '../lines/line-scope';
import { bulkProgress, requireOwnBulk } from './bulk-actions.service';
import { claimPendingLine, nextPendingLines, settlePendingLine } from './bulk-actions.repository';
import { doBulkLineAction, type BulkLineContext } from './bulk-line-action';

/**
 * Lines one run call does (decision 0150): small enough that a call answers within a second or two on a
 * busy server, so the panel's progress bar moves; 1.000 lines are 40 calls.
 */
export const BULK_CHUNK_LINES = 25;

export interface BulkRunDeps {
  db: Database;
  tracker: Pick<ConnectionTracker, 'cut'>;
  renewalMessage: BulkLineContext['renewalMessage'];
  /** A line failed with something that is not a refusal (a bug): logged with the request. */
  onUnexpected: (error: unknown) => void;
}

/**
 * POST /api/users/bulk/:id/run: does the next pending lines of the caller's bulk action, each in a
 * transaction of its own, and answers where the action stands. Calling it again goes on; two calls at once
 * never do a line twice (claimPendingLine).
 */
export async function runBulkChunk(deps: BulkRunDeps, caller: Caller, id: number): Promise<BulkProgress> {
  const bulk = await requireOwnBulk(deps.db, caller, id);
  const next = await nextPendingLines(deps.db, bulk.id, BULK_CHUNK_LINES);
  for (const line of next) await runBulkLine(deps, caller, bulk, line);
  return bulkProgress(deps.db, bulk);
}

/**
 * One line, never half of it: the claim of the bulk line, the single-line action (its charge, update, log
 * and outbox rows) and the record of what was done commit together. A refusal rolls all of it back and is
 * then recorded with the action's own message.
 */
async function runBulkLine(
  deps: BulkRunDeps,
  caller: Caller,
  bulk: BulkActionRow,
  line: { position: number; lineId: number },
): Promise<void> {
  const context: BulkLineContext = { renewalMessage: deps.renewalMessage, ended: [] };
  try {
    await runAsPartOfBulk(bulk.id, () =>
      runInTransaction(deps.db, async (tx) => {
        context.ended.length = 0;
        if (!(await claimPendingLine(tx, bulk.id, line.position))) return;
        const result = await doBulkLineAction(tx, caller, bulk.action, line.lineId, context);
        await settlePendingLine(tx, bulk.id, line.position, {
          outcome: 'done',
          lineUsername: result.username,
          charged: result.chargedCents > 0 ? fromCents(result.chargedCents) : null,
          link: result.link ?? null,
          phone: result.phone ?? null,
        });
      }),
    );
  } catch (error) {
    await settlePendingLine(deps.db, bulk.id, line.position, {
      outcome: 'refused',
      lineUsername: await lineUsernameInScope(deps.db, caller, line.lineId),
      reason: refusalReason(error, deps.onUnexpected),
    });
    return;
  }
  // Relays of a blocked or deleted line stop only once its transaction has committed.
  if (context.ended.length > 0) await deps.tracker.cut(context.ended);
}

/** A refusal's own message (a 404 for a line out of reach); anything else is a bug, told as the 500 text. */
function refusalReason(error: unknown, onUnexpected: (error: unknown) => void): string {
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  onUnexpected(error);
  return ERROR_TEXT[500].message;
}
