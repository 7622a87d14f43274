import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/database';

/**
 * Reads statements through one cursor each, in one read-only transaction (one snapshot for all of them) on
 * one pooled connection, `batch` rows per FETCH (decision 0105): one plan and one scan for a long listing
 * instead of a keyset statement per page, each of which planned again and walked its index from the
 * start of its range. Rows come as the driver reads them, in the statements' order.
 *
 * Only on PostgreSQL: PGlite is one connection, and a transaction kept open while a client reads would hold
 * every other query of the server; `undefined` there, and the caller pages by keyset. The connection is
 * held while the caller reads (the answer cache writes its file at the client's pace, decision 0043).
 */
export function cursorReader(db: Database): CursorReader | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? new CursorReader(client) : undefined;
}

const dialect = new PgDialect();
const WORK_MEM = '32MB';

export class CursorReader {
  constructor(private readonly pool: pg.Pool) {}

  async *rows<T>(statements: readonly SQL[], batch: number): AsyncGenerator<T[]> {
    const client = await this.pool.connect();
    let open = false;
    let broken: Error | undefined;
    try {
      await client.query('begin isolation level repeatable read read only');
      open = true;
      // A listing of 100,000 rows is sorted once, in memory (the default 4 MB spilled it to disk).
      await client.query(`set local work_mem = '${WORK_MEM}'`);
      for (const [index, statement] of statements.entries()) {
        const query = dialect.sqlToQuery(statement);
        const name = `read_cursor_${index}`;
        await client.query({
          text: `declare ${name} no scroll cursor for ${query.sql}`,
          values: query.params,
        });
        for (;;) {
          const { rows } = await client.query<T & pg.QueryResultRow>(`fetch forward ${batch} from ${name}`);
          if (rows.length > 0) yield rows;
          if (rows.length < batch) break;
        }
        await client.query(`close ${name}`);
      }
      await client.query('commit');
      open = false;
    } finally {
      // Ended early (the client went away) or failed: rolled back before the connection goes back to the
      // pool; a connection that cannot even roll back is dropped.
      if (open) {
        await client.query('rollback').catch((error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        });
      }
      client.release(broken);
    }
  }
}
