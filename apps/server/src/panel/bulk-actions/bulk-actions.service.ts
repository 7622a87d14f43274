import { BULK_LINE_LIMIT } from '@panel/shared/line-bulk/bulk-limits';
import { BULK_MESSAGES } from '@panel/shared/line-bulk/bulk-messages';
import {
  PAID_BULK_KINDS,
  type BulkAction,
  type BulkPreview,
  type BulkProgress,
  type BulkResult,
  bulkFiltersSchema,
  bulkLineIdsSchema,
} from '@panel/shared/line-bulk/bulk-api';
import { quoteBulk, type QuotedPackage } from '@panel/shared/line-bulk/bulk-quote';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { fromCents, toCents } from '@panel/shared/money/credits';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import type { BulkActionRow } from '../../db/schema';
import { findAccountById } from '../accounts/accounts.repository';
import type { Caller } from '../auth/caller';
import { findPackage } from '../catalog/packages.repository';
import { lineRefusal } from '../lines/line-errors';
import { linesInScope, requireLineOwner } from '../lines/line-scope';
import { matchingLines } from '../lines/lines-list.service';
import { existingBouquetIds } from '../lines/lines.repository';
import { recordLog } from '../logs/logs.service';
import { foundInScope } from '../scope/caller-scope';
import {
  cancelPendingLines,
  countBulkLines,
  findOwnBulkAction,
  insertBulkAction,
  listBulkLines,
} from './bulk-actions.repository';

type BulkSelection =
  | { by: 'ids'; ids: z.output<typeof bulkLineIdsSchema> }
  | { by: 'filters'; filters: z.output<typeof bulkFiltersSchema> };

/**
 * What every line of the action shares, checked once before anything is written: the reseller a move goes
 * to (404 out of reach, 422 for a publisher or the deleted-resellers bucket) and the bouquets a change sets.
 * Each line checks them again in its own transaction.
 */
async function checkSharedParameters(db: Database, caller: Caller, action: BulkAction): Promise<void> {
  if (action.kind === 'move') await requireLineOwner(db, caller, action.reseller_id);
  if (action.kind === 'bouquets') {
    const bouquets = [...new Set(action.bouquet)];
    if ((await existingBouquetIds(db, bouquets)).length !== bouquets.length) {
      throw lineRefusal(LINE_MESSAGES.bouquetInvalid, 'bouquet');
    }
  }
}

async function quotedPackage(db: Database, action: BulkAction): Promise<QuotedPackage> {
  if (action.kind !== 'renew_package') return null;
  const pkg = await findPackage(db, action.package_id);
  return pkg
    ? { id: pkg.id, active: pkg.active, is_trial: pkg.isTrial, credits_cents: toCents(pkg.officialCredits) }
    : null;
}

async function balanceOf(db: Database, caller: Caller): Promise<string> {
  return foundInScope(await findAccountById(db, caller.id)).credits;
}

/**
 * POST /api/users/bulk/preview (decision 0151): the lines the action would take, of the caller's subtree only
 * (the ticked ids, or the first 1.000 lines matching the /users filters in the list's order), and, for a paid
 * action, the sum of their single-line prices with the refusals the shared rules foresee. Writes nothing.
 */
export async function previewBulk(
  db: Database,
  caller: Caller,
  request: { action: BulkAction; selection: BulkSelection },
): Promise<BulkPreview> {
  const { action, selection } = request;
  await checkSharedParameters(db, caller, action);
  const asked =
    selection.by === 'ids'
      ? { ids: [...new Set(selection.ids)], capped: false }
      : await matchingLines(db, caller, selection.filters, BULK_LINE_LIMIT);
  const lines = await linesInScope(db, caller, asked.ids);
  const free = caller.role === 'admin';
  const quote = quoteBulk(
    action,
    lines.map((line) => ({
      max_connections: line.maxConnections,
      is_trial: line.isTrial,
      system: line.system,
    })),
    await quotedPackage(db, action),
  );
  return {
    line_ids: lines.map((line) => line.id),
    count: lines.length,
    capped: asked.capped,
    missing: asked.ids.length - lines.length,
    paid: PAID_BULK_KINDS.includes(action.kind),
    free,
    cost: fromCents(free ? 0 : quote.cents),
    balance: await balanceOf(db, caller),
    refusals: quote.refusals,
  };
}

/**
 * POST /api/users/bulk: records the action and its lines, all pending, with one log row naming it and how
 * many lines it takes (decision 0154); the lines are done by the run calls. Ids are kept as sent (repeated
 * ones once): an id out of reach is refused like a 404 when its turn comes, never acted on.
 */
export async function createBulk(
  db: Database,
  caller: Caller,
  request: { action: BulkAction; line_ids: number[] },
): Promise<BulkProgress> {
  await checkSharedParameters(db, caller, request.action);
  const lineIds = [...new Set(request.line_ids)];
  const bulk = await runInTransaction(db, async (tx) => {
    const row = await insertBulkAction(tx, { actorId: caller.id, action: request.action, lineIds });
    await recordLog(tx, {
      action: 'bulk',
      type: 'users',
      actorId: caller.id,
      valueInt: lineIds.length,
      details: { bulk_id: row.id, kind: request.action.kind, ...actionDetails(request.action) },
    });
    return row;
  });
  return bulkProgress(db, bulk);
}

/** The parameters of an action worth reading in its log row. */
function actionDetails(action: BulkAction): Record<string, number | string | null> {
  switch (action.kind) {
    case 'renew_package':
      return { package_id: action.package_id };
    case 'move':
      return { reseller_id: action.reseller_id };
    case 'bouquets':
      return { bouquets: action.bouquet.join(',') };
    default:
      return {};
  }
}

/** The caller's own bulk action, else 404 (another account's reads as missing, also for an admin). */
export async function requireOwnBulk(db: Database, caller: Caller, id: number): Promise<BulkActionRow> {
  return foundInScope(await findOwnBulkAction(db, id, caller.id));
}

export async function bulkProgress(db: Database, bulk: BulkActionRow): Promise<BulkProgress> {
  const counts = await countBulkLines(db, bulk.id);
  return {
    id: bulk.id,
    kind: bulk.kind,
    created_at: bulk.createdAt.toISOString(),
    total: bulk.total,
    done: counts.done,
    refused: counts.refused,
    cancelled: counts.cancelled,
    pending: counts.pending,
    charged: fromCents(counts.chargedCents),
    finished: counts.pending === 0,
  };
}

/** GET /api/users/bulk/:id: where the action stands and each line: done, refused and why, or not done. */
export async function bulkResult(db: Database, caller: Caller, id: number): Promise<BulkResult> {
  const bulk = await requireOwnBulk(db, caller, id);
  const [progress, lines] = await Promise.all([bulkProgress(db, bulk), listBulkLines(db, bulk.id)]);
  return {
    ...progress,
    lines: lines.map((line) => ({
      line_id: line.lineId,
      username: line.lineUsername,
      outcome: line.outcome,
      reason: line.reason,
      charged: line.charged,
      link: line.link,
      phone: line.phone,
    })),
  };
}

/** POST /api/users/bulk/:id/cancel: the lines not reached yet are not done (a line being done finishes). */
export async function cancelBulk(db: Database, caller: Caller, id: number): Promise<BulkProgress> {
  const bulk = await requireOwnBulk(db, caller, id);
  await cancelPendingLines(db, bulk.id, BULK_MESSAGES.cancelled);
  return bulkProgress(db, bulk);
}
