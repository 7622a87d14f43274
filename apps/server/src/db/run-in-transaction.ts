import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { DEADLOCK_DETECTED, SERIALIZATION_FAILURE, postgresErrorCode } from '../lib/postgres-error';
import type { Database } from './database';
import type * as schema from './schema/index';

/**
 * The one transaction handle (decision 0096): what `runInTransaction` hands its work, on PGlite and on
 * PostgreSQL alike. Functions that must run inside a transaction (the ledger's, the ingest's) demand it;
 * it is also a `Database`, so every repository function takes it. Nothing else opens a transaction
 * (`db.transaction` is refused by the lint outside this file).
 */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

const MAX_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction. PostgreSQL may abort a transaction caught in a deadlock (for example
 * a credit move meeting a subtree move); that outcome says nothing about the request, so it is retried
 * from the start. Any other error rolls back and propagates unchanged.
 */
export async function runInTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = postgresErrorCode(error);
      const retryable = code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE;
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
