import type { Database } from '../../db/database';
import { moveConnectionsOfLine } from '../../delivery/for-panel';
import type { Caller } from '../auth/caller';
import { runLineAction, type LineActionOutcome } from './line-action-runner';
import { requireLineOwner } from './line-scope';

/**
 * Hands one line to another account of the caller's subtree (decision 0153): free, logged as `line_moved`,
 * under the line action's locks, so the owner's path and the line's connections move with it. The new owner
 * is checked like a new line's (404 out of reach; 422 for a publisher or REVENDAS_DELETADOS); a line already
 * there changes nothing.
 */
export function moveLine(
  db: Database,
  caller: Caller,
  id: number,
  resellerId: number,
): Promise<LineActionOutcome> {
  return runLineAction(db, caller, id, async (tx, line) => {
    const owner = await requireLineOwner(tx, caller, resellerId);
    if (owner.id === line.resellerId) return { changes: null, logs: [] };
    await moveConnectionsOfLine(tx, line.id, owner.path);
    return {
      changes: { resellerId: owner.id, ownerPath: owner.path },
      logs: [
        {
          action: 'line_moved',
          details: { from_reseller_id: line.resellerId, to_reseller_id: owner.id, to: owner.username },
        },
      ],
      provisioning: [{ event: 'updated' }],
    };
  });
}
