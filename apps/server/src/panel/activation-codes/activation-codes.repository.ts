import type { CodeStateFilter } from '@panel/shared/activation-codes/activation-code-state';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/run-in-transaction';
import {
  accounts,
  activationBatches,
  activationCodes,
  lines,
  packages,
  type ActivationBatchRow,
  type LineRow,
} from '../../db/schema';
import { withinScope, type ListScope } from '../scope/caller-scope';

/** The SQL of activation codes (decisions 0145–0149); scope is the batch owner's path. */

const counts = {
  inStock: sql<number>`(select count(*)::int from ${activationCodes} c
    where c.batch_id = ${activationBatches.id} and c.activated_at is null and c.cancelled_at is null)`,
  used: sql<number>`(select count(*)::int from ${activationCodes} c
    where c.batch_id = ${activationBatches.id} and c.activated_at is not null)`,
  cancelled: sql<number>`(select count(*)::int from ${activationCodes} c
    where c.batch_id = ${activationBatches.id} and c.cancelled_at is not null)`,
};

const batchColumns = {
  batch: activationBatches,
  ownerUsername: accounts.username,
  packageName: packages.packageName,
  unitPrice: sql<string>`${activationBatches.unitPrice}::text`,
  ...counts,
};

export type BatchRecord = {
  batch: ActivationBatchRow;
  ownerUsername: string | null;
  packageName: string | null;
  unitPrice: string;
  inStock: number;
  used: number;
  cancelled: number;
};

function batchesQuery(db: Database) {
  return db
    .select(batchColumns)
    .from(activationBatches)
    .leftJoin(accounts, eq(accounts.id, activationBatches.ownerId))
    .leftJoin(packages, eq(packages.id, activationBatches.packageId));
}

/** A batch of the scope (the owner's path within it); an admin reaches every one. */
function batchInScope(scope: ListScope): SQL | undefined {
  return withinScope(scope, accounts.path);
}

