import type { Line, LineActionResult } from '@panel/shared/lines/line-api';
import type { LogAction } from '@panel/shared/logs/log-codes';
import { fromCents } from '@panel/shared/money/credits';
import type { Database } from '../../db/database';
import { runInTransaction, type Transaction } from '../../db/run-in-transaction';
import type { LineRow, LogDetails } from '../../db/schema/index';
import type { Caller } from '../../plugins/authenticate';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { spendCredits } from '../ledger/ledger.service';
import { recordLog } from '../logs/logs.service';
import { enqueueProvisioning, type ProvisioningEvent } from '../provisioning/provisioning-outbox';
import { ownerUsernameOf, requireLineInScope } from './line-scope';
import { lineLogType, toLine } from './line-view';
import { updateLine, type LineChanges } from './lines.repository';

export interface LineLogPlan {
  action: LogAction;
  details?: LogDetails;
  valueInt?: number;
}

export interface ProvisioningStep {
  event: ProvisioningEvent;
  /** The service to tell when it is not the line's system after the change (a line leaving P2P). */
  system?: number;
}

/** What an action does to a line, decided by the action from the locked line. */
export interface LineActionPlan {
  /**
   * Columns to change; null when the line already is as asked (nothing is charged, logged or sent);
   * empty when only the provisioning steps matter.
   */
  changes: LineChanges | null;
  /** Charged to the caller through the ledger under the first log's action (admins: free). */
  costCents?: number;
  logs: LineLogPlan[];
  provisioning?: ProvisioningStep[];
}

export interface LineActionOutcome {
  line: Line;
  chargedCents: number;
  balanceCents: number;
}

export type PlanLineAction = (tx: Transaction, line: LineRow) => Promise<LineActionPlan> | LineActionPlan;

/**
 * One change of one line in one transaction (docs/decisions/0012): the tree lock (shared) and the
 * line's row lock, the scope check (404), the action's own rules (which throw to refuse), the charge
 * through the ledger, the update, its log rows and the provisioning outbox. Anything that throws
 * rolls all of it back: a refused action changes nothing.
 */
export async function runLineAction(
  db: Database,
  caller: Caller,
  id: number,
  plan: PlanLineAction,
): Promise<LineActionOutcome> {
  return runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'keep');
    const before = await requireLineInScope(tx, caller, id, { lock: true });
    const planned = await plan(tx, before);
    const ownerUsername = await ownerUsernameOf(tx, before);
    const costCents = planned.changes ? (planned.costCents ?? 0) : 0;
    const type = lineLogType(before);
    const target = before.resellerId === caller.id ? {} : { targetAccountId: before.resellerId };
    const spent = await spendCredits(tx, {
      accountId: caller.id,
      amountCents: costCents,
      actorId: caller.id,
      // The ledger row (if any) carries the action of the first log row, which carries the price.
      action: planned.logs[0]?.action ?? 'renewed',
      type,
      lineId: before.id,
      ...target,
    });
    if (!planned.changes)
      return { line: toLine(before, ownerUsername), chargedCents: 0, balanceCents: spent.change.afterCents };
    // An empty change set (a resync) writes nothing to the line but still reaches the outbox.
    const after =
      Object.keys(planned.changes).length > 0 ? await updateLine(tx, before.id, planned.changes) : before;
    for (const [index, log] of planned.logs.entries()) {
      const charged = index === 0 && spent.charged;
      await recordLog(tx, {
        action: log.action,
        type,
        actorId: caller.id,
        ...(target.targetAccountId ? { ...target, targetUsername: ownerUsername } : {}),
        lineId: before.id,
        lineUsername: after.username,
        valueCents: charged ? costCents : null,
        valueInt: log.valueInt ?? null,
        actorCredits: charged ? spent.change : null,
        details: index === 0 && costCents > 0 ? { ...log.details, price: fromCents(costCents) } : log.details,
      });
    }
    for (const step of planned.provisioning ?? [])
      await enqueueProvisioning(tx, after, step.event, step.system);
    return {
      line: toLine(after, ownerUsername),
      chargedCents: spent.charged ? costCents : 0,
      balanceCents: spent.change.afterCents,
    };
  });
}

export function toActionResult(outcome: LineActionOutcome): LineActionResult {
  return {
    line: outcome.line,
    charged: fromCents(outcome.chargedCents),
    balance: fromCents(outcome.balanceCents),
  };
}
