import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { lines, type LineRow } from '../../../db/schema';
import type { NewLineRow } from '../lines.repository';

/** Which of `candidates` (normalised MACs) some line already has, in one statement. */
export async function takenMacs(db: Database, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ macaddr: lines.macaddr })
    .from(lines)
    .where(inArray(lines.macaddr, [...candidates]));
  return new Set(rows.flatMap((row) => (row.macaddr ? [row.macaddr] : [])));
}

/** Inserts many lines in one statement and answers them in the order given (matched by their unique username). */
export async function insertLines(db: Database, values: readonly NewLineRow[]): Promise<LineRow[]> {
  if (values.length === 0) return [];
  const inserted = await db
    .insert(lines)
    .values([...values])
    .returning();
  const byUsername = new Map(inserted.map((row) => [row.username, row]));
  return values.map((value) => {
    const row = byUsername.get(value.username);
    if (!row) throw new Error(`line ${value.username} not inserted`);
    return row;
  });
}
