import { describe, expect, it } from 'vitest';
import {
  addDaysCents,
  remainingMonths,
  renewByCalendarCents,
  renewByPackageCents,
  renewMonthCents,
  screensCents,
} from './line-costs';

const DAY = 86_400;

describe('line costs (PRODUCT.md §3), in cents', () => {
  it('renew one month costs one credit per screen', () => {
    expect(renewMonthCents(1)).toBe(100);
    expect(renewMonthCents(3)).toBe(300);
  });
  it('renew by package costs the package credits times the screens', () => {
    expect(renewByPackageCents(600, 2)).toBe(1200);
  });
  it('renew by calendar costs days / 30 × screens, to the cent', () => {
    expect(renewByCalendarCents(30, 1)).toBe(100);
    expect(renewByCalendarCents(10, 1)).toBe(33);
    expect(renewByCalendarCents(20, 1)).toBe(67);
    expect(renewByCalendarCents(15, 2)).toBe(100);
    expect(renewByCalendarCents(1, 1)).toBe(3);
  });
  it('an extension costs days / 30', () => {
    expect(addDaysCents(1)).toBe(3);
    expect(addDaysCents(2)).toBe(7);
    expect(addDaysCents(3)).toBe(10);
  });
  it('more screens cost added × remaining months (at least 1); fewer cost nothing', () => {
    const now = 1_800_000_000;
    expect(remainingMonths(now - DAY, now)).toBe(1);
    expect(remainingMonths(now + 10 * DAY, now)).toBe(1);
    expect(remainingMonths(now + 31 * DAY, now)).toBe(2);
    expect(screensCents(2, now + 31 * DAY, now)).toBe(400);
    expect(screensCents(1, now + DAY, now)).toBe(100);
    expect(screensCents(-1, now + 90 * DAY, now)).toBe(0);
  });
});
