import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseXmltv, parseXmltvTime } from './xmltv-parser';

/** XMLTV times as the file states them (decision 0126). */
const iso = (text: string) => parseXmltvTime(text)?.toISOString();

describe('XMLTV times', () => {
  it('honours the offset written after the time, in every spelling', () => {
    expect(iso('20240101120000 +0300')).toBe('2024-01-01T09:00:00.000Z');
    expect(iso('20240101120000 -0300')).toBe('2024-01-01T15:00:00.000Z');
    expect(iso('20240101120000+0300')).toBe('2024-01-01T09:00:00.000Z');
    expect(iso('20240101120000 +03:00')).toBe('2024-01-01T09:00:00.000Z');
    expect(iso('20240101120000 +03')).toBe('2024-01-01T09:00:00.000Z');
    expect(iso('20240101120000 +0545')).toBe('2024-01-01T06:15:00.000Z');
    expect(iso('20240101003000 +0100')).toBe('2023-12-31T23:30:00.000Z');
  });

  it('reads a missing offset, Z, UTC and GMT as UTC', () => {
    for (const text of ['20240101120000', '20240101120000 Z', '20240101120000 UTC', '20240101120000 gmt']) {
      expect(iso(text), text).toBe('2024-01-01T12:00:00.000Z');
    }
    expect(iso('202401011200')).toBe('2024-01-01T12:00:00.000Z');
    expect(iso('2024010112 +0100')).toBe('2024-01-01T11:00:00.000Z');
  });

  it('keeps a fixed offset the same on both sides of a daylight-saving change', () => {
    // Europe changed clocks on 2024-03-31 at 01:00 UTC; a fixed +0100 is not a zone and does not move.
    expect(iso('20240331003000 +0100')).toBe('2024-03-30T23:30:00.000Z');
    expect(iso('20240331033000 +0100')).toBe('2024-03-31T02:30:00.000Z');
    // Brazil has no daylight saving since 2019: -0300 all year.
    expect(iso('20240115200000 -0300')).toBe('2024-01-15T23:00:00.000Z');
    expect(iso('20240715200000 -0300')).toBe('2024-07-15T23:00:00.000Z');
  });

  it('refuses what is not a time rather than guessing one', () => {
    for (const text of [
      'amanhã',
      '',
      '20241301120000',
      '20240230120000',
      '20240101250000',
      '20240101126000',
      '20240101120000 BST',
      '20240101120000 +1500',
      '20240101120000 +0360',
      '20240101120000 +0300 extra',
    ]) {
      expect(parseXmltvTime(text), text).toBeUndefined();
    }
  });

  it('skips a programme whose time cannot be read and keeps the others', async () => {
    const xml =
      '<tv><programme start="20240101120000 BST" stop="20240101130000 BST" channel="a"><title>X</title></programme>' +
      '<programme start="20240101120000 +0300" stop="20240101130000 +0300" channel="a"><title>Y</title></programme></tv>';
    const items = [];
    for await (const item of parseXmltv(Readable.from([xml]))) items.push(item);
    expect(items).toEqual([
      expect.objectContaining({
        title: 'Y',
        startsAt: new Date('2024-01-01T09:00:00Z'),
        stopsAt: new Date('2024-01-01T10:00:00Z'),
      }),
    ]);
  });
});
