import { describe, expect, it } from 'vitest';
import { m3uArchive } from './m3u-catchup';

// The catch-up attributes of an M3U channel as players read them (decision 0120).
describe('M3U catch-up attributes', () => {
  const xtream = 'http://up/live/u/p/5.ts';
  it('reads the modes players read and refuses the others', () => {
    expect(m3uArchive({ catchup: 'xc', 'catchup-days': '3' }, xtream)).toEqual({
      archiveDays: 3,
      archiveUrl: null,
    });
    expect(m3uArchive({ catchup: 'xc' }, 'http://cdn/canal.m3u8')).toEqual({
      archiveDays: 0,
      archiveUrl: null,
    });
    expect(m3uArchive({ timeshift: '2' }, xtream)).toEqual({ archiveDays: 2, archiveUrl: null });
    expect(m3uArchive({ catchup: 'default', 'catchup-source': 'http://a/{utc}' }, 'http://cdn/c.ts')).toEqual(
      {
        archiveDays: 5,
        archiveUrl: 'http://a/{utc}',
      },
    );
    expect(
      m3uArchive({ catchup: 'append', 'catchup-source': '?utc={utc}', 'catchup-days': '1' }, 'http://c/x'),
    ).toEqual({
      archiveDays: 1,
      archiveUrl: 'http://c/x?utc={utc}',
    });
    expect(m3uArchive({ catchup: 'shift' }, 'http://c/x?a=1')).toEqual({
      archiveDays: 5,
      archiveUrl: 'http://c/x?a=1&utc={utc}&lutc={lutc}',
    });
    expect(m3uArchive({ catchup: 'flussonic', 'catchup-days': '3' }, 'http://c/1/mpegts')).toEqual({
      archiveDays: 0,
      archiveUrl: null,
    });
    expect(m3uArchive({}, 'http://cdn/c.ts')).toEqual({ archiveDays: 0, archiveUrl: null });
  });
});
