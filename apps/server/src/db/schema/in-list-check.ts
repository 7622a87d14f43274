import { sql } from 'drizzle-orm';

/** `column in ('a', 'b')` for a check constraint, from a constant code list (never user input). */
export function inListCheck(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
}
