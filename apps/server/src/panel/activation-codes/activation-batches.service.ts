import { randomInt } from 'node:crypto';
import {
  generateActivationCode,
  WAITING_CODE_EXPIRY_SECONDS,
} from '@panel/shared/activation-codes/activation-code';
import { ACTIVATION_CODE_MESSAGES } from '@panel/shared/activation-codes/activation-code-messages';
import { activationCodeCents, batchCents } from '@panel/shared/activation-codes/activation-code-price';
import type {
  Batch,
  BatchList,
  BatchStock,
  BuyBatch,
  BuyBatchResult,
} from '@panel/shared/activation-codes/activation-codes-api';
import { listMeta } from '@panel/shared/lists/list-query';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import { runInTransaction, type Transaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import { lockAccountTree } from '../accounts/account-tree-lock';
import type { Caller } from '../auth/caller';
import { spendCredits } from '../ledger/ledger.service';
import { requireTrialPackage } from '../lines/line-create.service';
import { requireSalePackage } from '../lines/line-identity';
import { requireLineOwner } from '../lines/line-scope';
import { lineLogType } from '../lines/line-view';
import { defaultBouquetIds } from '../lines/lines.repository';
import { recordLog } from '../logs/logs.service';
import { enqueueProvisioningOfLines } from '../provisioning/provisioning-outbox';
import { listScopeOf } from '../scope/caller-scope';
import { toBatch } from './activation-code-view';
import {
  findBatchRecord,
  insertBatch,
  insertCodeLines,
  insertCodes,
  listBatchRecords,
  stockCodes,
  takenCodes,
} from './activation-codes.repository';

const WAITING = new Date(WAITING_CODE_EXPIRY_SECONDS * 1000);
const notFound = () => AppError.notFound(ACTIVATION_CODE_MESSAGES.batchNotFound);

/** `quantity` codes no line and no other code is (decision 0145): drawn again on the rare collision. */
async function freeCodes(tx: Transaction, quantity: number): Promise<string[]> {
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < quantity; round++) {
    if (round > 20) throw new Error('could not draw free activation codes');
    const drawn = new Set<string>();
    while (drawn.size < quantity - chosen.size) {
      const code = generateActivationCode(randomInt);
      if (!chosen.has(code)) drawn.add(code);
    }
    const taken = await takenCodes(tx, [...drawn]);
    for (const code of drawn) if (!taken.has(code)) chosen.add(code);
  }
  return [...chosen];
}

/**
 * Buys a batch (decisions 0145, 0147) in one transaction: the price of the same lines made by hand, charged
 * as one ledger movement (not enough credits refuses the whole batch, nothing written); then a waiting line
 * per code (its username and password the code, its expiry the waiting mark), the codes, the P2P service
 * told of P2P codes, and the log. A trial batch follows the trial rules: the setting on, the trial package,
 * free. The owner is the caller (an admin's batch is free, as its lines are).
 */
export async function buyBatch(db: Database, caller: Caller, input: BuyBatch): Promise<BuyBatchResult> {
  const pkg = input.trial
    ? await requireTrialPackage(db)
    : await requireSalePackage(db, input.package_id ?? 0, input.system);
  const unitCents = activationCodeCents(
    {
      packageCreditsCents: toCents(pkg.officialCredits),
      months: pkg.officialDuration,
      screens: input.screens,
      trial: input.trial,
    },
    nowSeconds(),
  );
  const totalCents = batchCents(unitCents, input.quantity);
  return runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'keep');
    const owner = await requireLineOwner(tx, caller, undefined);
    const kind = { isTrial: input.trial ? 1 : 0, system: input.system };
    const type = lineLogType(kind);
    const spent = await spendCredits(tx, {
      accountId: caller.id,
      amountCents: totalCents,
      actorId: caller.id,
      action: 'codes_bought',
      type,
      role: caller.role,
    });
    const batch = await insertBatch(tx, {
      ownerId: owner.id,
      actorId: caller.id,
      packageId: pkg.id,
      system: input.system,
      screens: input.screens,
      isTrial: input.trial,
      months: input.trial ? 0 : pkg.officialDuration,
      trialHours: input.trial ? (pkg.trialHours ?? 4) : null,
      quantity: input.quantity,
      note: input.note || null,
      unitPrice: fromCents(spent.charged ? unitCents : 0),
    });
    const bouquets = await defaultBouquetIds(tx, pkg.isAdult);
    const codes = await freeCodes(tx, input.quantity);
    const codeLines = await insertCodeLines(
      tx,
      codes.map((code) => ({
        resellerId: owner.id,
        ownerPath: owner.path,
        username: code,
        password: code,
        maxConnections: input.screens,
        enabled: 1,
        expDate: WAITING,
        isTrial: kind.isTrial,
        system: input.system,
        resellerNotes: input.note || null,
        packageId: pkg.id,
        bouquets,
      })),
    );
    await insertCodes(tx, batch.id, codeLines);
    // The P2P service must know a P2P code before its first use (the expiry it gets is the waiting mark).
    await enqueueProvisioningOfLines(tx, codeLines, 'created');
    await recordLog(tx, {
      action: 'codes_bought',
      type,
      actorId: caller.id,
      valueCents: spent.charged ? totalCents : null,
      valueInt: input.quantity,
      actorCredits: spent.charged ? spent.change : null,
      details: {
        batch_id: batch.id,
        quantity: input.quantity,
        package_id: pkg.id,
        screens: input.screens,
        system: input.system,
        unit_price: fromCents(unitCents),
        price: fromCents(totalCents),
      },
    });
    const record = await findBatchRecord(tx, { kind: 'all' }, batch.id);
    if (!record) throw new Error('batch vanished');
    return {
      batch: toBatch(record),
      charged: fromCents(spent.charged ? totalCents : 0),
      balance: fromCents(spent.change.afterCents),
    };
  });
}

export async function listBatches(
  db: Database,
  caller: Caller,
  query: { page: number; per: number },
): Promise<BatchList> {
  const { rows, total } = await listBatchRecords(db, listScopeOf(caller), {
    offset: (query.page - 1) * query.per,
    limit: query.per,
  });
  return { data: rows.map(toBatch), meta: listMeta(query.page, query.per, total) };
}

export async function getBatch(db: Database, caller: Caller, id: number): Promise<Batch> {
  const record = await findBatchRecord(db, listScopeOf(caller), id);
  if (!record) throw notFound();
  return toBatch(record);
}

/** The batch's unused codes (at most 500), for the print sheet and 'Copiar códigos'. */
export async function getBatchStock(db: Database, caller: Caller, id: number): Promise<BatchStock> {
  const batch = await getBatch(db, caller, id);
  return { batch, codes: await stockCodes(db, id) };
}
