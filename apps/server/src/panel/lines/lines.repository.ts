import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/execute-rows';
import { accounts, bouquets, lines, settings, type LineRow } from '../../db/schema';
import { notWaitingCode } from './waiting-codes';

export type NewLineRow = typeof lines.$inferInsert;
export type LineChanges = Partial<Omit<NewLineRow, 'id' | 'createdAt'>>;

/** A line with its owner's username (the `master_username` of the wire). */
export interface LineRecord {
  line: LineRow;
  ownerUsername: string;
}

/**
 * The line with its owner's username if `inScope` (the caller's scope condition on `lines.owner_path`,
 * panel/scope/caller-scope.ts) holds, in one statement. With `lock` only the line row stays locked
 * (FOR UPDATE OF lines, never the owner's account row) until the transaction ends: two actions on one
 * line queue instead of both reading the old expiry. With `treeLock` the same statement also tries the
 * shared account-tree lock (`treeLocked`: whether it got it).
 */
export async function findLineRecordInScope(
  db: Database,
  id: number,
  inScope: SQL | undefined,
  lock: boolean,
  treeLock?: SQL<boolean>,
): Promise<(LineRecord & { treeLocked: boolean }) | undefined> {
  const query = db
    .select({ line: lines, ownerUsername: accounts.username, treeLocked: treeLock ?? sql<boolean>`true` })
    .from(lines)
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(and(eq(lines.id, id), notWaitingCode(lines.expDate), inScope));
  const [row] = lock ? await query.for('update', { of: lines }) : await query;
  return row;
}

/** What a bulk action's preview reads of each line among `ids` that `inScope` holds. */
export async function findLineFactsInScope(
  db: Database,
  ids: readonly number[],
  inScope: SQL | undefined,
): Promise<Pick<LineRow, 'id' | 'maxConnections' | 'isTrial' | 'system'>[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: lines.id,
      maxConnections: lines.maxConnections,
      isTrial: lines.isTrial,
      system: lines.system,
    })
    .from(lines)
    .where(and(inArray(lines.id, [...ids]), inScope));
}

export async function insertLine(db: Database, values: NewLineRow): Promise<LineRow> {
  const [row] = await db.insert(lines).values(values).returning();
  if (!row) throw new Error('line not inserted');
  return row;
}

/**
 * Updates a line and, in the same statement, runs `writes` (INSERTs of its log rows and outbox rows, as
 * data-modifying CTEs): one round trip for everything a line action writes after the charge. The line is
 * locked by the caller, so the row after the update is `before` with `changes` applied.
 */
export async function updateLineWith(
  db: Database,
  before: LineRow,
  changes: LineChanges,
  writes: readonly SQL[],
): Promise<LineRow> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const ctes = writes.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  const withClause = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  if (Object.keys(set).length === 0) {
    if (ctes.length > 0) await db.execute(sql`${withClause}select 1`);
    return before;
  }
  const update = db.update(lines).set(set).where(eq(lines.id, before.id));
  const result = await db.execute(sql`${withClause}${update.getSQL()} returning ${lines.id}`);
  if (rowsOf(result).length === 0) throw new Error(`line ${before.id} vanished while locked`);
  return { ...before, ...set } as LineRow;
}

export async function deleteLineRow(db: Database, id: number): Promise<void> {
  await db.delete(lines).where(eq(lines.id, id));
}

export async function usernameTaken(db: Database, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lines.id })
    .from(lines)
    .where(and(eq(lines.username, username), exceptId === undefined ? undefined : ne(lines.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Which of `candidates` some line already has, in one statement. */
export async function takenUsernames(db: Database, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ username: lines.username })
    .from(lines)
    .where(inArray(lines.username, [...candidates]));
  return new Set(rows.map((row) => row.username));
}

export async function macTaken(db: Database, macaddr: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lines.id })
    .from(lines)
    .where(and(eq(lines.macaddr, macaddr), exceptId === undefined ? undefined : ne(lines.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Ids among `ids` that name an existing bouquet. */
export async function existingBouquetIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: bouquets.id })
    .from(bouquets)
    .where(inArray(bouquets.id, [...new Set(ids)]));
  return rows.map((row) => row.id);
}

/** Bouquets a new line gets: every normal one, plus the adult ones when its package is adult. */
export async function defaultBouquetIds(db: Database, includeAdult: boolean): Promise<number[]> {
  const rows = await db
    .select({ id: bouquets.id })
    .from(bouquets)
    .where(includeAdult ? undefined : eq(bouquets.isAdult, false))
    .orderBy(bouquets.sortOrder, bouquets.id);
  return rows.map((row) => row.id);
}

export async function readSetting(db: Database, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}
