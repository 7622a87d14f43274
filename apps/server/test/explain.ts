import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { runInTransaction } from '../src/db/run-in-transaction';
import { executeRows } from '../src/db/execute-rows';

/**
 * The plan PostgreSQL chooses for a statement with its bound values (`$1`, `$2`… in `text`), with
 * sequential scans forbidden: a test table is small enough for a full scan to be cheapest, so this asks
 * whether an index can answer the statement at all, and which one the planner takes.
 */
export async function planOf(
  db: Database,
  statement: { sql: string; params: unknown[] },
  options: { bitmapOnly?: boolean; asPlanned?: boolean } = {},
): Promise<string> {
  return runInTransaction(db, async (tx) => {
    // asPlanned: the plan as production gets it, for tests whose tables hold production-sized data.
    if (!options.asPlanned) await tx.execute(sql`set local enable_seqscan = off`);
    // Also without walking an index in order (a small table makes walking the id index cheapest): what is
    // left is the indexes that answer the conditions themselves.
    if (options.bitmapOnly) await tx.execute(sql`set local enable_indexscan = off`);
    const rows = await executeRows<Record<string, string>>(
      tx,
      withValues(`explain ${statement.sql}`, statement.params),
    );
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

/** The same text with each `$n` bound to `params[n - 1]` again (drizzle numbers them in order). */
function withValues(text: string, params: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${params[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
