import { DEFAULT_PACKAGE_ID } from '@panel/shared/catalog/packages';
import {
  addDaysCents,
  renewByCalendarCents,
  renewByPackageCents,
  renewMonthCents,
} from '@panel/shared/lines/line-costs';
import { calendarRenewalRefusal } from '@panel/shared/lines/line-actions';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths, checkCalendarDate, expiryAt2359 } from '@panel/shared/lines/panel-calendar';
import { toCents } from '@panel/shared/money/credits';
import type { Database } from '../../db/database';
import type { LineRow, LogDetails } from '../../db/schema';
import type { Caller } from '../auth/caller';
import { runLineAction, type LineActionOutcome, type PlanLineAction } from './line-action-runner';
import { lineRefusal } from './line-errors';
import { requireSalePackage } from './line-identity';
import { actionsOf, expSeconds, fromSeconds } from './line-view';
import type { LineChanges } from './lines.repository';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

const DAY_SECONDS = 86_400;

/** Renewals extend from the later of now and the current expiry, so an expired line gets its full period. */
function renewalBase(line: LineRow, now: number): number {
  return Math.max(now, expSeconds(line));
}

/**
 * What every paid renewal also does: a new period opens the one extension (add days) again, and a
 * renewed trial becomes a normal line (on the default package unless a package was chosen) — only when
 * the caller confirmed that conversion (decision 0027); a trial is never converted silently.
 */
function renewalChanges(
  line: LineRow,
  newExp: number,
  convertTrial: boolean,
  packageId?: number,
): LineChanges {
  const changes: LineChanges = { expDate: fromSeconds(newExp), extraDays: 0 };
  if (line.isTrial === 1) {
    if (!convertTrial) throw lineRefusal(LINE_MESSAGES.trialConversionRequired, 'convert_trial');
    changes.isTrial = 0;
    changes.packageId = packageId ?? DEFAULT_PACKAGE_ID;
  } else if (packageId !== undefined) {
    changes.packageId = packageId;
  }
  return changes;
}

/** Log details of an expiry change: unix seconds before and after, and whether it was a trial. */
function expiryDetails(line: LineRow, newExp: number) {
  return { exp_from: expSeconds(line), exp_to: newExp, was_trial: line.isTrial };
}

/** How a renewal was asked for: whether a trial may be converted into a paid line. */
export interface RenewalOptions {
  convertTrial: boolean;
}

/** POST /:id/renew { months: 1 }: one calendar month for one credit per screen. */
export function renewOneMonth(
  db: Database,
  caller: Caller,
  id: number,
  options: RenewalOptions,
): Promise<LineActionOutcome> {
  return runLineAction(db, caller, id, (_tx, line) => {
    const newExp = addPanelMonths(renewalBase(line, nowSeconds()), 1);
    return {
      changes: renewalChanges(line, newExp, options.convertTrial),
      costCents: renewMonthCents(line.maxConnections),
      logs: [{ action: 'renewed', valueInt: 1, details: { months: 1, ...expiryDetails(line, newExp) } }],
      provisioning: [{ event: 'renewed' }],
    };
  });
}

/** How a renewal by package is logged: by the panel ('renewed'), or paid by the line's customer (decision 0164). */
export interface PackageRenewalOptions extends RenewalOptions {
  action?: 'renewed' | 'renewed_pix';
  /** More for the log row (the payment's reference). */
  details?: LogDetails;
}

/** The package's months for its official credits × screens, decided on the locked line. */
export function packageRenewalPlan(packageId: number, options: PackageRenewalOptions): PlanLineAction {
  return async (tx, line) => {
    const pkg = await requireSalePackage(tx, packageId, line.system);
    const newExp = addPanelMonths(renewalBase(line, nowSeconds()), pkg.officialDuration);
    return {
      changes: renewalChanges(line, newExp, options.convertTrial, pkg.id),
      costCents: renewByPackageCents(toCents(pkg.officialCredits), line.maxConnections),
      logs: [
        {
          action: options.action ?? 'renewed',
          valueInt: pkg.officialDuration,
          details: {
            package_id: pkg.id,
            months: pkg.officialDuration,
            ...expiryDetails(line, newExp),
            ...options.details,
          },
        },
      ],
      provisioning: [{ event: 'renewed' }],
    };
  };
}

/** POST /:id/renew-package { package_id }: the package's months for its official credits × screens. */
export function renewByPackage(
  db: Database,
  caller: Caller,
  id: number,
  packageId: number,
  options: RenewalOptions,
): Promise<LineActionOutcome> {
  return runLineAction(db, caller, id, packageRenewalPlan(packageId, options));
}

/**
 * POST /:id/renew-by-calendar { selected_date }: up to the chosen day (23:59:59 Brasília), for
 * days / 30 × screens. Only for active normal lines (docs/product/rules.md#line-actions); the window is checked by the shared rule.
 */
export function renewByCalendar(
  db: Database,
  caller: Caller,
  id: number,
  selectedDate: string,
): Promise<LineActionOutcome> {
  return runLineAction(db, caller, id, (_tx, line) => {
    const now = nowSeconds();
    const refusal = calendarRenewalRefusal(
      {
        system: line.system,
        is_trial: line.isTrial,
        extra_days: line.extraDays,
        extra_days_enabled: line.extraDaysEnabled,
        enabled: line.enabled,
        exp_date: expSeconds(line),
      },
      now,
    );
    if (refusal) throw lineRefusal(refusal.message);
    const check = checkCalendarDate(selectedDate, expSeconds(line), now);
    if (!check.ok) throw lineRefusal(check.message, 'selected_date');
    return {
      changes: { expDate: fromSeconds(check.newExpDate), extraDays: 0 },
      costCents: renewByCalendarCents(check.days, line.maxConnections),
      logs: [
        {
          action: 'renewed_calendar',
          valueInt: check.days,
          details: { days: check.days, ...expiryDetails(line, check.newExpDate) },
        },
      ],
      provisioning: [{ event: 'renewed' }],
    };
  });
}

/**
 * POST /:id/add-days { days: 1..3 }: the P2P extension, days / 30 credits, once per period (sets
 * extra_days; a renewal opens it again). Eligibility is the shared visibility rule.
 */
export function addDays(db: Database, caller: Caller, id: number, days: number): Promise<LineActionOutcome> {
  return runLineAction(db, caller, id, (_tx, line) => {
    if (!actionsOf(line).addDays) throw lineRefusal(LINE_MESSAGES.addDaysNotAllowed);
    const newExp = renewalBase(line, nowSeconds()) + days * DAY_SECONDS;
    return {
      changes: { expDate: fromSeconds(newExp), extraDays: days },
      costCents: addDaysCents(days),
      logs: [
        {
          action: 'add_days',
          valueInt: days,
          details: { days, ...expiryDetails(line, newExp) },
        },
      ],
      provisioning: [{ event: 'renewed' }],
    };
  });
}

/** POST /:id/set-expiry-time: the expiry moves to 23:59 of its own day (Brasília). Free; not for trials. */
export function setExpiryTime(db: Database, caller: Caller, id: number): Promise<LineActionOutcome> {
  return runLineAction(db, caller, id, (_tx, line) => {
    if (!actionsOf(line).setExpiry2359) throw lineRefusal(LINE_MESSAGES.notForTrials);
    const newExp = expiryAt2359(expSeconds(line));
    if (newExp === expSeconds(line)) return { changes: null, logs: [] };
    return {
      changes: { expDate: fromSeconds(newExp) },
      logs: [{ action: 'expiry_2359', details: expiryDetails(line, newExp) }],
      provisioning: [{ event: 'updated' }],
    };
  });
}
