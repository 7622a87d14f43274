import { describe, expect, it } from 'vitest';
import { twoFactorRequiredFor } from './two-factor-policy';

const admin = { role: 'admin', hasSubResellers: true } as const;
const master = { role: 'reseller', hasSubResellers: true } as const;
const reseller = { role: 'reseller', hasSubResellers: false } as const;
const publisher = { role: 'publisher', hasSubResellers: false } as const;

describe('who must use two-factor sign-in (decision 0132)', () => {
  it.each([
    ['none', [false, false, false, false]],
    ['admins', [true, false, false, false]],
    ['masters', [true, true, false, false]],
    ['all', [true, true, true, true]],
  ] as const)('level %s: admin, master, reseller, publisher', (level, expected) => {
    expect(
      [admin, master, reseller, publisher].map((account) => twoFactorRequiredFor(level, account)),
    ).toEqual(expected);
  });

  it('an unknown stored level requires nothing', () => {
    expect(twoFactorRequiredFor('sometimes', admin)).toBe(false);
  });
});
