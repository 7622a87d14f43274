import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { executeRows } from './execute-rows';

/**
 * Recording a delivery's outcome in an outbox table (id, attempts, last_error, next_attempt_at,
 * delivered_at): provisioning (decision 0013), edge commands (0045), the external panel (0060). A row
 * already delivered is left alone, so a late second outcome of a twice-sent row changes nothing.
 */
export function outboxMarks(db: Database, table: PgTable) {
  return {
    async markDelivered(id: number): Promise<void> {
      await db.execute(
        sql`update ${table} set delivered_at = now() where id = ${id} and delivered_at is null`,
      );
    },
    /** Counts the failed attempt and schedules the next one `retryInMs` from now. */
    async markFailed(id: number, error: string, retryInMs: number): Promise<void> {
      await db.execute(sql`
        update ${table}
        set attempts = attempts + 1, last_error = ${error},
            next_attempt_at = now() + ${retryInMs}::int * interval '1 millisecond'
        where id = ${id} and delivered_at is null`);
    },
    /**
     * The admin's retry: rows that used every attempt (and match `only`, when given) get a fresh set, due
     * now. Answers how many.
     */
    async resetFailed(maxAttempts: number, only?: SQL): Promise<number> {
      const rows = await executeRows<{ id: number }>(
        db,
        sql`update ${table} set attempts = 0, next_attempt_at = now()
            where delivered_at is null and attempts >= ${maxAttempts}::int ${only ? sql`and ${only}` : sql``}
            returning id`,
      );
      return rows.length;
    },
  };
}
