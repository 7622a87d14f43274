import type { Line } from '@panel/shared/lines/line-api';
import type { LogType } from '@panel/shared/logs/log-codes';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import { lineActions, type LineActionFlags } from '@panel/shared/lines/line-actions';
import type { LineRow } from '../../db/schema';
import { unixSeconds } from '@panel/shared/time/unix-seconds';

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

function system(value: number): Line['system'] {
  if (value === 1 || value === 2 || value === 3) return value;
  throw new Error(`line system ${value} is not a known code`);
}

/** One line as the panel sees it (docs/product/entities.md#line): unix seconds, 0/1 flags, `packages` as a list. */
export function toLine(line: LineRow, ownerUsername: string): Line {
  return {
    id: line.id,
    username: line.username,
    password: line.password,
    full_name: line.fullName,
    macaddr: line.macaddr,
    as_number: line.phone,
    max_connections: line.maxConnections,
    enabled: flag(line.enabled),
    exp_date: unixSeconds(line.expDate),
    created_at: unixSeconds(line.createdAt),
    is_trial: flag(line.isTrial),
    system: system(line.system),
    extra_days: line.extraDays,
    extra_days_enabled: flag(line.extraDaysEnabled),
    reseller_id: line.resellerId,
    master_username: ownerUsername,
    reseller_notes: line.resellerNotes,
    package_id: line.packageId,
    packages: [line.packageId],
    bouquet: line.bouquets,
    dreamtv_device_id: line.dreamtvDeviceId,
    dreamtv_playlist_id: line.dreamtvPlaylistId,
  };
}

/** Log type of a line action (docs/product/constants.md#log-codes): trials are test_users, P2P lines reg_p2p, the rest users. */
export function lineLogType(line: Pick<LineRow, 'isTrial' | 'system'>): LogType {
  if (line.isTrial === 1) return 'test_users';
  return line.system === SYSTEMS.p2p ? 'reg_p2p' : 'users';
}

export function expSeconds(line: Pick<LineRow, 'expDate'>): number {
  return unixSeconds(line.expDate);
}

export function fromSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** The shared visibility rules (docs/product/rules.md#line-actions) applied to a stored line: the server refuses what the panel hides. */
export function actionsOf(line: LineRow): LineActionFlags {
  return lineActions({
    system: line.system,
    is_trial: line.isTrial,
    extra_days: line.extraDays,
    extra_days_enabled: line.extraDaysEnabled,
  });
}
