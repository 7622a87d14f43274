import { fromCents } from '@panel/shared/money/credits';
import type { LogAction, LogType } from '@panel/shared/logs/log-codes';
import type { LogsQuery } from '@panel/shared/logs/log-schemas';
import { and, asc, count, desc, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { actingApiToken } from '../../lib/acting-api-token';
import { actingBulkId } from '../../lib/acting-bulk-action';
import { rowsOf } from '../../db/execute-rows';
import { accounts, logs, type LogDetails } from '../../db/schema';
import { accountIdsWithin, type ListScope } from '../scope/caller-scope';
import { signedMovementCents } from './log-movement';

export interface CreditsStep {
  beforeCents: number;
  afterCents: number;
}

export interface NewLogEntry {
  action: LogAction;
  type: LogType;
  actorId: number;
  targetAccountId?: number | null;
  /** Copied in so the row still names the target after a rename or deletion. */
  targetUsername?: string | null;
  lineId?: number | null;
  lineUsername?: string | null;
  /** The amount moved; stored signed by the balance step it records (signedMovementCents). */
  valueCents?: number | null;
  valueInt?: number | null;
  /** Null when the actor's balance did not move (an admin minting, a block). */
  actorCredits?: CreditsStep | null;
  targetCredits?: CreditsStep | null;
  details?: LogDetails | null;
}

const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? null : fromCents(value);

const signedValue = (entry: NewLogEntry) =>
  entry.valueCents === null || entry.valueCents === undefined
    ? null
    : signedMovementCents(entry.valueCents, entry.actorCredits, entry.targetCredits);

/**
 * The INSERT of log rows, as SQL: the actors' usernames and masters are copied in by the same statement
 * (INSERT … SELECT joining the actor's account), so it can also run as a CTE of a bigger write. Rows are
 * inserted (and numbered) in the order given; one row answered per log written.
 */
export function logInsertSql(entries: readonly NewLogEntry[]): SQL {
  // A request made with an API token names it on every row it writes, whoever writes them (decision 0139).
  const apiTokenName = actingApiToken()?.name ?? null;
  // A line done by a bulk action names it on its rows (decision 0154).
  const bulkId = actingBulkId();
  const detailsOf = (entry: NewLogEntry) =>
    bulkId === null ? entry.details : { ...entry.details, bulk_id: bulkId };
  const values = entries.map(
    (entry, index) => sql`(${index}::int, ${entry.action}::text, ${entry.type}::text, ${entry.actorId}::int,
      ${entry.targetAccountId ?? null}::int, ${entry.targetUsername ?? null}::text, ${entry.lineId ?? null}::int,
      ${entry.lineUsername ?? null}::text, ${cents(signedValue(entry))}::numeric, ${entry.valueInt ?? null}::int,
      ${cents(entry.actorCredits?.beforeCents)}::numeric, ${cents(entry.actorCredits?.afterCents)}::numeric,
      ${cents(entry.targetCredits?.beforeCents)}::numeric, ${cents(entry.targetCredits?.afterCents)}::numeric,
      ${detailsOf(entry) ? JSON.stringify(detailsOf(entry)) : null}::jsonb)`,
  );
  return sql`
    insert into ${logs} (action, type, actor_id, actor_username, master_id, master_username, target_account_id,
                         target_username, line_id, line_username, value, value_int, actor_credits_before,
                         actor_credits_after, target_credits_before, target_credits_after, details,
                         api_token_name)
    select e.action, e.type, actor.id, actor.username, actor.parent_id, actor_master.username, e.target_account_id,
           e.target_username, e.line_id, e.line_username, e.value, e.value_int, e.actor_before, e.actor_after,
           e.target_before, e.target_after, e.details, ${apiTokenName}::text
    from (values ${sql.join(values, sql`, `)}) as e(ord, action, type, actor_id, target_account_id, target_username,
           line_id, line_username, value, value_int, actor_before, actor_after, target_before, target_after, details)
    join ${accounts} actor on actor.id = e.actor_id
    left join ${accounts} actor_master on actor_master.id = actor.parent_id
    order by e.ord
    returning 1`;
}

/** Writes one log row (one round trip); the actor must exist. */
export async function insertLog(db: Database, entry: NewLogEntry): Promise<void> {
  const result = await db.execute(logInsertSql([entry]));
  if (rowsOf(result).length === 0) throw new Error(`Log actor ${entry.actorId} does not exist`);
}

/** Ids of the accounts with this username now (0 or 1), as a subquery. */
function accountIdsNamed(username: string) {
  return sql`(select ${accounts.id} from ${accounts} where lower(${accounts.username}) = lower(${username}))`;
}

const ORDER_COLUMNS = {
  created_at: logs.createdAt,
  action: logs.action,
  type: logs.type,
  value: logs.value,
} as const;

export interface LogListFilters extends Pick<
  LogsQuery,
  'actions' | 'types' | 'reseller' | 'target' | 'user'
> {
  from: Date;
  to: Date;
  /** The caller's list scope (an admin: everything). */
  scope: ListScope;
}

export async function listLogRows(
  db: Database,
  filters: LogListFilters,
  page: { offset: number; limit: number; orderBy: LogsQuery['order_by'] },
) {
  const conditions: (SQL | undefined)[] = [gte(logs.createdAt, filters.from), lt(logs.createdAt, filters.to)];
  if (filters.actions) conditions.push(inArray(logs.action, filters.actions));
  if (filters.types) conditions.push(inArray(logs.type, filters.types));
  // A log belongs to a subtree when the one who acted or the one acted on is in it now.
  const under = accountIdsWithin(filters.scope);
  if (under) {
    conditions.push(or(sql`${logs.actorId} in ${under}`, sql`${logs.targetAccountId} in ${under}`));
  }
  // 'Revenda' / 'Revendedor' is the one who acted; the one acted on has its own filter (target).
  if (filters.reseller) {
    conditions.push(
      or(
        sql`${logs.actorId} in ${accountIdsNamed(filters.reseller)}`,
        sql`lower(${logs.actorUsername}) = lower(${filters.reseller})`,
      ),
    );
  }
  if (filters.target) {
    conditions.push(
      or(
        sql`${logs.targetAccountId} in ${accountIdsNamed(filters.target)}`,
        sql`lower(${logs.targetUsername}) = lower(${filters.target})`,
      ),
    );
  }
  if (filters.user) conditions.push(sql`lower(${logs.lineUsername}) = lower(${filters.user})`);
  const where = and(...conditions);
  const column = ORDER_COLUMNS[page.orderBy.field];
  const direction = page.orderBy.direction === 'asc' ? asc : desc;
  const rows = await db
    .select({
      log: logs,
      // Balances of accounts outside the caller's subtree (its master's, above all) are not its business.
      actorVisible: under ? sql<boolean>`${logs.actorId} in ${under}` : sql<boolean>`true`,
      targetVisible: under
        ? sql<boolean>`coalesce(${logs.targetAccountId} in ${under}, false)`
        : sql<boolean>`true`,
    })
    .from(logs)
    .where(where)
    .orderBy(
      page.orderBy.field === 'value'
        ? sql`${logs.value} ${sql.raw(page.orderBy.direction)} nulls last`
        : direction(column),
      direction(logs.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(logs).where(where);
  return { rows, total: total?.value ?? 0 };
}
