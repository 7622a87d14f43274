import { listMeta } from '@panel/shared/lists/list-query';
import { fromCents, toCents } from '@panel/shared/money/credits';
import {
  DEFAULT_LOG_PERIOD_MONTHS,
  LOG_ACTIONS,
  LOG_ACTION_LABELS,
  LOG_TYPES,
  LOG_TYPE_LABELS,
} from '@panel/shared/logs/log-codes';
import type { LogEntry, LogList, LogOptions, LogsQuery } from '@panel/shared/logs/log-schemas';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { LogRow } from '../../db/schema';
import type { Caller } from '../auth/caller';
import { listScopeOf } from '../scope/caller-scope';
import { signedMovementCents } from './log-movement';
import { insertLog, listLogRows, logInsertSql, type NewLogEntry } from './logs.repository';

export type { NewLogEntry } from './logs.repository';

/**
 * Writes a log row. Call it with the transaction of the change it records, so the change and its log
 * commit together (or not at all).
 */
export function recordLog(tx: Database, entry: NewLogEntry): Promise<void> {
  return insertLog(tx, entry);
}

/**
 * recordLog of several rows (in this order) as SQL, for a caller that writes the log in the same statement as its change (a line
 * action: see updateLineWith). The actor must exist (it is the caller of the request).
 */
export function recordLogsSql(entries: readonly NewLogEntry[]): SQL {
  return logInsertSql(entries);
}

/** The default period: from the same day six months ago until the end of today (UTC). */
export function defaultLogPeriod(now: Date = new Date()): { from: Date; to: Date } {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(startOfToday);
  from.setUTCMonth(from.getUTCMonth() - DEFAULT_LOG_PERIOD_MONTHS);
  return { from, to: new Date(startOfToday + 86_400_000) };
}

function stepOf(before: string | null, after: string | null) {
  return before === null || after === null
    ? null
    : { beforeCents: toCents(before), afterCents: toCents(after) };
}

/**
 * The movement with its sign. Rows written before decision 0026 stored the amount unsigned (the log is
 * append-only, so they stay so); the sign is read again from the balance step every row records.
 */
function signedValue(row: LogRow): string | null {
  if (row.value === null) return null;
  const actor = stepOf(row.actorCreditsBefore, row.actorCreditsAfter);
  const target = stepOf(row.targetCreditsBefore, row.targetCreditsAfter);
  return fromCents(signedMovementCents(toCents(row.value), actor, target));
}

function toLogEntry({
  log: row,
  actorVisible,
  targetVisible,
}: {
  log: LogRow;
  actorVisible: boolean;
  targetVisible: boolean;
}): LogEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action,
    type: row.type,
    value: signedValue(row),
    value_int: row.valueInt,
    reseller_id: row.actorId,
    reseller: row.actorUsername,
    master_id: actorVisible ? row.masterId : null,
    master: actorVisible ? row.masterUsername : null,
    target_id: row.targetAccountId,
    target: row.targetUsername,
    line_id: row.lineId,
    user: row.lineUsername,
    reseller_credits_before: actorVisible ? row.actorCreditsBefore : null,
    reseller_credits_after: actorVisible ? row.actorCreditsAfter : null,
    target_credits_before: targetVisible ? row.targetCreditsBefore : null,
    target_credits_after: targetVisible ? row.targetCreditsAfter : null,
    details: row.details ?? null,
    api_token: row.apiTokenName,
  };
}

/**
 * Logs the caller may see: an admin all, anyone else those whose actor or target is in its subtree,
 * without the balances (and master) of an actor or target outside it.
 */
export async function listLogs(db: Database, caller: Caller, query: LogsQuery): Promise<LogList> {
  const period = query.dates ?? defaultLogPeriod();
  const { rows, total } = await listLogRows(
    db,
    {
      ...period,
      actions: query.actions,
      types: query.types,
      reseller: query.reseller || undefined,
      target: query.target || undefined,
      user: query.user || undefined,
      scope: listScopeOf(caller),
    },
    { offset: (query.page - 1) * query.per, limit: query.per, orderBy: query.order_by },
  );
  return { data: rows.map(toLogEntry), meta: listMeta(query.page, query.per, total) };
}

export function logOptions(): LogOptions {
  return {
    actions: LOG_ACTIONS.map((value) => ({ value, label: LOG_ACTION_LABELS[value] })),
    types: LOG_TYPES.map((value) => ({ value, label: LOG_TYPE_LABELS[value] })),
  };
}
