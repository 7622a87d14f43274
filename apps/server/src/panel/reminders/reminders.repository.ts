import { REMINDER_WINDOWS, type ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  accounts,
  domains,
  lines,
  reminderMarks,
  reminderTemplates,
  resellerNotifications,
} from '../../db/schema';

export interface ExpiryRange {
  after: Date;
  until: Date;
}

/** Paying, enabled lines of one reseller expiring in the range (decision 0171). */
function ownLinesIn(ownerId: number, range: ExpiryRange) {
  return and(
    eq(lines.resellerId, ownerId),
    eq(lines.isTrial, 0),
    eq(lines.enabled, 1),
    gt(lines.expDate, range.after),
    lte(lines.expDate, range.until),
  );
}

export interface ReminderLine {
  id: number;
  username: string;
  password: string;
  fullName: string | null;
  phone: string | null;
  macaddr: string | null;
  maxConnections: number;
  expDate: Date;
  sentAt: Date | null;
}

const reminderLineColumns = {
  id: lines.id,
  username: lines.username,
  password: lines.password,
  fullName: lines.fullName,
  phone: lines.phone,
  macaddr: lines.macaddr,
  maxConnections: lines.maxConnections,
  expDate: lines.expDate,
};

/** One window's lines, soonest first, with 'marcar como enviado' for this window and expiry. */
export async function listWindowLines(
  db: Database,
  ownerId: number,
  window: ReminderWindow,
  range: ExpiryRange,
  limit: number,
): Promise<ReminderLine[]> {
  return db
    .select({ ...reminderLineColumns, sentAt: reminderMarks.sentAt })
    .from(lines)
    .leftJoin(
      reminderMarks,
      and(
        eq(reminderMarks.lineId, lines.id),
        eq(reminderMarks.window, window),
        eq(reminderMarks.expDate, lines.expDate),
      ),
    )
    .where(ownLinesIn(ownerId, range))
    .orderBy(asc(lines.expDate), asc(lines.id))
    .limit(limit);
}

/** How many lines each window holds, in one scan of the reseller's lines. */
export async function countWindows(
  db: Database,
  ownerId: number,
  ranges: Record<ReminderWindow, ExpiryRange>,
): Promise<Record<ReminderWindow, number>> {
  const counts = REMINDER_WINDOWS.map(
    (window) =>
      sql<number>`(count(*) filter (where ${lines.expDate} > ${ranges[window].after} and ${lines.expDate} <= ${ranges[window].until}))::int`,
  );
  const widest = { after: ranges.expired.after, until: ranges['7'].until };
  const [row] = await db
    .select({ counts: sql<number[]>`array[${sql.join(counts, sql`, `)}]` })
    .from(lines)
    .where(ownLinesIn(ownerId, widest));
  const values = row?.counts ?? [];
  return Object.fromEntries(
    REMINDER_WINDOWS.map((window, index) => [window, Number(values[index] ?? 0)]),
  ) as Record<ReminderWindow, number>;
}

/**
 * Marks the line's reminder of this window and its current expiry as sent, if the line is the reseller's
 * and in that window now. Answers the mark's time, 'missing' (not the reseller's line) or 'outside'.
 */
export async function markReminderSent(
  db: Database,
  ownerId: number,
  lineId: number,
  window: ReminderWindow,
  range: ExpiryRange,
): Promise<Date | 'missing' | 'outside'> {
  const [line] = await db
    .select({ expDate: lines.expDate, inWindow: sql<boolean>`${ownLinesIn(ownerId, range)}` })
    .from(lines)
    .where(and(eq(lines.id, lineId), eq(lines.resellerId, ownerId)));
  if (!line) return 'missing';
  if (!line.inWindow) return 'outside';
  await db
    .insert(reminderMarks)
    .values({ lineId, window, expDate: line.expDate, sentBy: ownerId })
    .onConflictDoNothing();
  const [mark] = await db
    .select({ sentAt: reminderMarks.sentAt })
    .from(reminderMarks)
    .where(
      and(
        eq(reminderMarks.lineId, lineId),
        eq(reminderMarks.window, window),
        eq(reminderMarks.expDate, line.expDate),
      ),
    );
  return mark?.sentAt ?? 'missing';
}

export async function listTemplates(db: Database, accountIds: readonly number[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: reminderTemplates.accountId,
      window: reminderTemplates.window,
      body: reminderTemplates.body,
    })
    .from(reminderTemplates)
    .where(inArray(reminderTemplates.accountId, [...accountIds]));
}

export async function saveTemplate(db: Database, accountId: number, window: ReminderWindow, body: string) {
  await db
    .insert(reminderTemplates)
    .values({ accountId, window, body })
    .onConflictDoUpdate({
      target: [reminderTemplates.accountId, reminderTemplates.window],
      set: { body, updatedAt: sql`now()` },
    });
}

export async function deleteTemplate(db: Database, accountId: number, window: ReminderWindow) {
  await db
    .delete(reminderTemplates)
    .where(and(eq(reminderTemplates.accountId, accountId), eq(reminderTemplates.window, window)));
}

/** Each account's verified domains, the default first, then by verification (decision 0173). */
export async function verifiedDomainsOf(
  db: Database,
  accountIds: readonly number[],
): Promise<Map<number, string[]>> {
  const byAccount = new Map<number, string[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .select({ ownerId: domains.ownerId, domain: domains.domain })
    .from(domains)
    .where(and(inArray(domains.ownerId, [...accountIds]), isNotNull(domains.verifiedAt)))
    .orderBy(sql`${domains.isDefault} desc`, asc(domains.verifiedAt), asc(domains.id));
  for (const row of rows) byAccount.set(row.ownerId, [...(byAccount.get(row.ownerId) ?? []), row.domain]);
  return byAccount;
}

export interface ScanLine extends Omit<ReminderLine, 'sentAt'> {
  ownerId: number;
  ownerUsername: string;
}

/**
 * The lines of resellers with a webhook address that are in the window and have no event queued for it
 * and their current expiry yet (the outbox's dedupe key, decision 0171).
 */
export async function unqueuedWindowLines(
  db: Database,
  window: ReminderWindow,
  range: ExpiryRange,
  limit: number,
): Promise<ScanLine[]> {
  return db
    .select({ ...reminderLineColumns, ownerId: lines.resellerId, ownerUsername: accounts.username })
    .from(lines)
    .innerJoin(resellerNotifications, eq(resellerNotifications.accountId, lines.resellerId))
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(
      and(
        isNotNull(resellerNotifications.webhookUrl),
        eq(lines.isTrial, 0),
        eq(lines.enabled, 1),
        gt(lines.expDate, range.after),
        lte(lines.expDate, range.until),
        sql`not exists (select 1 from reseller_webhook_outbox o where o.dedupe_key = ${reminderDedupeKeySql(window)})`,
      ),
    )
    .orderBy(asc(lines.id))
    .limit(limit);
}

/** 'line:<id>:<window>:<expiry in unix seconds>': one event per line, window and expiry. */
export function reminderDedupeKey(lineId: number, window: ReminderWindow, expDate: Date): string {
  return `line:${lineId}:${window}:${Math.floor(expDate.getTime() / 1000)}`;
}

function reminderDedupeKeySql(window: ReminderWindow) {
  return sql`'line:' || ${lines.id} || ':' || ${window}::text || ':' || floor(extract(epoch from ${lines.expDate}))::bigint`;
}
