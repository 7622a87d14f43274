import type { Line, LineActionResult } from '@panel/shared/lines/line-api';
import type { LogAction } from '@panel/shared/logs/log-codes';
import { fromCents } from '@panel/shared/money/credits';
import type { Database } from '../../db/database';
import { runInTransaction, type Transaction } from '../../db/run-in-transaction';
import type { LineRow, LogDetails } from '../../db/schema';
import type { Caller } from '../auth/caller';
import { spendCredits } from '../ledger/ledger.service';
import { recordLogsSql, type NewLogEntry } from '../logs/logs.service';
import { lineSyncInsertSql } from '../external-panel/external-panel-outbox';
import { provisioningInsertSql, type ProvisioningEvent } from '../provisioning/provisioning-outbox';
import { AccountTreeBusy, requireLineRecordForAction } from './line-scope';
import { lineLogType, toLine } from './line-view';
import { updateLineWith, type LineChanges } from './lines.repository';

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
 *
 * Round trips (decision 0018): lock + line + owner in one statement, the charge and its ledger row in
 * one, the update with its log and outbox rows in one — begin and commit around them.
 */
export async function runLineAction(
  db: Database,
  caller: Caller,
  id: number,
  plan: PlanLineAction,
): Promise<LineActionOutcome> {
  try {
    return await runLineActionOnce(db, caller, id, plan, false);
  } catch (error) {
    if (!(error instanceof AccountTreeBusy)) throw error;
    return runLineActionOnce(db, caller, id, plan, true);
  }
}

function runLineActionOnce(
  db: Database,
  caller: Caller,
  id: number,
  plan: PlanLineAction,
  waitForTree: boolean,
): Promise<LineActionOutcome> {
  return runInTransaction(db, (tx) => applyLineAction(tx, caller, id, plan, waitForTree));
}

/**
 * runLineAction inside a transaction the caller already opened, whose other writes commit or roll back with
 * the action's (a paid PIX payment's renewal, decision 0164). It waits for the account-tree lock before it
 * touches the line, the order a reshape takes them in, so it never has to start again.
 */
export function runLineActionInTransaction(
  tx: Transaction,
  caller: Caller,
  id: number,
  plan: PlanLineAction,
): Promise<LineActionOutcome> {
  return applyLineAction(tx, caller, id, plan, true);
}

async function applyLineAction(
  tx: Transaction,
  caller: Caller,
  id: number,
  plan: PlanLineAction,
  waitForTree: boolean,
): Promise<LineActionOutcome> {
  const { line: before, ownerUsername } = await requireLineRecordForAction(tx, caller, id, waitForTree);
  const planned = await plan(tx, before);
  const costCents = planned.changes ? (planned.costCents ?? 0) : 0;
  const type = lineLogType(before);
  const target = before.resellerId === caller.id ? {} : { targetAccountId: before.resellerId };
  const spent = await spendCredits(tx, {
    accountId: caller.id,
    role: caller.role,
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
  // The line is locked: after the update it is `before` with the changes, so its log rows and outbox rows
  // are written by the same statement as the update (an empty change set, a resync, only writes those).
  const after = { ...before, ...definedOnly(planned.changes) } as LineRow;
  const logs = planned.logs.map((log, index): NewLogEntry => {
    const charged = index === 0 && spent.charged;
    return {
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
    };
  });
  const outbox = provisioningInsertSql(tx, after, planned.provisioning ?? []);
  // The external panel hears of the line's own events, not of a service it leaves (decision 0060).
  const sync = lineSyncInsertSql(
    (planned.provisioning ?? [])
      .filter((step) => step.system === undefined)
      .map(({ event }) => ({ line: after, event })),
  );
  await updateLineWith(tx, before, planned.changes, [
    ...(logs.length > 0 ? [recordLogsSql(logs)] : []),
    ...(outbox ? [outbox] : []),
    ...(sync ? [sync] : []),
  ]);
  return {
    line: toLine(after, ownerUsername),
    chargedCents: spent.charged ? costCents : 0,
    balanceCents: spent.change.afterCents,
  };
}

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function toActionResult(outcome: LineActionOutcome): LineActionResult {
  return {
    line: outcome.line,
    charged: fromCents(outcome.chargedCents),
    balance: fromCents(outcome.balanceCents),
  };
}
