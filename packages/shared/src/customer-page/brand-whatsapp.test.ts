import { describe, expect, it } from 'vitest';
import { brazilianWhatsapp } from './brand-whatsapp';

describe('brazilianWhatsapp (decision 0178)', () => {
  it('reads a Brazilian number as people write it, with 55 in front', () => {
    expect(brazilianWhatsapp('(81) 98765-4321')).toBe('5581987654321');
    expect(brazilianWhatsapp('+55 11 91234-5678')).toBe('5511912345678');
    expect(brazilianWhatsapp('55 11 3456-7890')).toBe('551134567890');
    expect(brazilianWhatsapp('011 98765.4321')).toBe('5511987654321');
  });

  it('refuses what is no Brazilian number', () => {
    for (const text of [
      '1234',
      '+1 415 555 0100',
      '(00) 98765-4321',
      '11 98765-4321 ramal',
      '119876543210',
    ]) {
      expect(brazilianWhatsapp(text), text).toBeUndefined();
    }
  });
});
