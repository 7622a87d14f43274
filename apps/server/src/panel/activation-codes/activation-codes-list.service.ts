import { activationCodeOf } from '@panel/shared/activation-codes/activation-code';
import { ACTIVATION_CODE_MESSAGES } from '@panel/shared/activation-codes/activation-code-messages';
import type { CodeList, CodeListQuery } from '@panel/shared/activation-codes/activation-codes-api';
import { listMeta } from '@panel/shared/lists/list-query';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { listScopeOf } from '../scope/caller-scope';
import { toActivationCode } from './activation-code-view';
import { findBatchRecord, listCodeRecords, type CodeRecord } from './activation-codes.repository';
import { MAX_BATCH_QUANTITY } from '@panel/shared/activation-codes/activation-codes-api';

/** The digits a search names: a whole code typed with spaces, or the digits of what was typed. */
function searchDigits(search: string | undefined): string | undefined {
  if (!search) return undefined;
  return activationCodeOf(search) ?? search.replace(/\D/g, '');
}

/**
 * Codes of the caller's batches (its subtree's; an admin's: all), one batch or all, by state and by the
 * digits they contain: another reseller's codes are never listed, whatever is searched (decision 0149).
 */
export async function listCodes(db: Database, caller: Caller, query: CodeListQuery): Promise<CodeList> {
  const digits = searchDigits(query.search);
  // A search with no digit at all matches no code.
  if (query.search && !digits) return { data: [], meta: listMeta(query.page, query.per, 0) };
  const { rows, total } = await listCodeRecords(
    db,
    { scope: listScopeOf(caller), batchId: query.batch, state: query.state, digits },
    { offset: (query.page - 1) * query.per, limit: query.per },
  );
  const now = new Date();
  return {
    data: rows.map((row) => toActivationCode(row, now)),
    meta: listMeta(query.page, query.per, total),
  };
}

/** Every code of one batch of the caller's scope (404 otherwise), for the CSV export. */
export async function batchCodesForExport(
  db: Database,
  caller: Caller,
  batchId: number,
): Promise<{ batch: NonNullable<Awaited<ReturnType<typeof findBatchRecord>>>; codes: CodeRecord[] }> {
  const scope = listScopeOf(caller);
  const batch = await findBatchRecord(db, scope, batchId);
  if (!batch) throw AppError.notFound(ACTIVATION_CODE_MESSAGES.batchNotFound);
  const { rows } = await listCodeRecords(db, { scope, batchId }, { offset: 0, limit: MAX_BATCH_QUANTITY });
  return { batch, codes: rows };
}
