import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { lines } from '../../../db/schema';

/** Which of `candidates` (normalised MACs) some line already has, in one statement. */
export async function takenMacs(db: Database, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ macaddr: lines.macaddr })
    .from(lines)
    .where(inArray(lines.macaddr, [...candidates]));
  return new Set(rows.flatMap((row) => (row.macaddr ? [row.macaddr] : [])));
}