export async function listBatchRecords(
  db: Database,
  scope: ListScope,
  page: { offset: number; limit: number },
): Promise<{ rows: BatchRecord[]; total: number }> {
  const where = batchInScope(scope);
  const rows = await batchesQuery(db)
    .where(where)
    .orderBy(desc(activationBatches.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ value: count() })
    .from(activationBatches)
    .leftJoin(accounts, eq(accounts.id, activationBatches.ownerId))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findBatchRecord(
  db: Database,
  scope: ListScope,
  id: number,
): Promise<BatchRecord | undefined> {
  const [row] = await batchesQuery(db).where(and(eq(activationBatches.id, id), batchInScope(scope)));
  return row;
}

export async function insertBatch(
  tx: Transaction,
  values: typeof activationBatches.$inferInsert,
): Promise<ActivationBatchRow> {
  const [row] = await tx.insert(activationBatches).values(values).returning();
  if (!row) throw new Error('batch not inserted');
  return row;
}

/** Which of `candidates` a line's username or another code already is. */
export async function takenCodes(tx: Transaction, candidates: readonly string[]): Promise<Set<string>> {
  const list = [...candidates];
  const [asLines, asCodes] = await Promise.all([
    tx.select({ value: lines.username }).from(lines).where(inArray(lines.username, list)),
    tx
      .select({ value: activationCodes.code })
      .from(activationCodes)
      .where(inArray(activationCodes.code, list)),
  ]);
  return new Set([...asLines, ...asCodes].map((row) => row.value));
}

export async function insertCodeLines(
  tx: Transaction,
  values: (typeof lines.$inferInsert)[],
): Promise<LineRow[]> {
  return tx.insert(lines).values(values).returning();
}

export async function insertCodes(
  tx: Transaction,
  batchId: number,
  codeLines: readonly Pick<LineRow, 'id' | 'username'>[],
): Promise<void> {
  await tx
    .insert(activationCodes)
    .values(codeLines.map((line) => ({ batchId, code: line.username, lineId: line.id })));
}

const codeColumns = {
  id: activationCodes.id,
  batchId: activationCodes.batchId,
  code: activationCodes.code,
  lineId: activationCodes.lineId,
  activatedAt: activationCodes.activatedAt,
  cancelledAt: activationCodes.cancelledAt,
  expDate: lines.expDate,
  enabled: lines.enabled,
};

export interface CodeRecord {
  id: number;
  batchId: number;
  code: string;
  lineId: number | null;
  activatedAt: Date | null;
  cancelledAt: Date | null;
  expDate: Date | null;
  enabled: number | null;
}

function stateCondition(state: CodeStateFilter | undefined): SQL | undefined {
  switch (state) {
    case 'stock':
      return and(isNull(activationCodes.activatedAt), isNull(activationCodes.cancelledAt));
    case 'used':
      return isNotNull(activationCodes.activatedAt);
    case 'cancelled':
      return isNotNull(activationCodes.cancelledAt);
    default:
      return undefined;
  }
}

export interface CodeFilters {
  scope: ListScope;
  batchId?: number;
  state?: CodeStateFilter;
  /** Digits the code contains. */
  digits?: string;
}

function codesWhere(filters: CodeFilters): SQL | undefined {
  return and(
    withinScope(filters.scope, accounts.path),
    filters.batchId === undefined ? undefined : eq(activationCodes.batchId, filters.batchId),
    stateCondition(filters.state),
    filters.digits ? like(activationCodes.code, `%${filters.digits}%`) : undefined,
  );
}

export async function listCodeRecords(
  db: Database,
  filters: CodeFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: CodeRecord[]; total: number }> {
  const where = codesWhere(filters);
  const rows = await db
    .select(codeColumns)
    .from(activationCodes)
    .innerJoin(activationBatches, eq(activationBatches.id, activationCodes.batchId))
    .innerJoin(accounts, eq(accounts.id, activationBatches.ownerId))
    .leftJoin(lines, eq(lines.id, activationCodes.lineId))
    .where(where)
    .orderBy(desc(activationCodes.batchId), asc(activationCodes.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ value: count() })
    .from(activationCodes)
    .innerJoin(activationBatches, eq(activationBatches.id, activationCodes.batchId))
    .innerJoin(accounts, eq(accounts.id, activationBatches.ownerId))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Every unused code of a batch, in order. */
export async function stockCodes(db: Database, batchId: number): Promise<string[]> {
  const rows = await db
    .select({ code: activationCodes.code })
    .from(activationCodes)
    .where(and(eq(activationCodes.batchId, batchId), stateCondition('stock')))
    .orderBy(asc(activationCodes.id));
  return rows.map((row) => row.code);
}

/** A code of the scope with its batch and owner, for a cancel. */
export async function findCodeForCancel(tx: Transaction, scope: ListScope, id: number) {
  const [row] = await tx
    .select({
      code: codeColumns,
      batch: activationBatches,
      unitPrice: sql<string>`${activationBatches.unitPrice}::text`,
      owner: { id: accounts.id, username: accounts.username, isDeletedBucket: accounts.isDeletedBucket },
    })
    .from(activationCodes)
    .innerJoin(activationBatches, eq(activationBatches.id, activationCodes.batchId))
    .innerJoin(accounts, eq(accounts.id, activationBatches.ownerId))
    .leftJoin(lines, eq(lines.id, activationCodes.lineId))
    .where(and(eq(activationCodes.id, id), withinScope(scope, accounts.path)));
  return row;
}

/**
 * The cancel's state change: only an unused, uncancelled code becomes cancelled (UPDATE … WHERE), so of
 * two cancels (or a cancel and a first use) one wins and a refund happens at most once (decision 0148).
 */
export async function markCodeCancelled(
  tx: Transaction,
  id: number,
): Promise<{ lineId: number | null; cancelledAt: Date } | undefined> {
  const [row] = await tx
    .update(activationCodes)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(activationCodes.id, id),
        isNull(activationCodes.activatedAt),
        isNull(activationCodes.cancelledAt),
      ),
    )
    .returning({ lineId: activationCodes.lineId, cancelledAt: activationCodes.cancelledAt });
  return row && row.cancelledAt ? { lineId: row.lineId, cancelledAt: row.cancelledAt } : undefined;
}

/** Removes a cancelled code's line: its credentials stop working at once. */
export async function deleteCodeLine(tx: Transaction, lineId: number): Promise<LineRow | undefined> {
  const [row] = await tx.delete(lines).where(eq(lines.id, lineId)).returning();
  return row;
}

export async function creditsOf(db: Database, accountId: number): Promise<string> {
  const [row] = await db
    .select({ credits: sql<string>`${accounts.credits}::text` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.credits ?? '0.00';
}
