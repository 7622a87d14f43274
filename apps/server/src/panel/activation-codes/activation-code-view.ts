import type { ActivationCode, Batch } from '@panel/shared/activation-codes/activation-codes-api';
import { codeState } from '@panel/shared/activation-codes/activation-code-state';
import { isWaitingExpiry } from '@panel/shared/activation-codes/activation-code';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import type { BatchRecord, CodeRecord } from './activation-codes.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const seconds = (date: Date | null) => (date ? unixSeconds(date) : null);

function codeSystem(value: number): 1 | 2 {
  if (value === 1 || value === 2) return value;
  throw new Error(`activation batch system ${value} is not IPTV or P2P`);
}

/** A batch as the panel sees it. */
export function toBatch(record: BatchRecord): Batch {
  const { batch } = record;
  return {
    id: batch.id,
    created_at: batch.createdAt.toISOString(),
    owner_id: batch.ownerId,
    owner_username: record.ownerUsername,
    package_id: batch.packageId,
    package_name: record.packageName,
    system: codeSystem(batch.system),
    screens: batch.screens,
    is_trial: batch.isTrial,
    months: batch.months,
    trial_hours: batch.trialHours,
    quantity: batch.quantity,
    note: batch.note,
    unit_price: record.unitPrice,
    total_price: fromCents(toCents(record.unitPrice) * batch.quantity),
    in_stock: record.inStock,
    used: record.used,
    cancelled: record.cancelled,
  };
}

/** A code as the panel sees it: its state now, and its line's expiry once it has a real one. */
export function toActivationCode(record: CodeRecord, now: Date): ActivationCode {
  const expSeconds = seconds(record.expDate);
  const line =
    record.expDate === null || record.enabled === null
      ? null
      : { expSeconds: expSeconds ?? 0, enabled: record.enabled };
  return {
    id: record.id,
    batch_id: record.batchId,
    code: record.code,
    state: codeState(
      { activatedAt: seconds(record.activatedAt), cancelledAt: seconds(record.cancelledAt), line },
      unixSeconds(now),
    ),
    line_id: record.lineId,
    activated_at: iso(record.activatedAt),
    expires_at: expSeconds === null || isWaitingExpiry(expSeconds) ? null : iso(record.expDate),
    cancelled_at: iso(record.cancelledAt),
  };
}
