import { describe, expect, it } from 'vitest';
import { addPanelMonths, expiryAt2359, panelTime } from './panel-calendar';
import {
  addDaysCents,
  migrationCents,
  newLineCents,
  remainingMonths,
  renewByCalendarCents,
  renewByPackageCents,
  renewMonthCents,
  screensCents,
} from './line-costs';

const DAY = 86_400;

describe('line costs (docs/product/costs.md#price-list), in cents', () => {
  it('a new line costs the package credits; a trial is free', () => {
    expect(newLineCents(250)).toBe(250);
    expect(newLineCents(250, true)).toBe(0);
  });
  it('renew one month costs one credit per screen', () => {
    expect(renewMonthCents(1)).toBe(100);
    expect(renewMonthCents(3)).toBe(300);
  });
  it('renew by package costs the package credits times the screens', () => {
    expect(renewByPackageCents(600, 2)).toBe(1200);
  });
  it('renew by calendar costs days / 30 × screens, rounded up to the cent (decision 0026)', () => {
    expect(renewByCalendarCents(1, 1)).toBe(4);
    expect(renewByCalendarCents(1, 2)).toBe(7);
    expect(renewByCalendarCents(10, 1)).toBe(34);
    expect(renewByCalendarCents(20, 1)).toBe(67);
    expect(renewByCalendarCents(10, 2)).toBe(67);
    expect(renewByCalendarCents(15, 2)).toBe(100);
    expect(renewByCalendarCents(30, 1)).toBe(100);
    expect(renewByCalendarCents(31, 3)).toBe(310);
  });
  it('thirty 1-day calendar renewals never cost less than a month', () => {
    expect(30 * renewByCalendarCents(1, 1)).toBeGreaterThanOrEqual(renewByCalendarCents(30, 1));
  });
  it('an extension costs days / 30, rounded up to the cent', () => {
    expect(addDaysCents(1)).toBe(4);
    expect(addDaysCents(2)).toBe(7);
    expect(addDaysCents(3)).toBe(10);
  });
});

describe('more screens: added × remaining months of the renewal calendar (at least 1)', () => {
  // 2026-11-23 14:30 in Brasília.
  const now = panelTime('2026-11-23', 14, 30);

  it('charges a fresh 1-month line with "Expira às 23:59" one month per added screen', () => {
    const exp = expiryAt2359(addPanelMonths(now, 1));
    expect(exp - now).toBeGreaterThan(30 * DAY);
    expect(remainingMonths(exp, now)).toBe(1);
    expect(screensCents(1, exp, now)).toBe(100);
  });
  it('charges a fresh 3-month line three months per added screen', () => {
    expect(screensCents(1, addPanelMonths(now, 3), now)).toBe(300);
    expect(screensCents(1, expiryAt2359(addPanelMonths(now, 3)), now)).toBe(300);
    expect(screensCents(2, addPanelMonths(now, 3), now)).toBe(600);
  });
  it('counts a month of 31 days as one month, to its last day', () => {
    const first = panelTime('2027-01-01', 9, 0);
    const exp = expiryAt2359(addPanelMonths(first, 1));
    expect(exp - first).toBeGreaterThan(31 * DAY);
    expect(screensCents(1, exp, first)).toBe(100);
    const marchFirst = panelTime('2027-03-01', 8, 0);
    expect(screensCents(1, panelTime('2027-03-31', 23, 59), marchFirst)).toBe(100);
    // One day more than a calendar month is a second month.
    expect(screensCents(1, panelTime('2027-04-02', 0, 30), marchFirst)).toBe(200);
  });
  it('follows the clamped calendar: 31 Jan + 1 month is 28 Feb', () => {
    const jan31 = panelTime('2027-01-31', 10, 0);
    expect(remainingMonths(addPanelMonths(jan31, 1), jan31)).toBe(1);
    expect(remainingMonths(panelTime('2027-03-01', 10, 0), jan31)).toBe(2);
  });
  it('counts at least one month for an expired line or one expiring today', () => {
    expect(remainingMonths(now - DAY, now)).toBe(1);
    expect(remainingMonths(now + 3600, now)).toBe(1);
    expect(remainingMonths(now + 10 * DAY, now)).toBe(1);
    expect(screensCents(1, now + DAY, now)).toBe(100);
  });
  it('charges nothing for fewer screens', () => {
    expect(screensCents(-1, now + 90 * DAY, now)).toBe(0);
    expect(screensCents(0, now + 90 * DAY, now)).toBe(0);
  });
});

describe('migration (docs/product/costs.md#migration)', () => {
  it('prices the remaining days × screens like a renewal by calendar, rounded up to the cent', () => {
    expect(migrationCents(10, 2)).toBe(67);
    expect(migrationCents(30, 1)).toBe(100);
    expect(migrationCents(1, 1)).toBe(4);
    expect(migrationCents(45, 3)).toBe(450);
  });
});
