import { describe, expect, it } from 'vitest';
import { formatChartCount, formatCount, truncate } from './ui-constants';

describe('display helpers', () => {
  it('separates thousands with dots', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1.234.567');
  });
  it('shows chart numbers above 999 in thousands with one decimal, k', () => {
    expect(formatChartCount(0)).toBe('0');
    expect(formatChartCount(999)).toBe('999');
    expect(formatChartCount(1000)).toBe('1k');
    expect(formatChartCount(1049)).toBe('1k');
    expect(formatChartCount(1050)).toBe('1,1k');
    expect(formatChartCount(1234)).toBe('1,2k');
    expect(formatChartCount(15_950)).toBe('16k');
    expect(formatChartCount(999_999)).toBe('1.000k');
    expect(formatChartCount(1_234_567)).toBe('1.234,6k');
    expect(formatChartCount(-1500)).toBe('-1,5k');
  });
  it('cuts text with an ellipsis only when longer than the limit', () => {
    expect(truncate('abcdefghijkl', 11)).toBe('abcdefghijk...');
    expect(truncate('abcdefghijk', 11)).toBe('abcdefghijk');
  });
});
