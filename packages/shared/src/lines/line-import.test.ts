import { describe, expect, it } from 'vitest';
import { importedLineCents } from './line-costs';
import { importFieldOf, parseSpreadsheetDate, parseSpreadsheetSystem } from './line-import';

const DAY = 86_400;

describe('customer import rules (decisions 0156, 0157)', () => {
  it('reads Portuguese, English and exported header names, ignoring accents, case and spaces', () => {
    expect(importFieldOf('Usuário')).toBe('username');
    expect(importFieldOf('USERNAME')).toBe('username');
    expect(importFieldOf(' Expira em ')).toBe('exp_date');
    expect(importFieldOf('vencimento')).toBe('exp_date');
    expect(importFieldOf('Plano')).toBe('package');
    expect(importFieldOf('Serviço')).toBe('system');
    expect(importFieldOf('Cliente')).toBe('full_name');
    expect(importFieldOf('mac_address')).toBe('macaddr');
    expect(importFieldOf('Status')).toBeUndefined();
  });

  it('reads dd/mm/aaaa (with an optional time) and aaaa-mm-dd; refuses days that do not exist', () => {
    expect(parseSpreadsheetDate('05/03/2027')).toEqual({ date: '2027-03-05' });
    expect(parseSpreadsheetDate('5/3/2027 21:30')).toEqual({
      date: '2027-03-05',
      time: { hours: 21, minutes: 30, seconds: 0 },
    });
    expect(parseSpreadsheetDate('2027-03-05')).toEqual({ date: '2027-03-05' });
    for (const bad of ['31/02/2027', '2027/03/05', '05/03/27', 'amanhã', '05/03/2027 25:00', ''])
      expect(parseSpreadsheetDate(bad), bad).toBeNull();
  });

  it('reads the service by name or code; empty is IPTV', () => {
    expect(parseSpreadsheetSystem('')).toBe(1);
    expect(parseSpreadsheetSystem('p2p')).toBe(2);
    expect(parseSpreadsheetSystem('Híbrido')).toBe(3);
    expect(parseSpreadsheetSystem('3')).toBe(3);
    expect(parseSpreadsheetSystem('cabo')).toBeNull();
  });

  it('prices an expiry like a migration (started days × screens / 30, rounded up), else the package per screen', () => {
    const now = 1_800_000_000;
    expect(
      importedLineCents({
        expSeconds: now + 30 * DAY,
        nowSeconds: now,
        screens: 1,
        packageCreditsCents: 500,
      }),
    ).toBe(100);
    expect(
      importedLineCents({
        expSeconds: now + 10 * DAY + 1,
        nowSeconds: now,
        screens: 2,
        packageCreditsCents: 500,
      }),
    ).toBe(74);
    expect(
      importedLineCents({ expSeconds: now + 60, nowSeconds: now, screens: 1, packageCreditsCents: 500 }),
    ).toBe(4);
    expect(
      importedLineCents({ expSeconds: null, nowSeconds: now, screens: 3, packageCreditsCents: 500 }),
    ).toBe(1500);
  });
});
