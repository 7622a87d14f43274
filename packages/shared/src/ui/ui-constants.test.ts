import { describe, expect, it } from 'vitest';
import { formatCount, truncate } from './ui-constants';

describe('display helpers', () => {
  it('separates thousands with dots', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1.234.567');
  });
  it('cuts text with an ellipsis only when longer than the limit', () => {
    expect(truncate('abcdefghijkl', 11)).toBe('abcdefghijk...');
    expect(truncate('abcdefghijk', 11)).toBe('abcdefghijk');
  });
});
