import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { executeRows } from './execute-rows';

/** What every outbox row carries (decision 0095): the columns a delivery pass reads. */
export interface ClaimedOutboxRow {
  id: number;
  attempts: number;
  event: string;
  payload: Record<string, unknown>;
}

/** One outbox table as the claim sees it; the SQL fragments name the row being claimed as `o`. */
export interface OutboxShape {
  /** id, event, payload, attempts, next_attempt_at and delivered_at, as the three outboxes have. */
  table: PgTable;
  /**
   * The columns naming a row's subject (a line and its service, a reseller or a line): only the subject's
   * oldest undelivered row is claimable, so a receiver never sees a newer state before an older one, and a
   * row that used every attempt holds its subject's newer rows until an admin retries. None: no order.
   */
  orderedBy?: readonly string[];
  /** More that a due row must meet, e.g. its service is configured or its server can be reached. */
  where?: SQL;
  /** More columns to answer, e.g. `o.line_id` or a scalar subquery; each is read under its own name. */
  also?: SQL;
}

export interface ClaimOptions {
  limit: number;
  maxAttempts: number;
  /** How long a claimed row stays hidden from other passes; longer than one delivery attempt. */
  leaseMs: number;
}

/**
 * The one claim of the transactional outboxes (decisions 0013, 0095): due rows in the order they became
 * due, `FOR UPDATE SKIP LOCKED` so passes of several processes claim side by side without waiting or taking
 * each other's rows, and next_attempt_at moved forward as the lease that hides a claimed row once this
 * statement commits. One statement, so one short transaction on PostgreSQL and on PGlite alike.
 */
export async function claimDueOutboxRows<Extra extends object = object>(
  db: Database,
  outbox: OutboxShape,
  options: ClaimOptions,
): Promise<(ClaimedOutboxRow & Extra)[]> {
  const { table, orderedBy = [] } = outbox;
  const sameSubject = orderedBy.map(
    (column) => sql`older.${sql.identifier(column)} = o.${sql.identifier(column)}`,
  );
  const inOrder =
    sameSubject.length === 0
      ? sql``
      : sql`and not exists (
          select 1 from ${table} older
          where ${sql.join(sameSubject, sql` and `)} and older.id < o.id and older.delivered_at is null)`;
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`
    with due as materialized (
      select o.id from ${table} o
      where o.delivered_at is null and o.attempts < ${options.maxAttempts}::int and o.next_attempt_at <= now()
        ${outbox.where ? sql`and ${outbox.where}` : sql``}
        ${inOrder}
      order by o.next_attempt_at, o.id
      limit ${options.limit}::int
      for update of o skip locked
    )
    update ${table} o
    set next_attempt_at = now() + ${options.leaseMs}::int * interval '1 millisecond'
    from due
    where o.id = due.id
    returning o.id, o.attempts, o.event, o.payload${outbox.also ? sql`, ${outbox.also}` : sql``}`,
  );
  return rows.map(
    (row) =>
      ({
        ...row,
        id: Number(row.id),
        attempts: Number(row.attempts),
        event: String(row.event),
        payload: jsonObject(row.payload),
      }) as ClaimedOutboxRow & Extra,
  );
}

/** A jsonb column read through a raw statement: parsed by the driver, or its text. */
function jsonObject(value: unknown): Record<string, unknown> {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}
