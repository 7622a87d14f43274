import { DEADLOCK_DETECTED, SERIALIZATION_FAILURE, postgresErrorCode } from '../lib/postgres-error';
import type { Database } from './database';

/** The handle inside `db.transaction`: ledger functions demand it, so they can never run outside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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
