import { describe, expect, it } from 'vitest';
import { brandStyle, formatReais } from './format';

describe('formatReais', () => {
  it('writes the API’s decimal strings as reais, without floating point', () => {
    expect(formatReais('25.90')).toBe('R$ 25,90');
    expect(formatReais('25.9')).toBe('R$ 25,90');
    expect(formatReais('7')).toBe('R$ 7,00');
    expect(formatReais('99999.99')).toBe('R$ 99.999,99');
    expect(formatReais('1234567.05')).toBe('R$ 1.234.567,05');
  });
});

describe('brandStyle', () => {
  it('keeps white text on a dark colour and turns it dark on a light one', () => {
    expect(brandStyle('#1c7ed6')).toEqual({
      '--brand': '#1c7ed6',
      '--on-brand': '#fff',
      '--brand-ink': '#1c7ed6',
    });
    expect(brandStyle('#ffd43b')).toMatchObject({ '--on-brand': '#1a1b1e', '--brand-ink': '#1a1b1e' });
    expect(brandStyle('azul')).toEqual({});
  });
});
