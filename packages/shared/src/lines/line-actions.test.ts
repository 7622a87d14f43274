import { describe, expect, it } from 'vitest';
import { lineActions } from './line-actions';

const base = { system: 1, is_trial: 0, extra_days: 0, extra_days_enabled: 1 };

describe('line action visibility (spec §2)', () => {
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
