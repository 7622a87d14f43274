import { EXTERNAL_PANEL_SWITCHES } from '@panel/shared/settings/external-panel';
import { PANEL_UTC_OFFSET_SECONDS } from '@panel/shared/lines/panel-calendar';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';

/**
 * The first use of an activation code (decision 0145), as one statement: the code's `activated_at` is set
 * only while it is unset and the code not cancelled (UPDATE … WHERE), so of any number of simultaneous first
 * uses exactly one activates it; in the same statement its line's expiry becomes that moment plus the
 * package's months (the panel calendar of addPanelMonths: panel time, the day clamped to the month's end)
 * or, for a trial, its hours; the activation is logged under the code's owner; a P2P line's new state goes
 * to the provisioning outbox and, while the switch is on, the line to the external panel's.
 */

/**
 * A line's state as the P2P service and the external panel receive it: `lineState` of
 * panel/provisioning/provisioning-outbox.ts written in SQL (the delivery plane imports nothing of the
 * panel's; code-activation.routes.test.ts compares the two).
 */
const lineStateJson = sql`jsonb_build_object('id', a.id, 'username', a.username, 'password', a.password,
  'full_name', a.full_name, 'macaddr', a.macaddr, 'enabled', a.enabled,
  'exp_date', floor(extract(epoch from a.exp_date))::bigint, 'max_connections', a.max_connections,
  'system', a.system, 'is_trial', a.is_trial, 'package_id', a.package_id, 'bouquet', a.bouquets)`;

const offset = sql`make_interval(secs => ${PANEL_UTC_OFFSET_SECONDS}::float8)`;

export interface ActivatedLine {
  lineId: number;
  expSeconds: number;
}

/** Activates the waiting codes `which` selects (a condition on `activation_codes c`); answers their lines. */
export async function activateCodes(db: Database, which: SQL): Promise<ActivatedLine[]> {
  const rows = await executeRows<{ line_id: number; exp_seconds: number }>(
    db,
    sql`
    with code as (
      update activation_codes c set activated_at = date_trunc('second', now())
      where (${which}) and c.activated_at is null and c.cancelled_at is null and c.line_id is not null
      returning c.batch_id, c.line_id, c.activated_at
    ), a as (
      update lines l set exp_date = case when b.is_trial
          then code.activated_at + make_interval(hours => coalesce(b.trial_hours, 4))
          else ((code.activated_at at time zone 'UTC') + ${offset} + make_interval(months => b.months::int)
                - ${offset}) at time zone 'UTC' end
      from code join activation_batches b on b.id = code.batch_id
      where l.id = code.line_id
      returning l.*, code.batch_id
    ), logged as (
      insert into logs (action, type, actor_id, actor_username, master_id, master_username, line_id,
                        line_username, details)
      select 'code_activated',
             case when a.is_trial = 1 then 'test_users' when a.system = 2 then 'reg_p2p' else 'users' end,
             owner.id, owner.username, owner.parent_id, master.username, a.id, a.username,
             jsonb_build_object('batch_id', a.batch_id, 'expires_at', floor(extract(epoch from a.exp_date))::bigint)
      from a join accounts owner on owner.id = a.reseller_id left join accounts master on master.id = owner.parent_id
      returning 1
    ), provisioned as (
      insert into provisioning_outbox (line_id, system, event, payload)
      select a.id, a.system, 'renewed', jsonb_build_object('event', 'renewed', 'line', ${lineStateJson})
      from a where a.system in (2, 3)
      returning 1
    ), synced as (
      insert into external_panel_outbox (subject, subject_id, event, payload)
      select 'line', a.id, 'created', jsonb_build_object('event', 'created',
             'line', ${lineStateJson} || jsonb_build_object('reseller_id', a.reseller_id))
      from a
      where exists (select 1 from settings where key = ${EXTERNAL_PANEL_SWITCHES.line} and value = 'true')
      returning 1
    )
    select a.id as line_id, extract(epoch from a.exp_date)::float8 as exp_seconds from a`,
  );
  return rows.map((row) => ({ lineId: row.line_id, expSeconds: Number(row.exp_seconds) }));
}

/** The line's expiry now (unix seconds); undefined when the line is gone (its code was cancelled). */
export async function lineExpirySeconds(db: Database, lineId: number): Promise<number | undefined> {
  const [row] = await executeRows<{ exp_seconds: number }>(
    db,
    sql`select extract(epoch from exp_date)::float8 as exp_seconds from lines where id = ${lineId}`,
  );
  return row ? Number(row.exp_seconds) : undefined;
}
