import type { ResellerListQuery } from '@panel/shared/resellers/reseller-schema';
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { moveConnectionPaths, moveConnectionsOfOwner } from '../../delivery/for-panel';
import type { Database } from '../../db/database';
import { containsPattern } from '../../lib/contains-pattern';
import type { Transaction } from '../../db/run-in-transaction';
import { notWaitingCode } from '../lines/waiting-codes';
import {
  accounts,
  activationBatches,
  catalogRequestRequesters,
  lines,
  type AccountRow,
} from '../../db/schema';
import { pathWithin, subtreePattern, withinScope, type ListScope } from '../scope/caller-scope';

const master = alias(accounts, 'reseller_master');

/** Roles the resellers screens manage; admins are never rows of it. */
export const MANAGED_ROLES = ['reseller', 'publisher'] as const;

const resellerColumns = {
  id: accounts.id,
  username: accounts.username,
  status: accounts.status,
  credits: sql<string>`${accounts.credits}::text`,
  createdAt: accounts.createdAt,
  lastLoginAt: accounts.lastLoginAt,
  lastIp: accounts.lastIp,
  email: accounts.email,
  notes: accounts.notes,
  role: accounts.role,
  isDeletedBucket: accounts.isDeletedBucket,
  parentId: accounts.parentId,
  masterUsername: master.username,
  // Direct sub-resellers, by the parent_id index; the table has no stored counter to drift.
  subResellersCount: sql<number>`(select count(*)::int from ${accounts} as sub where sub.parent_id = ${accounts.id})`,
  // The reseller's own lines, by the (reseller_id, exp_date) index.
  clientsCount: sql<number>`(select count(*)::int from ${lines} as owned where owned.reseller_id = ${accounts.id}
    and ${notWaitingCode(sql`owned.exp_date`)})`,
};

function selectResellers(db: Database) {
  return db.select(resellerColumns).from(accounts).leftJoin(master, eq(master.id, accounts.parentId));
}

export type ResellerRecord = Awaited<ReturnType<typeof selectResellers>>[number];

const ORDER_COLUMNS = {
  id: accounts.id,
  username: accounts.username,
  status: accounts.status,
  credits: accounts.credits,
  date_registered: accounts.createdAt,
  last_login: accounts.lastLoginAt,
  ip: accounts.lastIp,
  sub_resellers_count: resellerColumns.subResellersCount,
  master_username: master.username,
} as const;

export interface ResellerListFilters {
  /** The caller's list scope (an admin: every account). */
  scope: ListScope;
  search?: string;
  id?: number;
  ip?: string;
  master?: string;
  publisher?: '0' | '1';
  /** At least this many catalog requests made (decision 0055). */
  requests?: number;
}

function resellerListWhere(filters: ResellerListFilters) {
  return and(
    inArray(accounts.role, MANAGED_ROLES),
    withinScope(filters.scope, accounts.path),
    filters.search ? ilike(accounts.username, containsPattern(filters.search)) : undefined,
    filters.id !== undefined ? eq(accounts.id, filters.id) : undefined,
    filters.ip ? eq(accounts.lastIp, filters.ip) : undefined,
    filters.master ? sql`lower(${master.username}) = lower(${filters.master})` : undefined,
    filters.publisher ? eq(accounts.role, filters.publisher === '1' ? 'publisher' : 'reseller') : undefined,
    filters.requests !== undefined
      ? sql`(select count(*) from ${catalogRequestRequesters} as made where made.account_id = ${accounts.id}) >= ${filters.requests}`
      : undefined,
  );
}

export async function listResellerRecords(
  db: Database,
  filters: ResellerListFilters,
  page: { offset: number; limit: number; orderBy: ResellerListQuery['order_by'] },
): Promise<{ rows: ResellerRecord[]; total: number }> {
  const where = resellerListWhere(filters);
  const direction = page.orderBy.direction === 'asc' ? asc : desc;
  const rows = await selectResellers(db)
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[page.orderBy.field]), direction(accounts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ value: count() })
    .from(accounts)
    .leftJoin(master, eq(master.id, accounts.parentId))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/**
 * One page of the resellers' CSV export (decision 0155): the list's filters, newest first, keyset on the
 * primary key (`id <= through`), so rows never repeat or go missing between pages.
 */
export async function resellerExportPage(
  db: Database,
  filters: ResellerListFilters,
  page: { through: number; limit: number },
): Promise<ResellerRecord[]> {
  return selectResellers(db)
    .where(and(resellerListWhere(filters), lte(accounts.id, page.through)))
    .orderBy(desc(accounts.id))
    .limit(page.limit);
}

