import { describe, expect, it } from 'vitest';
import type { ArchiveChannel } from './archive.repository';
import { archiveUrlOf, fillArchiveTemplate } from './archive-url';
import { parseTimeshiftMinutes, parseTimeshiftStart } from './timeshift-request';

// The rules of catch-up requests and archive URLs (decision 0120), without a server.
const now = new Date('2026-11-30T15:10:00Z');
const channel = (values: Partial<ArchiveChannel> = {}): ArchiveChannel => ({
  streamId: 7,
  name: 'Canal',
  archiveDays: 2,
  archiveUrl: null,
  sourceUrl: 'http://up.example:8080/live/uu/pp/1001.ts',
  timezone: null,
  deliveryMode: 'redirect',
  ...values,
});
const start = new Date('2026-11-30T12:00:00Z');

describe('archive URL', () => {
  it('derives the Xtream timeshift URL from the live URL, in the asked format and the source zone', () => {
    expect(archiveUrlOf(channel(), { streamId: 7, start, durationMinutes: 90, now })).toMatchObject({
      ok: true,
      url: 'http://up.example:8080/timeshift/uu/pp/90/2026-11-30:12-00/1001.ts',
    });
    const zoned = archiveUrlOf(channel({ timezone: 'America/Sao_Paulo' }), {
      streamId: 7,
      start,
      durationMinutes: 30,
      extension: 'm3u8',
      now,
    });
    expect(zoned).toMatchObject({
      url: 'http://up.example:8080/timeshift/uu/pp/30/2026-11-30:09-00/1001.m3u8',
    });
  });

  it('fills a template with pvr.iptvsimple placeholders', () => {
    const template =
      'http://a/x?s={utc}&e={utcend}&b=${start}&f=${end}&n={lutc}&t=${timestamp}&d={duration}&m={duration:60}' +
      '&o={offset:60}&w={Y}{m}{d}{H}{M}{S}&keep={other}';
    expect(fillArchiveTemplate(template, { start, durationMinutes: 60, now, timezone: null })).toBe(
      'http://a/x?s=1796040000&e=1796043600&b=1796040000&f=1796043600&n=1796051400&t=1796051400&d=3600&m=60' +
        '&o=190&w=20261130120000&keep={other}',
    );
  });

  it('refuses: no archive, no URL to derive, outside the window, a duration out of range', () => {
    const ask = { streamId: 7, start, durationMinutes: 60, now };
    expect(archiveUrlOf(channel({ archiveDays: 0 }), ask)).toEqual({ ok: false, reason: 'no_archive' });
    expect(archiveUrlOf(channel({ sourceUrl: 'http://cdn/canal.m3u8' }), ask)).toEqual({
      ok: false,
      reason: 'no_archive',
    });
    const old = new Date(now.getTime() - 2 * 86_400_000 - 60_000);
    expect(archiveUrlOf(channel(), { ...ask, start: old })).toEqual({ ok: false, reason: 'outside_window' });
    expect(archiveUrlOf(channel(), { ...ask, start: now })).toEqual({ ok: false, reason: 'outside_window' });
    expect(archiveUrlOf(channel(), { ...ask, durationMinutes: 0 })).toEqual({
      ok: false,
      reason: 'bad_duration',
    });
    expect(archiveUrlOf(channel(), { ...ask, durationMinutes: 1441 })).toEqual({
      ok: false,
      reason: 'bad_duration',
    });
  });
});

describe('timeshift START and DURATION', () => {
  it('reads YYYY-MM-DD:HH-MM in the server zone, XC variants and unix seconds', () => {
    expect(parseTimeshiftStart('2026-11-30:12-00', 'UTC')?.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(parseTimeshiftStart('2026-11-30:09-00', 'America/Sao_Paulo')?.toISOString()).toBe(
      '2026-11-30T12:00:00.000Z',
    );
    expect(parseTimeshiftStart('2026-11-30:12-00-30', 'UTC')?.toISOString()).toBe('2026-11-30T12:00:30.000Z');
    expect(parseTimeshiftStart('20261130-12', 'UTC')?.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(parseTimeshiftStart('1796040000', 'America/Sao_Paulo')?.toISOString()).toBe(
      '2026-11-30T12:00:00.000Z',
    );
    for (const bad of ['', 'ontem', '2026-13-01:10-00', '2026-11-31:10-00', '2026-11-30:25-00']) {
      expect(parseTimeshiftStart(bad, 'UTC'), bad).toBeUndefined();
    }
    expect(parseTimeshiftMinutes('60')).toBe(60);
    expect(parseTimeshiftMinutes('1.5')).toBeUndefined();
  });
});
