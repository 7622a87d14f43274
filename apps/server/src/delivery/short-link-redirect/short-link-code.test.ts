import { describe, expect, it } from 'vitest';
import { isShortLinkCode, newShortLinkCode } from './short-link-code';

/** Decision 0049: 7 base62 characters, never a panel page's lowercase path. */
describe('short link codes', () => {
  it('are 7 base62 characters with an uppercase letter or a digit, and differ', () => {
    const codes = Array.from({ length: 2000 }, newShortLinkCode);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9]{7}$/);
      expect(code).toMatch(/[A-Z0-9]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('tells a code from a page path', () => {
    expect(isShortLinkCode('Ab3dE9x')).toBe(true);
    expect(isShortLinkCode('abcdef1')).toBe(true);
    for (const path of ['domains', 'profile', 'Ab3dE9', 'Ab3dE9xy', 'Ab3-E9x', 'Ab3dE9x/', '']) {
      expect(isShortLinkCode(path), path).toBe(false);
    }
  });
});
