import { describe, expect, it } from 'vitest';
import { formatCredits, fromCents, toCents } from './credits';

describe('credits are exact decimals', () => {
  it('parses decimal strings into cents without floating point', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents('0.29')).toBe(29);
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('-10')).toBe(-1000);
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => toCents('abc')).toThrow(RangeError);
  });
  it('prints cents back as two-decimal strings', () => {
    expect(fromCents(29)).toBe('0.29');
    expect(fromCents(-1005)).toBe('-10.05');
    expect(fromCents(toCents('0.1') + toCents('0.2'))).toBe('0.30');
  });
  it('formats for people in pt-BR', () => {
    expect(formatCredits('1234567.5')).toBe('1.234.567,50');
    expect(formatCredits('0')).toBe('0,00');
    expect(formatCredits('-15.05')).toBe('-15,05');
  });
});
