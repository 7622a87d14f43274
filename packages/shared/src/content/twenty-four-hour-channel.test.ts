import { describe, expect, it } from 'vitest';
import { isTwentyFourHourChannel } from '../content-sources/content-sources-api';

describe('isTwentyFourHourChannel', () => {
  it('trusts the Xtream created_live type', () => {
    expect(isTwentyFourHourChannel({ name: 'Clássicos', streamType: 'created_live' })).toBe(true);
    expect(isTwentyFourHourChannel({ name: 'Clássicos', streamType: 'live' })).toBe(false);
  });

  it('reads 24/7, 24h and 24 horas in the name or the group of an M3U entry', () => {
    expect(isTwentyFourHourChannel({ name: 'Chaves 24/7' })).toBe(true);
    expect(isTwentyFourHourChannel({ name: 'Friends', group: 'Canais 24H' })).toBe(true);
    expect(isTwentyFourHourChannel({ name: 'Desenhos 24 horas' })).toBe(true);
    expect(isTwentyFourHourChannel({ name: 'Globo SP', group: 'Abertos' })).toBe(false);
    expect(isTwentyFourHourChannel({ name: 'Canal 247' })).toBe(false);
  });
});
