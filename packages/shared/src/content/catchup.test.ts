import { describe, expect, it } from 'vitest';
import { instantOf, isTimeZone, wallClockIn } from '../time/time-zone';
import {
  archiveDays,
  MAX_ARCHIVE_DAYS,
  programmeHasArchive,
  startsInArchive,
  xtreamArchiveDays,
} from './catchup';

const now = new Date('2026-11-30T12:00:00Z');
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('catch-up rules (decision 0120)', () => {
  it('reads Xtream tv_archive and tv_archive_duration as days, 0 without an archive, capped', () => {
    expect(xtreamArchiveDays(1, 3)).toBe(3);
    expect(xtreamArchiveDays('1', '7')).toBe(7);
    expect(xtreamArchiveDays(0, 7)).toBe(0);
    expect(xtreamArchiveDays(1, 0)).toBe(0);
    expect(xtreamArchiveDays(1, 'n/a')).toBe(0);
    expect(archiveDays(400)).toBe(MAX_ARCHIVE_DAYS);
    expect(archiveDays('2.9')).toBe(2);
  });

  it('lets a timeshift start within the window only: not before N days, not now or later', () => {
    expect(startsInArchive(hoursBefore(71), 3, now)).toBe(true);
    expect(startsInArchive(hoursBefore(72), 3, now)).toBe(true);
    expect(startsInArchive(hoursBefore(72.01), 3, now)).toBe(false);
    expect(startsInArchive(now, 3, now)).toBe(false);
    expect(startsInArchive(hoursBefore(1), 0, now)).toBe(false);
  });

  it('marks has_archive for programmes that ended within N days', () => {
    expect(programmeHasArchive(hoursBefore(1), 1, now)).toBe(true);
    expect(programmeHasArchive(hoursBefore(25), 1, now)).toBe(false);
    expect(programmeHasArchive(hoursBefore(-1), 1, now)).toBe(false);
    expect(programmeHasArchive(hoursBefore(1), 0, now)).toBe(false);
  });
});

describe('wall clocks in a time zone', () => {
  it('knows IANA zones and refuses other text', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('Marte/Olimpo')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('converts both ways, across a daylight-saving change, and refuses skipped or impossible times', () => {
    const clock = { year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 0 };
    expect(instantOf(clock, 'America/Sao_Paulo')?.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(wallClockIn(new Date('2026-11-30T12:00:00Z'), 'America/Sao_Paulo')).toEqual(clock);
    // Berlin: summer time ends 2026-10-25 03:00 → 02:00; begins 2026-03-29 02:00 → 03:00.
    const berlin = (month: number, day: number, hour: number) =>
      instantOf({ year: 2026, month, day, hour, minute: 30, second: 0 }, 'Europe/Berlin')?.toISOString();
    expect(berlin(7, 1, 20)).toBe('2026-07-01T18:30:00.000Z');
    expect(berlin(12, 1, 20)).toBe('2026-12-01T19:30:00.000Z');
    expect(berlin(10, 25, 2)).toBe('2026-10-25T00:30:00.000Z');
    expect(berlin(3, 29, 2)).toBeUndefined();
    expect(instantOf({ ...clock, month: 2, day: 30 }, 'UTC')).toBeUndefined();
  });
});
