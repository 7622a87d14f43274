import { describe, expect, it } from 'vitest';
import { expiryBadge, lineDisplayStatus } from './line-status';

describe('line display status (docs/product/rules.md#line-status)', () => {
  it('is BLOQUEADO when not enabled, else ATIVO or EXPIRADO by expiry', () => {
    expect(lineDisplayStatus(0, 2_000, 1_000)).toBe('BLOQUEADO');
    expect(lineDisplayStatus(1, 2_000, 1_000)).toBe('ATIVO');
    expect(lineDisplayStatus(1, 1_000, 1_000)).toBe('EXPIRADO');
  });
});

describe('expiry badge', () => {
  // 10:00 in Brasília (13:00 UTC); `at` gives a Brasília wall-clock hour `days` later.
  const now = new Date(Date.UTC(2026, 10, 21, 13, 0, 0));
  const at = (days: number, hour = 12) => Date.UTC(2026, 10, 21 + days, hour + 3, 0, 0) / 1000;

  it('is danger and Expirado once expired', () => {
    expect(expiryBadge(at(0, 9), now)).toEqual({ color: 'danger', tooltip: 'Expirado' });
    expect(expiryBadge(at(-3), now)).toEqual({ color: 'danger', tooltip: 'Expirado' });
  });
  it('is pink while it still expires later today', () => {
    expect(expiryBadge(at(0, 23), now)).toEqual({ color: 'pink', tooltip: 'Expira hoje' });
  });
  it('counts days in Brasília time whatever the viewer’s zone: 23:30 there is still today', () => {
    // 02:30 UTC of the next day is 23:30 of the same day in Brasília.
    expect(expiryBadge(Date.UTC(2026, 10, 22, 2, 30) / 1000, now)).toEqual({
      color: 'pink',
      tooltip: 'Expira hoje',
    });
  });
  it('is warning up to 3 days, info up to 7, success beyond', () => {
    expect(expiryBadge(at(1), now)).toEqual({ color: 'warning', tooltip: 'Expira em 1 dia' });
    expect(expiryBadge(at(3), now)).toEqual({ color: 'warning', tooltip: 'Expira em 3 dias' });
    expect(expiryBadge(at(4), now)).toEqual({ color: 'info', tooltip: 'Expira em 4 dias' });
    expect(expiryBadge(at(7), now)).toEqual({ color: 'info', tooltip: 'Expira em 7 dias' });
    expect(expiryBadge(at(8), now)).toEqual({ color: 'success', tooltip: 'Expira em 8 dias' });
  });
});
