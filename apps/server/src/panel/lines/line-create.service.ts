import { TRIAL_PACKAGE_ID } from '@panel/shared/catalog/packages';
import type { createLineSchema, createTrialLineSchema } from '@panel/shared/lines/line-api';
import { newLineCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths, expiryAt2359 } from '@panel/shared/lines/panel-calendar';
import { fromCents, toCents } from '@panel/shared/money/credits';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { findPackage, type PackageRow } from '../catalog/packages.repository';
import { spendCredits } from '../ledger/ledger.service';
import { recordLog } from '../logs/logs.service';
import { recordLineSync } from '../external-panel/external-panel-outbox';
import { enqueueProvisioning } from '../provisioning/provisioning-outbox';
import type { LineActionOutcome } from './line-action-runner';
import { macTakenError, uniqueConflictOr } from './line-errors';
import { freeUsername, randomDreamTvPassword, randomPassword, requireSalePackage } from './line-identity';
import { requireLineOwner } from './line-scope';
import { fromSeconds, lineLogType, toLine } from './line-view';
import { defaultBouquetIds, insertLine, macTaken, readSetting } from './lines.repository';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

export type CreateLine = z.output<typeof createLineSchema>;
export type CreateTrialLine = z.output<typeof createTrialLineSchema>;

/** Trials need the setting on and the trial package usable; otherwise trials are off (403). */
export async function requireTrialPackage(db: Database): Promise<PackageRow> {
  const enabled = (await readSetting(db, 'trial_user_create_enabled')) === 'true';
  const found = await findPackage(db, TRIAL_PACKAGE_ID);
  if (!enabled || !found || !found.active || !found.isTrial) {
    throw AppError.forbidden(LINE_MESSAGES.trialsDisabled);
  }
  return found;
}

/**
 * Creates a line with its system in one transaction (docs/product/contradictions.md#system-in-one-call): owner in scope, free username
 * and MAC, the package's expiry, the charge (the package's official credits; trials and admins free),
 * the log row and, for P2P and hybrid lines, the provisioning outbox row.
 */
export async function createLine(
  db: Database,
  caller: Caller,
  input: CreateLine | CreateTrialLine,
  options: { trial: boolean },
): Promise<LineActionOutcome> {
  const pkg = options.trial
    ? await requireTrialPackage(db)
    : await requireSalePackage(db, input.package_id ?? 0, input.system);
  const costCents = newLineCents(toCents(pkg.officialCredits), options.trial);
  try {
    return await runInTransaction(db, async (tx) => {
      await lockAccountTree(tx, 'keep');
      const owner = await requireLineOwner(tx, caller, input.reseller_id);
      // A line made for DreamTV in random mode gets `dream_` credentials (docs/product/constants.md#lines).
      const forDreamTv = input.dreamtv_mac !== undefined && input.username === undefined;
      const username = await freeUsername(tx, input.username, undefined, forDreamTv ? 'dreamtv' : 'line');
      const password = input.password ?? (forDreamTv ? randomDreamTvPassword() : randomPassword());
      if (input.macaddr && (await macTaken(tx, input.macaddr))) throw macTakenError();
      const now = nowSeconds();
      let exp = options.trial
        ? now + (pkg.trialHours ?? 4) * 3600
        : addPanelMonths(now, pkg.officialDuration);
      if (!options.trial && input.expire_at_2359) exp = expiryAt2359(exp);
      const line = await insertLine(tx, {
        resellerId: owner.id,
        ownerPath: owner.path,
        username,
        password,
        fullName: input.full_name || null,
        macaddr: input.macaddr ?? null,
        phone: input.as_number ?? null,
        maxConnections: 1,
        enabled: 1,
        expDate: fromSeconds(exp),
        isTrial: options.trial ? 1 : 0,
        system: input.system,
        resellerNotes: input.reseller_notes || null,
        packageId: pkg.id,
        bouquets: await defaultBouquetIds(tx, pkg.isAdult),
      });
      const type = lineLogType(line);
      const target = owner.id === caller.id ? {} : { targetAccountId: owner.id };
      const spent = await spendCredits(tx, {
        accountId: caller.id,
        amountCents: costCents,
        actorId: caller.id,
        action: 'user_created',
        type,
        lineId: line.id,
        ...target,
      });
      await recordLog(tx, {
        action: 'user_created',
        type,
        actorId: caller.id,
        ...(target.targetAccountId ? { ...target, targetUsername: owner.username } : {}),
        lineId: line.id,
        lineUsername: line.username,
        valueCents: spent.charged ? costCents : null,
        actorCredits: spent.charged ? spent.change : null,
        details: { package_id: pkg.id, system: line.system, price: fromCents(costCents) },
      });
      await enqueueProvisioning(tx, line, 'created');
      await recordLineSync(tx, [line], 'created');
      return {
        line: toLine(line, owner.username),
        chargedCents: spent.charged ? costCents : 0,
        balanceCents: spent.change.afterCents,
      };
    });
  } catch (error) {
    throw uniqueConflictOr(error);
  }
}
