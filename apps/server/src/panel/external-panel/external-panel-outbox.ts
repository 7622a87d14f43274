import { EXTERNAL_PANEL_SWITCHES, type ExternalPanelSubject } from '@panel/shared/settings/external-panel';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/run-in-transaction';
import type { LineRow } from '../../db/schema';
import { lineState, type ProvisioningEvent } from '../provisioning/provisioning-outbox';

/** What happened to a reseller; the external panel applies the state the event carries. */
export type ResellerSyncEvent =
  'created' | 'updated' | 'blocked' | 'unblocked' | 'credits_changed' | 'transferred' | 'deleted';

/** A line's events are provisioning's (decision 0013) minus the service-only ones (resync). */
export type LineSyncEvent = Exclude<ProvisioningEvent, 'resync'>;

// The switch is read in the change's own transaction: the event exists iff the switch was on when the
// change committed (decision 0060). A missing row is the default, 'false'.
function switchIsOn(subject: ExternalPanelSubject): SQL {
  return sql`exists (select 1 from settings where key = ${EXTERNAL_PANEL_SWITCHES[subject]} and value = 'true')`;
}

/**
 * Records a change of reseller `accountId` for the external panel, with the reseller's state as it is now
 * in `tx` (call it after the change; before the row is removed for 'deleted'). Nothing while
 * `five_admin_resellers_migration` is off. One statement; the password never leaves the panel.
 */
export async function recordResellerSync(
  tx: Transaction,
  accountId: number,
  event: ResellerSyncEvent,
): Promise<void> {
  await tx.execute(sql`
    insert into external_panel_outbox (subject, subject_id, event, payload)
    select 'reseller', a.id, ${event}::text, jsonb_build_object(
      'event', ${event}::text,
      'reseller', jsonb_build_object(
        'id', a.id, 'username', a.username, 'email', a.email, 'status', a.status,
        'credits', a.credits::text, 'notes', a.notes,
        'master_id', a.parent_id, 'master_username', m.username,
        'date_registered', floor(extract(epoch from a.created_at))::bigint))
    from accounts a left join accounts m on m.id = a.parent_id
    where a.id = ${accountId}::int and ${switchIsOn('reseller')}`);
}

/**
 * Changes of lines for the external panel as one INSERT (in this order), for a caller that writes it in the
 * same statement as the change (updateLineWith); each `line` is the line after its change. Undefined when
 * no event concerns the external panel. Nothing is inserted while `five_admin_users_migration` is off.
 */
export function lineSyncInsertSql(
  changes: readonly { line: LineRow; event: ProvisioningEvent }[],
): SQL | undefined {
  const rows = changes
    .filter((change) => change.event !== 'resync')
    .map(({ line, event }) => ({
      subject_id: line.id,
      event,
      payload: { event, line: { ...lineState(line), reseller_id: line.resellerId } },
    }));
  if (rows.length === 0) return undefined;
  return sql`insert into external_panel_outbox (subject, subject_id, event, payload)
    select 'line', v.subject_id, v.event, v.payload
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(subject_id int, event text, payload jsonb)
    where ${switchIsOn('line')}`;
}

/** lineSyncInsertSql of one event of several lines, as its own statement. */
export async function recordLineSync(
  tx: Transaction,
  lines: readonly LineRow[],
  event: LineSyncEvent,
): Promise<void> {
  const insert = lineSyncInsertSql(lines.map((line) => ({ line, event })));
  if (insert) await tx.execute(insert);
}
