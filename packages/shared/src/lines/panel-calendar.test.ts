import { describe, expect, it } from 'vitest';
import { LINE_MESSAGES } from './line-messages';
import {
  addPanelMonths,
  calendarWindow,
  checkCalendarDate,
  endOfPanelDay,
  expiryAt2359,
  panelDate,
  panelMonthsUntil,
  panelTime,
} from './panel-calendar';

// 2026-11-21 10:00 in Brasília = 13:00 UTC.
const now = Date.parse('2026-11-21T13:00:00Z') / 1000;

describe('panel calendar (Brasília time)', () => {
  it('reads dates in UTC−3', () => {
    expect(panelDate(Date.parse('2026-11-22T02:00:00Z') / 1000)).toBe('2026-11-21');
    expect(panelTime('2026-11-21', 23, 59)).toBe(Date.parse('2026-11-22T02:59:00Z') / 1000);
  });

  it('opens the window the day after the later of now and expiry, up to one month', () => {
    expect(calendarWindow(now - 5 * 86_400, now)).toEqual({
      base: '2026-11-21',
      min: '2026-11-22',
      max: '2026-12-21',
    });
    const later = Date.parse('2027-01-31T15:00:00Z') / 1000;
    expect(calendarWindow(later, now)).toEqual({ base: '2027-01-31', min: '2027-02-01', max: '2027-02-28' });
  });

  it('refuses a missing date, the same or an earlier date, and dates outside the window', () => {
    const exp = Date.parse('2026-11-25T15:00:00Z') / 1000;
    expect(checkCalendarDate(undefined, exp, now)).toEqual({
      ok: false,
      message: LINE_MESSAGES.dateRequired,
    });
    expect(checkCalendarDate('2026-11-25', exp, now)).toEqual({
      ok: false,
      message: LINE_MESSAGES.dateNotAfterExpiry,
    });
    expect(checkCalendarDate('2026-11-20', exp, now)).toEqual({
      ok: false,
      message: LINE_MESSAGES.dateNotAfterExpiry,
    });
    expect(checkCalendarDate('2026-12-26', exp, now)).toEqual({
      ok: false,
      message: LINE_MESSAGES.dateOutOfWindow,
    });
  });

  it('counts the days added and sets the new expiry to 23:59:59 of the chosen day', () => {
    const exp = Date.parse('2026-11-25T15:00:00Z') / 1000;
    expect(checkCalendarDate('2026-12-05', exp, now)).toEqual({
      ok: true,
      days: 10,
      newExpDate: panelTime('2026-12-05', 23, 59, 59),
    });
    // An expired line counts from today.
    expect(checkCalendarDate('2026-11-24', now - 86_400 * 10, now)).toMatchObject({ ok: true, days: 3 });
  });

  it('moves an expiry to 23:59 of its own day', () => {
    const exp = Date.parse('2026-11-25T15:00:00Z') / 1000;
    expect(expiryAt2359(exp)).toBe(panelTime('2026-11-25', 23, 59, 0));
  });
});

describe('panel months and day ends', () => {
  it('adds calendar months in panel time, keeping the time and clamping the day', () => {
    const jan31 = panelTime('2027-01-31', 10, 30);
    expect(addPanelMonths(jan31, 1)).toBe(panelTime('2027-02-28', 10, 30));
    expect(addPanelMonths(jan31, 12)).toBe(panelTime('2028-01-31', 10, 30));
    // 22:00 in Brasília is already the next day in UTC: the panel day decides.
    const lateNov30 = panelTime('2026-11-30', 22, 0);
    expect(addPanelMonths(lateNov30, 1)).toBe(panelTime('2026-12-30', 22, 0));
    expect(addPanelMonths(panelTime('2026-12-15', 8, 0), 2)).toBe(panelTime('2027-02-15', 8, 0));
  });

  it('gives the last second of a panel day N days later', () => {
    expect(endOfPanelDay(now)).toBe(panelTime('2026-11-21', 23, 59, 59));
    expect(endOfPanelDay(now, 3)).toBe(panelTime('2026-11-24', 23, 59, 59));
  });

  it('counts calendar months from one time to the day of another', () => {
    const from = panelTime('2026-11-23', 14, 30);
    expect(panelMonthsUntil(from, from)).toBe(0);
    expect(panelMonthsUntil(from, from - 86_400)).toBe(0);
    expect(panelMonthsUntil(from, panelTime('2026-11-23', 23, 59))).toBe(0);
    expect(panelMonthsUntil(from, panelTime('2026-11-24', 0, 1))).toBe(1);
    expect(panelMonthsUntil(from, panelTime('2026-12-23', 23, 59))).toBe(1);
    expect(panelMonthsUntil(from, panelTime('2026-12-24', 0, 0))).toBe(2);
    expect(panelMonthsUntil(from, addPanelMonths(from, 12))).toBe(12);
    expect(panelMonthsUntil(panelTime('2027-01-31', 10, 0), panelTime('2027-02-28', 23, 59))).toBe(1);
  });
});
