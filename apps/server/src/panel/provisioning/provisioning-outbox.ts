import type { SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/run-in-transaction';
import { provisioningOutbox, type LineRow } from '../../db/schema';
import { unixSeconds } from '@panel/shared/time/unix-seconds';

/** What happened to a P2P or hybrid line; the external service applies the line's state it carries. */
export type ProvisioningEvent =
  'created' | 'updated' | 'renewed' | 'blocked' | 'unblocked' | 'deleted' | 'system_changed' | 'resync';

/** Only these services live outside the panel (docs/product/README.md#the-streaming-platform-boundary); IPTV lines are served by the panel itself. */
export function isProvisionedSystem(system: number): system is 2 | 3 {
  return system === 2 || system === 3;
}

/** The line's full current state: the receiver never has to merge partial updates. */
export function lineState(line: LineRow): Record<string, unknown> {
  return {
    id: line.id,
    username: line.username,
    password: line.password,
    full_name: line.fullName,
    macaddr: line.macaddr,
    enabled: line.enabled,
    exp_date: unixSeconds(line.expDate),
    max_connections: line.maxConnections,
    system: line.system,
    is_trial: line.isTrial,
    package_id: line.packageId,
    bouquet: line.bouquets,
  };
}

export function provisioningPayload(line: LineRow, event: ProvisioningEvent): Record<string, unknown> {
  return { event, line: lineState(line) };
}

/**
 * Records a change of a P2P or hybrid line in the same transaction as the change itself, so it is
 * delivered if and only if the change commits. IPTV lines are ignored. `system` names the service to
 * tell when it differs from the line's (a line leaving P2P must be removed there: event 'deleted').
 */
/**
 * enqueueProvisioning of several changes (in this order, one statement) as SQL, for a caller that writes
 * them in the same statement as the line's change (updateLineWith); `line` is the line after the change.
 * Undefined when none concerns a provisioned service (IPTV).
 */
export function provisioningInsertSql(
  tx: Transaction,
  line: LineRow,
  steps: readonly { event: ProvisioningEvent; system?: number }[],
): SQL | undefined {
  const rows = steps
    .map((step) => ({ event: step.event, system: step.system ?? line.system }))
    .filter((step) => isProvisionedSystem(step.system))
    .map((step) => ({
      lineId: line.id,
      system: step.system,
      event: step.event,
      payload: provisioningPayload(line, step.event),
    }));
  return rows.length === 0 ? undefined : tx.insert(provisioningOutbox).values(rows).getSQL();
}

export async function enqueueProvisioning(
  tx: Transaction,
  line: LineRow,
  event: ProvisioningEvent,
  system: number = line.system,
): Promise<void> {
  if (!isProvisionedSystem(system)) return;
  await tx.insert(provisioningOutbox).values({
    lineId: line.id,
    system,
    event,
    payload: provisioningPayload(line, event),
  });
}

/** enqueueProvisioning of one event of many lines, as one statement (a batch of activation codes). */
export async function enqueueProvisioningOfLines(
  tx: Transaction,
  lines: readonly LineRow[],
  event: ProvisioningEvent,
): Promise<void> {
  const rows = lines
    .filter((line) => isProvisionedSystem(line.system))
    .map((line) => ({
      lineId: line.id,
      system: line.system,
      event,
      payload: provisioningPayload(line, event),
    }));
  if (rows.length > 0) await tx.insert(provisioningOutbox).values(rows);
}
