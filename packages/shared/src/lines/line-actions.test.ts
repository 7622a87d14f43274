import { describe, expect, it } from 'vitest';
import { calendarRenewalRefusal, lineActions, screensTotalError } from './line-actions';
import { LINE_MESSAGES } from './line-messages';

const base = { system: 1, is_trial: 0, extra_days: 0, extra_days_enabled: 1 };

describe('line action visibility (docs/product/rules.md#line-actions)', () => {
  it('offers add-days only to eligible P2P lines', () => {
    expect(lineActions({ ...base, system: 2 }).addDays).toBe(true);
    expect(lineActions({ ...base, system: 1 }).addDays).toBe(false);
    expect(lineActions({ ...base, system: 2, is_trial: 1 }).addDays).toBe(false);
    expect(lineActions({ ...base, system: 2, extra_days: 3 }).addDays).toBe(false);
    expect(lineActions({ ...base, system: 2, extra_days_enabled: 0 }).addDays).toBe(false);
  });
  it('keeps 23:59 and calendar renewal from trials', () => {
    expect(lineActions({ ...base, is_trial: 1 })).toMatchObject({
      setExpiry2359: false,
      renewByCalendar: false,
    });
    expect(lineActions(base)).toMatchObject({ setExpiry2359: true, renewByCalendar: true });
  });
  it('hides the screen manager for trial, P2P and hybrid lines', () => {
    expect(lineActions(base).manageScreens).toBe(true);
    expect(lineActions({ ...base, is_trial: 1 }).manageScreens).toBe(false);
    expect(lineActions({ ...base, system: 2 }).manageScreens).toBe(false);
    expect(lineActions({ ...base, system: 3 }).manageScreens).toBe(false);
  });
  it('shows short links for IPTV only and the matching resync per service', () => {
    expect(lineActions(base)).toMatchObject({ shortLinks: true, resyncP2p: false, resyncHybrid: false });
    expect(lineActions({ ...base, system: 2 })).toMatchObject({
      shortLinks: false,
      resyncP2p: true,
      resyncHybrid: false,
    });
    expect(lineActions({ ...base, system: 3 })).toMatchObject({
      shortLinks: false,
      resyncP2p: false,
      resyncHybrid: true,
      hybridTransfer: false,
    });
  });
});

describe('user information (docs/product/screens.md#line-links)', () => {
  it('is offered for IPTV and hybrid lines, trials included, and not for P2P', () => {
    expect(lineActions({ ...base, system: 1 }).userInfo).toBe(true);
    expect(lineActions({ ...base, system: 3 }).userInfo).toBe(true);
    expect(lineActions({ ...base, system: 1, is_trial: 1 }).userInfo).toBe(true);
    expect(lineActions({ ...base, system: 2 }).userInfo).toBe(false);
  });
});

describe('calendar renewal refusal (docs/product/rules.md#line-actions)', () => {
  const now = 1_000_000;
  it('refuses trials first, then blocked or expired lines', () => {
    expect(calendarRenewalRefusal({ ...base, is_trial: 1, enabled: 0, exp_date: now - 1 }, now)).toEqual({
      title: 'Não permitido',
      message: LINE_MESSAGES.notForTrials,
    });
    expect(calendarRenewalRefusal({ ...base, enabled: 0, exp_date: now + 10 }, now)).toEqual({
      title: 'Usuário inativo',
      message: LINE_MESSAGES.onlyActive,
    });
    expect(calendarRenewalRefusal({ ...base, enabled: 1, exp_date: now }, now)?.message).toBe(
      LINE_MESSAGES.onlyActive,
    );
    expect(calendarRenewalRefusal({ ...base, enabled: 1, exp_date: now + 10 }, now)).toBeNull();
  });
});

describe('screens total', () => {
  it('stays between 1 and 100', () => {
    expect(screensTotalError(1, -1)).toBe(LINE_MESSAGES.screensMinimum);
    expect(screensTotalError(99, 2)).toBe(LINE_MESSAGES.screensMaximum);
    expect(screensTotalError(2, -1)).toBeNull();
    expect(screensTotalError(1, 99)).toBeNull();
  });
});
