import type { ResellerWebhookEvent } from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { claimDueOutboxRows, type ClaimOptions, type ClaimedOutboxRow } from '../../db/outbox-claim';
import type { Transaction } from '../../db/run-in-transaction';
import { resellerNotifications, resellerWebhookOutbox } from '../../db/schema';

/** The top bar's warning reads it with the profile (decision 0174). */
export async function findLowBalanceThreshold(db: Database, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ threshold: resellerNotifications.lowBalanceThreshold })
    .from(resellerNotifications)
    .where(eq(resellerNotifications.accountId, accountId));
  return row?.threshold ?? null;
}

export interface NotificationSettings {
  webhookUrl: string | null;
  secretVersion: number;
  lowBalanceThreshold: string | null;
}

const NONE: NotificationSettings = { webhookUrl: null, secretVersion: 1, lowBalanceThreshold: null };

export async function findNotificationSettings(
  db: Database,
  accountId: number,
): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      webhookUrl: resellerNotifications.webhookUrl,
      secretVersion: resellerNotifications.secretVersion,
      lowBalanceThreshold: resellerNotifications.lowBalanceThreshold,
    })
    .from(resellerNotifications)
    .where(eq(resellerNotifications.accountId, accountId));
  return row ?? NONE;
}

/**
 * Saves the address and the threshold. A changed threshold clears `low_balance_notified`, so the next pass
 * judges the balance against the new one (decision 0174).
 */
export async function saveNotificationSettings(
  db: Database,
  accountId: number,
  input: { webhookUrl: string | null; lowBalanceThreshold: string | null },
): Promise<void> {
  await db
    .insert(resellerNotifications)
    .values({ accountId, webhookUrl: input.webhookUrl, lowBalanceThreshold: input.lowBalanceThreshold })
    .onConflictDoUpdate({
      target: resellerNotifications.accountId,
      set: {
        webhookUrl: input.webhookUrl,
        lowBalanceThreshold: input.lowBalanceThreshold,
        lowBalanceNotified: sql`case when ${resellerNotifications.lowBalanceThreshold} is not distinct from ${input.lowBalanceThreshold}::numeric
          then ${resellerNotifications.lowBalanceNotified} else false end`,
        updatedAt: sql`now()`,
      },
    });
}

export async function bumpSecretVersion(db: Database, accountId: number): Promise<void> {
  await db
    .insert(resellerNotifications)
    .values({ accountId, secretVersion: 2 })
    .onConflictDoUpdate({
      target: resellerNotifications.accountId,
      set: { secretVersion: sql`${resellerNotifications.secretVersion} + 1`, updatedAt: sql`now()` },
    });
}

export interface QueuedEvent {
  accountId: number;
  event: ResellerWebhookEvent;
  /** Events with the same key are queued once (a line's window and expiry, a payment). */
  dedupeKey: string | null;
  payload: Record<string, unknown>;
}

/**
 * Queues events for accounts that have a webhook address now; an account without one gets nothing (its
 * events are not kept for later). Answers how many rows were queued.
 */
export async function queueEvents(
  db: Database | Transaction,
  events: readonly QueuedEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await executeRows<{ id: number }>(
    db as Database,
    sql`
    insert into reseller_webhook_outbox (account_id, event, dedupe_key, payload)
    select e.account_id, e.event, e.dedupe_key, e.payload
    from jsonb_to_recordset(${JSON.stringify(
      events.map((event) => ({
        account_id: event.accountId,
        event: event.event,
        dedupe_key: event.dedupeKey,
        payload: event.payload,
      })),
    )}::jsonb) as e(account_id int, event text, dedupe_key text, payload jsonb)
    where exists (
      select 1 from reseller_notifications n where n.account_id = e.account_id and n.webhook_url is not null)
    on conflict (dedupe_key) do nothing
    returning id`,
  );
  return rows.length;
}

export interface BalanceCrossing {
  accountId: number;
  username: string;
  credits: string;
  threshold: string;
}

/**
 * One statement (decision 0174): flips `low_balance_notified` of every account whose balance crossed its
 * threshold since the last pass, and answers the ones that went below it.
 */
export async function takeBalanceCrossings(db: Database): Promise<BalanceCrossing[]> {
  const rows = await executeRows<{
    account_id: number;
    username: string;
    credits: string;
    threshold: string;
  }>(
    db,
    sql`
    update reseller_notifications n
    set low_balance_notified = coalesce(a.credits < n.low_balance_threshold, false)
    from accounts a
    where a.id = n.account_id
      and n.low_balance_notified <> coalesce(a.credits < n.low_balance_threshold, false)
    returning n.account_id, a.username, a.credits::text as credits, n.low_balance_threshold::text as threshold,
      n.low_balance_notified`,
  );
  return rows
    .filter((row) => (row as { low_balance_notified?: unknown }).low_balance_notified === true)
    .map((row) => ({
      accountId: Number(row.account_id),
      username: row.username,
      credits: row.credits,
      threshold: row.threshold,
    }));
}

export interface ClaimedResellerEvent extends ClaimedOutboxRow {
  accountId: number;
  url: string;
  secretVersion: number;
}

/** Due rows of accounts that have an address now (a removed address holds its rows until one is set). */
export async function claimDueResellerEvents(
  db: Database,
  options: ClaimOptions,
): Promise<ClaimedResellerEvent[]> {
  const rows = await claimDueOutboxRows<{ account_id: number; url: string; secret_version: number }>(
    db,
    {
      table: resellerWebhookOutbox,
      where: sql`exists (select 1 from reseller_notifications n where n.account_id = o.account_id and n.webhook_url is not null)`,
      also: sql`o.account_id,
        (select n.webhook_url from reseller_notifications n where n.account_id = o.account_id) as url,
        (select n.secret_version from reseller_notifications n where n.account_id = o.account_id) as secret_version`,
    },
    options,
  );
  return rows.map(({ account_id, url, secret_version, ...row }) => ({
    ...row,
    accountId: Number(account_id),
    url,
    secretVersion: Number(secret_version),
  }));
}
