import { SYSTEMS } from '@panel/shared/catalog/packages';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { notConfiguredMessage } from '@panel/shared/provisioning/provisioning-messages';
import type { LineProvisioningStateResponse } from '@panel/shared/provisioning/provisioning-schemas';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/run-in-transaction';
import type { LineRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { isProvisionedSystem } from '../provisioning/provisioning-outbox';
import type { ProvisioningService } from '../provisioning/provisioning.service';
import {
  runLineAction,
  type LineActionOutcome,
  type LineActionPlan,
  type ProvisioningStep,
} from './line-action-runner';
import { lineRefusal, macTakenError, uniqueConflictOr } from './line-errors';
import { freeUsername, randomPassword } from './line-identity';
import { requireLineInScope } from './line-scope';
import { actionsOf } from './line-view';
import { macTaken } from './lines.repository';

export type LineProvisioning = Pick<ProvisioningService, 'isConfigured' | 'deliverPending' | 'describeLine'>;

/** A line leaving P2P must be removed there; the new service (if provisioned) learns of its arrival. */
function moveSteps(fromSystem: number): ProvisioningStep[] {
  const leaving: ProvisioningStep[] = isProvisionedSystem(fromSystem)
    ? [{ event: 'deleted', system: fromSystem }]
    : [];
  return [...leaving, { event: 'system_changed' }];
}

/**
 * The move to hybrid (docs/product/rules.md#hybrid-transfer): irreversible, MAC required and free, new random username and
 * password (the old credentials stop working at once). Logged as system_change plus the
 * credential changes.
 */
async function hybridPlan(
  tx: Transaction,
  line: LineRow,
  input: { macaddr: string; full_name?: string },
): Promise<LineActionPlan> {
  if (await macTaken(tx, input.macaddr, line.id)) throw macTakenError();
  const username = await freeUsername(tx, undefined);
  return {
    changes: {
      system: SYSTEMS.hybrid,
      macaddr: input.macaddr,
      username,
      password: randomPassword(),
      ...(input.full_name ? { fullName: input.full_name } : {}),
    },
    logs: [
      {
        action: 'system_change',
        details: { kind: 'hybrid_transfer', from: line.system, to: SYSTEMS.hybrid },
      },
      { action: 'update_username', details: { from: line.username, to: username } },
      { action: 'update_password' },
    ],
    provisioning: moveSteps(line.system),
  };
}

/**
 * POST /:id/change_system { system_id }. Free. Hybrid is a one-way door: a hybrid line cannot leave
 * it, and choosing hybrid is the hybrid transfer with the line's own MAC (422 when it has none: the
 * panel then opens the transfer dialog to ask for one).
 */
export async function changeSystem(
  db: Database,
  caller: Caller,
  id: number,
  systemId: number,
): Promise<LineActionOutcome> {
  try {
    return await runLineAction(db, caller, id, (tx, line) => {
      if (line.system === systemId) return { changes: null, logs: [] };
      if (line.system === SYSTEMS.hybrid) throw lineRefusal(LINE_MESSAGES.hybridIrreversible, 'system_id');
      if (systemId === SYSTEMS.hybrid) {
        if (!line.macaddr) throw lineRefusal(LINE_MESSAGES.hybridWithoutMac, 'macaddr');
        return hybridPlan(tx, line, { macaddr: line.macaddr });
      }
      return {
        changes: { system: systemId },
        logs: [{ action: 'system_change', details: { from: line.system, to: systemId } }],
        provisioning: moveSteps(line.system),
      };
    });
  } catch (error) {
    throw uniqueConflictOr(error);
  }
}

/** POST /:id/hybrid-transfer { macaddr, full_name? }. */
export async function hybridTransfer(
  db: Database,
  caller: Caller,
  id: number,
  input: { macaddr: string; full_name?: string },
): Promise<LineActionOutcome> {
  try {
    return await runLineAction(db, caller, id, (tx, line) => {
      if (!actionsOf(line).hybridTransfer) throw lineRefusal(LINE_MESSAGES.alreadyHybrid);
      return hybridPlan(tx, line, input);
    });
  } catch (error) {
    throw uniqueConflictOr(error);
  }
}

export interface ResyncOutcome {
  line: Line;
  provisioning: LineProvisioningStateResponse | null;
}

/**
 * POST /:id/resync_p2p and /:id/resync_hybrid: queues the line's full state for its service and
 * pushes it at once. Refused for a line of another service (422) and, plainly, when the service has
 * no endpoint on this server (503 with the reason): nothing is queued then.
 */
export async function resyncLine(
  db: Database,
  caller: Caller,
  id: number,
  system: 2 | 3,
  provisioning: LineProvisioning,
): Promise<ResyncOutcome> {
  const outcome = await runLineAction(db, caller, id, (_tx, line) => {
    if (line.system !== system) throw lineRefusal(LINE_MESSAGES.resyncNotAllowed);
    if (!provisioning.isConfigured(system)) {
      throw new AppError(503, 'service_unavailable', notConfiguredMessage(system));
    }
    return { changes: {}, logs: [], provisioning: [{ event: 'resync' }] };
  });
  // A failed push stays in the outbox and the worker retries it; the state below tells the panel.
  await provisioning.deliverPending().catch(() => 0);
  return { line: outcome.line, provisioning: await provisioning.describeLine(outcome.line) };
}

/** GET /:id/provisioning: the delivery state of a P2P or hybrid line (null for IPTV). */
export async function lineProvisioningState(
  db: Database,
  caller: Caller,
  id: number,
  provisioning: LineProvisioning,
): Promise<LineProvisioningStateResponse | null> {
  const line = await requireLineInScope(db, caller, id);
  return provisioning.describeLine(line);
}

/**
 * POST /api/users/checkmac: MACs are unique across the whole panel, so the answer covers every line;
 * `user_id` (a line in scope, being edited) does not count against its own MAC.
 */
export async function checkMac(
  db: Database,
  caller: Caller,
  input: { macaddr: string; user_id?: number },
): Promise<{ available: true }> {
  const exceptId =
    input.user_id === undefined ? undefined : (await requireLineInScope(db, caller, input.user_id)).id;
  if (await macTaken(db, input.macaddr, exceptId)) throw macTakenError();
  return { available: true };
}
