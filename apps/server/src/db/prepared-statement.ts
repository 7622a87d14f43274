import pg from 'pg';
import type { Database } from './database';

/**
 * A statement of a hot path (a stream start, decision 0105) run on the database's own client, without
 * drizzle's query building, tracing span and result mapping: on PostgreSQL a named prepared statement,
 * parsed once per pooled connection (its plan stays custom: the pool's plan_cache_mode); on PGlite the
 * text with its parameters. `text` numbers its parameters $1…; rows come back as the driver reads them.
 * Only for the database handle itself, never inside a transaction (that one runs on another client).
 */
export async function queryPrepared<T>(
  db: Database,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<T & pg.QueryResultRow>({ name, text, values: [...values] });
    return result.rows;
  }
  const embedded = client as { query?: (text: string, values: unknown[]) => Promise<{ rows: T[] }> };
  if (typeof embedded?.query !== 'function') throw new Error('queryPrepared: not a database handle');
  return (await embedded.query(text, [...values])).rows;
}
