import { fromCents } from '@panel/shared/money/credits';
import type { LogAction, LogType } from '@panel/shared/logs/log-codes';
import type { LogsQuery } from '@panel/shared/logs/log-schemas';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { accounts, logs, type LogDetails } from '../../db/schema/index';

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
  valueCents?: number | null;
  valueInt?: number | null;
  /** Null when the actor's balance did not move (an admin minting, a block). */
  actorCredits?: CreditsStep | null;
  targetCredits?: CreditsStep | null;
  details?: LogDetails | null;
}

const master = alias(accounts, 'log_actor_master');

const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? null : fromCents(value);

/** Writes one log row; the actor's username and master are read in the same transaction. */
export async function insertLog(db: Database, entry: NewLogEntry): Promise<void> {
  const [actor] = await db
    .select({ username: accounts.username, masterId: accounts.parentId, masterUsername: master.username })
    .from(accounts)
    .leftJoin(master, eq(master.id, accounts.parentId))
    .where(eq(accounts.id, entry.actorId));
  if (!actor) throw new Error(`Log actor ${entry.actorId} does not exist`);
  await db.insert(logs).values({
    action: entry.action,
    type: entry.type,
    actorId: entry.actorId,
    actorUsername: actor.username,
    masterId: actor.masterId,
    masterUsername: actor.masterUsername,
    targetAccountId: entry.targetAccountId ?? null,
    targetUsername: entry.targetUsername ?? null,
    lineId: entry.lineId ?? null,
    lineUsername: entry.lineUsername ?? null,
    value: cents(entry.valueCents),
    valueInt: entry.valueInt ?? null,
    actorCreditsBefore: cents(entry.actorCredits?.beforeCents),
    actorCreditsAfter: cents(entry.actorCredits?.afterCents),
    targetCreditsBefore: cents(entry.targetCredits?.beforeCents),
    targetCreditsAfter: cents(entry.targetCredits?.afterCents),
    details: entry.details ?? null,
  });
}

/** Ids of the accounts with this username now (0 or 1), as a subquery. */
function accountIdsNamed(username: string) {
  return sql`(select ${accounts.id} from ${accounts} where lower(${accounts.username}) = lower(${username}))`;
}

function accountIdsUnder(pathPrefix: string) {
  return sql`(select ${accounts.id} from ${accounts} where ${accounts.path} like ${`${pathPrefix}%`})`;
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
  /** Path of the caller's subtree; undefined for an admin (everything). */
  scopePath?: string;
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
  if (filters.scopePath !== undefined) {
    const under = accountIdsUnder(filters.scopePath);
    conditions.push(or(sql`${logs.actorId} in ${under}`, sql`${logs.targetAccountId} in ${under}`));
  }
  if (filters.reseller) {
    const named = accountIdsNamed(filters.reseller);
    conditions.push(
      or(
        sql`${logs.actorId} in ${named}`,
        sql`${logs.targetAccountId} in ${named}`,
        sql`lower(${logs.actorUsername}) = lower(${filters.reseller})`,
        sql`lower(${logs.targetUsername}) = lower(${filters.reseller})`,
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
  const under = filters.scopePath === undefined ? undefined : accountIdsUnder(filters.scopePath);
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
