import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, bouquets, lines, settings, type LineRow } from '../../db/schema/index';

export type NewLineRow = typeof lines.$inferInsert;
export type LineChanges = Partial<Omit<NewLineRow, 'id' | 'createdAt'>>;

/** A line with its owner's username (the `master_username` of the wire). */
export interface LineRecord {
  line: LineRow;
  ownerUsername: string;
}

export async function findLineRecord(db: Database, id: number): Promise<LineRecord | undefined> {
  const [row] = await db
    .select({ line: lines, ownerUsername: accounts.username })
    .from(lines)
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(eq(lines.id, id));
  return row;
}

/**
 * The line if its owner is in the caller's subtree (`scopeOf` null: an admin, everything). The
 * caller's path is read in the same statement, like requireAccountInScope, so a subtree moved since
 * the session was loaded cannot widen the scope. With `lock` the line row stays locked (FOR UPDATE)
 * until the transaction ends: two actions on one line queue instead of both reading the old expiry.
 */
export async function findLineInScope(
  db: Database,
  id: number,
  scopeOf: number | null,
  lock: boolean,
): Promise<LineRow | undefined> {
  const inScope =
    scopeOf === null
      ? undefined
      : sql`${lines.ownerPath} like (select me.path from ${accounts} as me where me.id = ${scopeOf}) || '%'`;
  const query = db
    .select()
    .from(lines)
    .where(and(eq(lines.id, id), inScope));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertLine(db: Database, values: NewLineRow): Promise<LineRow> {
  const [row] = await db.insert(lines).values(values).returning();
  if (!row) throw new Error('line not inserted');
  return row;
}

export async function updateLine(db: Database, id: number, changes: LineChanges): Promise<LineRow> {
  const [row] = await db.update(lines).set(changes).where(eq(lines.id, id)).returning();
  if (!row) throw new Error(`line ${id} vanished while locked`);
  return row;
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
