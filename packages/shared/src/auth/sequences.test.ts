import { describe, expect, it } from 'vitest';
import { hasAscendingSequence } from './sequences';

describe('hasAscendingSequence', () => {
  it.each(['123', 'abc', 'x789', 'XYZ', 'aBc', '9a012'])('finds a run in %s', (text) => {
    expect(hasAscendingSequence(text)).toBe(true);
  });
  it.each(['', 'ab', '12', '135', 'cba', '321', 'a1b2c3', 'z9a'])('finds none in %s', (text) => {
    expect(hasAscendingSequence(text)).toBe(false);
  });
  it('does not chain a digit into a letter', () => {
    // '9' (57) and ':' are not letters; digits and letters are separate classes.
    expect(hasAscendingSequence('89a')).toBe(false);
  });
});
