import { WAITING_CODE_EXPIRY_SECONDS } from '@panel/shared/activation-codes/activation-code';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const WAITING_MARK = sql.raw(`'${new Date(WAITING_CODE_EXPIRY_SECONDS * 1000).toISOString()}'::timestamptz`);

/**
 * Not an activation code in waiting (decision 0149): such a line is stock on the activation codes screen,
 * not a customer's line, so /users, its search, its counters and every action by id leave it out (an id
 * of one answers 404). Its first use gives it a real expiry and makes it an ordinary line.
 */
export function notWaitingCode(expDate: AnyPgColumn | SQL): SQL {
  // `IS TRUE` keeps the comparison's estimate (nearly every row) but is no index condition: a range over
  // the whole expiry index must not look cheaper to the planner than a list's own index (decision 0018).
  return sql`(${expDate} < ${WAITING_MARK}) is true`;
}
