import { describe, expect, it } from 'vitest';
import { LOG_MESSAGES } from '@panel/shared/logs/log-schemas';
import { periodDays, toDatesParam } from './log-period';

// 2026-11-21 01:30 UTC is still 2026-11-20 in the panel's time zone (UTC−3).
const NOW = Date.parse('2026-11-21T01:30:00Z') / 1000;

describe('log period presets (docs/product/constants.md#log-codes)', () => {
  it.each([
    ['today', '2026-11-20', '2026-11-20'],
    ['yesterday', '2026-11-19', '2026-11-19'],
    ['7days', '2026-11-14', '2026-11-20'],
    ['30days', '2026-10-22', '2026-11-20'],
    ['6months', '2026-05-20', '2026-11-20'],
    ['12months', '2025-11-20', '2026-11-20'],
  ] as const)('%s covers %s to %s in panel days', (preset, from, to) => {
    expect(periodDays(preset, NOW)).toEqual({ ok: true, from, to });
  });

  it('clamps month arithmetic to the month end', () => {
    const may31 = Date.parse('2026-05-31T15:00:00Z') / 1000;
    expect(periodDays('6months', may31)).toEqual({ ok: true, from: '2025-11-30', to: '2026-05-31' });
  });

  it('custom takes two dates, in order', () => {
    expect(periodDays('custom', NOW, { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      ok: true,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(periodDays('custom', NOW, { from: '2026-01-01', to: '' })).toEqual({ ok: false });
    expect(periodDays('custom', NOW, { from: '2026-02-01', to: '2026-01-01' })).toEqual({
      ok: false,
      message: LOG_MESSAGES.periodOrder,
    });
  });

  it('sends panel midnights, the last day included', () => {
    expect(toDatesParam('2026-11-20', '2026-11-20')).toBe(
      '2026-11-20T03:00:00.000Z,2026-11-21T03:00:00.000Z',
    );
  });
});