export async function findResellerRecord(db: Database, id: number): Promise<ResellerRecord | undefined> {
  const [row] = await selectResellers(db).where(eq(accounts.id, id));
  return row;
}

/** The REVENDAS_DELETADOS account (seeded). */
export async function findDeletedBucket(db: Database): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.isDeletedBucket, true))
    .orderBy(asc(accounts.id))
    .limit(1);
  return row;
}

/** Inserts a reseller with no credits under `parent`; credits arrive through the ledger afterwards. */
export async function insertReseller(
  tx: Transaction,
  values: {
    username: string;
    passwordHash: string;
    email: string | null;
    parent: { id: number; path: string };
  },
): Promise<number> {
  const [row] = await tx
    .insert(accounts)
    .values({
      username: values.username,
      passwordHash: values.passwordHash,
      email: values.email,
      role: 'reseller',
      parentId: values.parent.id,
      // The own id ends the path; it is known only after the insert, in the same transaction.
      path: values.parent.path,
      credits: '0',
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('reseller not inserted');
  await tx
    .update(accounts)
    .set({ path: `${values.parent.path}${row.id}/` })
    .where(eq(accounts.id, row.id));
  return row.id;
}

export async function updateAccountFields(
  tx: Transaction,
  id: number,
  fields: { username?: string; passwordHash?: string; notes?: string | null; status?: number },
): Promise<void> {
  if (Object.values(fields).every((value) => value === undefined)) return;
  await tx.update(accounts).set(fields).where(eq(accounts.id, id));
}

/** A reseller becomes a publisher or a reseller again (decision 0054). */
export async function setAccountRole(
  tx: Transaction,
  id: number,
  role: (typeof MANAGED_ROLES)[number],
): Promise<void> {
  await tx.update(accounts).set({ role }).where(eq(accounts.id, id));
}

/**
 * Rewrites the path prefix of a whole subtree: '/1/7/42/…' becomes '/1/9/42/…' for the account and
 * every descendant, and the lines they own (`lines.owner_path`) in the same transaction, so the
 * subtree filter on lines never sees a half-moved tree.
 */
export async function moveSubtreePaths(tx: Transaction, oldPath: string, newPath: string): Promise<void> {
  await tx
    .update(accounts)
    .set({ path: sql`${newPath} || substr(${accounts.path}, ${oldPath.length + 1})` })
    .where(pathWithin(accounts.path, subtreePattern(oldPath)));
  await tx
    .update(lines)
    .set({ ownerPath: sql`${newPath} || substr(${lines.ownerPath}, ${oldPath.length + 1})` })
    .where(pathWithin(lines.ownerPath, subtreePattern(oldPath)));
  // Their live connections and P2P sessions carry the same path (decision 0044).
  await moveConnectionPaths(tx, oldPath, newPath);
}

/**
 * Hands every line of `fromId` to `to` (a deleted reseller's lines go to REVENDAS_DELETADOS), and its
 * activation code batches with them (decision 0148).
 */
export async function moveOwnedLines(
  tx: Transaction,
  fromId: number,
  to: { id: number; path: string },
): Promise<void> {
  await moveConnectionsOfOwner(tx, fromId, to.path);
  await tx.update(lines).set({ resellerId: to.id, ownerPath: to.path }).where(eq(lines.resellerId, fromId));
  await tx.update(activationBatches).set({ ownerId: to.id }).where(eq(activationBatches.ownerId, fromId));
}

export async function setParent(tx: Transaction, id: number, parentId: number): Promise<void> {
  await tx.update(accounts).set({ parentId }).where(eq(accounts.id, id));
}

/** Hands every direct child of `fromId` to `toId` (paths are rewritten separately). */
export async function reparentChildren(tx: Transaction, fromId: number, toId: number): Promise<void> {
  await tx.update(accounts).set({ parentId: toId }).where(eq(accounts.parentId, fromId));
}

export async function deleteAccountRow(tx: Transaction, id: number): Promise<void> {
  await tx.delete(accounts).where(eq(accounts.id, id));
}

/** Select options: accounts in scope whose username contains `search`, the bucket excluded. */
export async function searchAccounts(
  db: Database,
  filters: { scope: ListScope; search: string; roles: readonly AccountRow['role'][] },
): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: accounts.id, username: accounts.username })
    .from(accounts)
    .where(
      and(
        withinScope(filters.scope, accounts.path),
        inArray(accounts.role, filters.roles),
        ne(accounts.isDeletedBucket, true),
        filters.search ? ilike(accounts.username, containsPattern(filters.search)) : undefined,
      ),
    )
    .orderBy(asc(accounts.username))
    .limit(20);
}
