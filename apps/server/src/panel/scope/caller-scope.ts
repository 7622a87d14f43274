import { and, eq, like, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { accounts, type AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';

/**
 * The caller's subtree, in one place (decision 0031; the tree itself is decision 0011). An admin reaches
 * everything; anyone else its own account and everything below it: every row whose materialised path
 * (`accounts.path`, `lines.owner_path`) starts with its own. Lists filter with a condition on a path column;
 * a request naming one object loads it through a scoped query and answers 404 when it is out of reach,
 * exactly as if it did not exist.
 */

/**
 * What a list may show: every row (an admin) or the rows of one subtree, named by the LIKE pattern of its
 * paths ('/1/7/%'; paths hold only digits and slashes, so nothing in them needs escaping).
 */
export type ListScope = { readonly kind: 'all' } | { readonly kind: 'subtree'; readonly pattern: string };

const EVERYTHING: ListScope = { kind: 'all' };

/** The LIKE pattern of every path in the subtree of the account at `path` (itself included). */
export function subtreePattern(path: string): string {
  return `${path}%`;
}

/** The caller's list scope, from the path its session loaded at the start of the request. */
export function listScopeOf(caller: Caller): ListScope {
  return caller.role === 'admin' ? EVERYTHING : { kind: 'subtree', pattern: subtreePattern(caller.path) };
}

/**
 * The caller's list scope read again from its account now, for a write over a whole subtree (the cleanup):
 * an admin may have moved the subtree since the request began. Call it under the account-tree lock.
 */
export async function currentListScopeOf(db: Database, caller: Caller): Promise<ListScope> {
  if (caller.role === 'admin') return EVERYTHING;
  const self = await requireAccountInScope(db, caller, caller.id);
  return { kind: 'subtree', pattern: subtreePattern(self.path) };
}

/**
 * `column LIKE pattern`: one range of the column's text_pattern_ops index, as long as the planner sees the
 * pattern (a literal, or a placeholder of a statement planned per execution — decision 0018).
 */
export function pathWithin(column: AnyPgColumn, pattern: string | Placeholder): SQL {
  return like(column, pattern);
}

/** The list condition on a path column; nothing for an admin. */
export function withinScope(scope: ListScope, column: AnyPgColumn): SQL | undefined {
  return scope.kind === 'all' ? undefined : pathWithin(column, scope.pattern);
}

/** Ids of the accounts within the scope, as a subquery; nothing for an admin (the logs: who acted, on whom). */
export function accountIdsWithin(scope: ListScope): SQL | undefined {
  return scope.kind === 'all'
    ? undefined
    : sql`(select ${accounts.id} from ${accounts} where ${pathWithin(accounts.path, scope.pattern)})`;
}

/**
 * The condition of a single-object check: the path column starts with the caller's path as it is now, read
 * in the same statement rather than taken from the session, so a subtree an admin moved while the request
 * ran cannot widen the scope. Nothing for an admin. Meant for lookups by primary key (the pattern is not a
 * literal, so it cannot pick an index range).
 */
export function inCallerCurrentSubtree(caller: Caller, column: AnyPgColumn): SQL | undefined {
  return caller.role === 'admin'
    ? undefined
    : sql`${column} like (select me.path from ${accounts} as me where me.id = ${caller.id}) || '%'`;
}

/** The row a scoped lookup found, or the 404 a missing id gets: out of reach and missing look the same. */
export function foundInScope<T>(row: T | undefined): T {
  if (row === undefined) throw AppError.notFound();
  return row;
}

/**
 * The account with this id if the caller may see it (admin: any account; others: its own and those below
 * it), otherwise a 404. With `lock`, the row stays locked until the transaction ends.
 */
export async function requireAccountInScope(
  db: Database,
  caller: Caller,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AccountRow> {
  const query = db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), inCallerCurrentSubtree(caller, accounts.path)));
  const [account] = options.lock ? await query.for('update') : await query;
  return foundInScope(account);
}
