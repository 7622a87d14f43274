import { screensTotalError } from '@panel/shared/lines/line-actions';
import { screensCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import type { Database } from '../../db/database';
import type { Caller } from '../auth/caller';
import { runLineAction, type LineActionOutcome } from './line-action-runner';
import { lineRefusal } from './line-errors';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import { actionsOf, expSeconds } from './line-view';

/**
 * POST /:id/screens { screens }: a signed change. More screens cost the added screens × the months
 * left (at least 1); fewer cost nothing and refund nothing. The total stays between 1 and 100.
 * Not for trial, P2P or hybrid lines (docs/product/rules.md#line-actions).
 */
export function changeScreens(
  db: Database,
  caller: Caller,
  id: number,
  delta: number,
): Promise<LineActionOutcome> {
  return runLineAction(db, caller, id, (_tx, line) => {
    if (!actionsOf(line).manageScreens) throw lineRefusal(LINE_MESSAGES.screensNotAllowed);
    const screens = line.maxConnections + delta;
    const totalError = screensTotalError(line.maxConnections, delta);
    if (totalError) throw lineRefusal(totalError, 'screens');
    return {
      changes: { maxConnections: screens },
      costCents: screensCents(delta, expSeconds(line), nowSeconds()),
      logs: [
        { action: 'update_screen', valueInt: delta, details: { from: line.maxConnections, to: screens } },
      ],
      provisioning: [{ event: 'updated' }],
    };
  });
}
