import { describe, expect, it } from 'vitest';
import { formatReais } from './format';

describe('formatReais', () => {
  it('writes the API’s decimal strings as reais, without floating point', () => {
    expect(formatReais('25.90')).toBe('R$ 25,90');
    expect(formatReais('25.9')).toBe('R$ 25,90');
    expect(formatReais('7')).toBe('R$ 7,00');
    expect(formatReais('99999.99')).toBe('R$ 99.999,99');
    expect(formatReais('1234567.05')).toBe('R$ 1.234.567,05');
  });
});
