import { SYSTEMS } from '@panel/shared/catalog/packages';
import type { editLineSchema } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { endConnectionsOfLine, type ConnectionTracker } from '../../delivery/for-panel';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Caller } from '../auth/caller';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { recordLog } from '../logs/logs.service';
import { recordLineSync } from '../external-panel/external-panel-outbox';
import { enqueueProvisioning } from '../provisioning/provisioning-outbox';
import { runLineAction, type LineActionOutcome, type LineLogPlan } from './line-action-runner';
import { freeUsername } from './line-identity';
import { lineRefusal, macTakenError, uniqueConflictOr } from './line-errors';
import { requireLineRecordInScope } from './line-scope';
import { lineLogType } from './line-view';
import { deleteLineRow, existingBouquetIds, macTaken, type LineChanges } from './lines.repository';
import { unixSeconds } from '@panel/shared/time/unix-seconds';

export type EditLine = z.output<typeof editLineSchema>;

const HYBRID_LOCKED_FIELDS = ['username', 'password', 'as_number'] as const;

/**
 * PUT /api/users/:id. Absent fields keep their value. A new username or password is logged
 * (update_username / update_password); a hybrid line changes only bouquets, name, MAC and notes.
 */
export async function editLine(
  db: Database,
  caller: Caller,
  id: number,
  input: EditLine,
): Promise<LineActionOutcome> {
  try {
    return await runLineAction(db, caller, id, async (tx, line) => {
      const hybrid = line.system === SYSTEMS.hybrid;
      if (hybrid) {
        const locked = HYBRID_LOCKED_FIELDS.find((field) => input[field] !== undefined);
        if (locked) throw lineRefusal(LINE_MESSAGES.hybridEditOnly, locked);
        if (input.full_name === '') throw lineRefusal(LINE_MESSAGES.required, 'full_name');
      }
      const bouquets = [...new Set(input.bouquet)];
      if ((await existingBouquetIds(tx, bouquets)).length !== bouquets.length) {
        throw lineRefusal(LINE_MESSAGES.bouquetInvalid, 'bouquet');
      }
      const changes: LineChanges = { bouquets };
      const logs: LineLogPlan[] = [];
      if (input.username !== undefined && input.username !== line.username) {
        changes.username = await freeUsername(tx, input.username, line.id);
        logs.push({ action: 'update_username', details: { from: line.username, to: input.username } });
      }
      if (input.password !== undefined && input.password !== line.password) {
        changes.password = input.password;
        logs.push({ action: 'update_password' });
      }
      if (input.macaddr !== undefined && input.macaddr !== line.macaddr) {
        if (await macTaken(tx, input.macaddr, line.id)) throw macTakenError();
        changes.macaddr = input.macaddr;
      }
      if (input.full_name !== undefined) changes.fullName = input.full_name || null;
      if (input.reseller_notes !== undefined) changes.resellerNotes = input.reseller_notes;
      if (input.as_number !== undefined) changes.phone = input.as_number;
      return { changes, logs, provisioning: [{ event: 'updated' }] };
    });
  } catch (error) {
    throw uniqueConflictOr(error);
  }
}

/**
 * Block (0) or unblock (1). Asking for the state the line already has changes and logs nothing. A block ends
 * the line's connections: its relays stop at once wherever they run, its edges are told (decision 0076).
 */
export async function setLineEnabled(
  db: Database,
  caller: Caller,
  id: number,
  enabled: 0 | 1,
  tracker: Pick<ConnectionTracker, 'cut'>,
): Promise<LineActionOutcome> {
  let ended: number[] = [];
  const outcome = await runLineAction(db, caller, id, async (tx, line) => {
    if (line.enabled === enabled) return { changes: null, logs: [] };
    if (enabled === 0) ended = await endConnectionsOfLine(tx, line.id);
    return {
      changes: { enabled },
      logs: [{ action: enabled === 1 ? 'unblock' : 'block' }],
      provisioning: [{ event: enabled === 1 ? 'unblocked' : 'blocked' }],
    };
  });
  await tracker.cut(ended);
  return outcome;
}

/**
 * Removes a line for good (no refund); P2P and hybrid services are told to remove it too, and its
 * connections end as a block's do.
 */
export async function deleteLine(
  db: Database,
  caller: Caller,
  id: number,
  tracker: Pick<ConnectionTracker, 'cut'>,
): Promise<void> {
  const ended = await runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'keep');
    const { line, ownerUsername } = await requireLineRecordInScope(tx, caller, id, { lock: true });
    const target =
      line.resellerId === caller.id
        ? {}
        : { targetAccountId: line.resellerId, targetUsername: ownerUsername };
    await recordLog(tx, {
      action: 'delete',
      type: lineLogType(line),
      actorId: caller.id,
      ...target,
      lineId: line.id,
      lineUsername: line.username,
      details: { system: line.system, exp_date: unixSeconds(line.expDate) },
    });
    await enqueueProvisioning(tx, line, 'deleted');
    await recordLineSync(tx, [line], 'deleted');
    const connections = await endConnectionsOfLine(tx, line.id);
    await deleteLineRow(tx, line.id);
    return connections;
  });
  await tracker.cut(ended);
}
