import { and, eq, like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { accounts, type AccountRow } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/authenticate';

/**
 * The caller's scope for lists (docs/decisions/0011): an admin sees every account; anyone else its own
 * account and everything below it, i.e. every path that starts with its own. One indexed prefix match
 * on the path the session loaded at the start of the request.
 */
export function inCallerSubtree(caller: Caller, path: AnyPgColumn = accounts.path): SQL | undefined {
  return caller.role === 'admin' ? undefined : like(path, `${caller.path}%`);
}

/**
 * The account with this id if the caller may see it; otherwise a 404, exactly as if it did not exist
 * (PRODUCT.md §4). The caller's path is read in the same statement, not taken from the session: an
 * admin may have moved the caller's subtree since the request began. With `lock`, the row stays
 * locked until the transaction ends.
 */
export async function requireAccountInScope(
  db: Database,
  caller: Caller,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AccountRow> {
  const inScope =
    caller.role === 'admin'
      ? undefined
      : sql`${accounts.path} like (select me.path from ${accounts} as me where me.id = ${caller.id}) || '%'`;
  const query = db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), inScope));
  const [account] = options.lock ? await query.for('update') : await query;
  if (!account) throw AppError.notFound();
  return account;
}
