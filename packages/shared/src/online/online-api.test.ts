import { describe, expect, it } from 'vitest';
import { divergenceLevel, formatDuration } from './online-api';

describe('divergenceLevel', () => {
  it('is green up to 10, warning up to 50, danger above', () => {
    expect([0, 10, 11, 50, 51, 500].map(divergenceLevel)).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
  });
});

describe('formatDuration', () => {
  it('writes seconds as HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59)).toBe('00:00:59');
    expect(formatDuration(3661)).toBe('01:01:01');
    expect(formatDuration(100 * 3600 + 5)).toBe('100:00:05');
    expect(formatDuration(-4)).toBe('00:00:00');
  });
});
