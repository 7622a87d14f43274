import { describe, expect, it } from 'vitest';
import { creditChangeSchema, previewCreditsAfterChange } from './credit-change-schema';
import { RESELLER_MESSAGES } from './reseller-messages';

function messageOf(value: unknown) {
  const result = creditChangeSchema.safeParse({ value });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('credit management (docs/product/rules.md#credit-management)', () => {
  it('accepts positive (give) and negative (take back) whole numbers', () => {
    expect(creditChangeSchema.parse({ value: 10 }).value).toBe(10);
    expect(creditChangeSchema.parse({ value: '-25' }).value).toBe(-25);
  });
  it('needs an absolute value of at least 10', () => {
    expect(messageOf(9)).toBe(RESELLER_MESSAGES.creditChangeMin);
    expect(messageOf(-9)).toBe(RESELLER_MESSAGES.creditChangeMin);
    expect(messageOf(0)).toBe(RESELLER_MESSAGES.creditChangeMin);
    expect(messageOf(undefined)).toBe(RESELLER_MESSAGES.creditChangeMin);
    expect(messageOf('')).toBe(RESELLER_MESSAGES.creditChangeMin);
    expect(messageOf(-10)).toBeUndefined();
  });
  it('takes only whole numbers', () => {
    expect(messageOf(10.5)).toBe(RESELLER_MESSAGES.creditsNumeric);
    expect(messageOf('dez')).toBe(RESELLER_MESSAGES.creditsNumeric);
    expect(messageOf('10.5')).toBe(RESELLER_MESSAGES.creditsNumeric);
    expect(messageOf(true)).toBe(RESELLER_MESSAGES.creditsNumeric);
  });
  it('moves at most 1.000.000 at once, either way', () => {
    expect(messageOf(1_000_001)).toBe(RESELLER_MESSAGES.creditsMax);
    expect(messageOf(-1_000_001)).toBe(RESELLER_MESSAGES.creditsMax);
  });
  it('previews the new total floored at 0', () => {
    expect(previewCreditsAfterChange(1500, -10)).toBe(500);
    expect(previewCreditsAfterChange(500, -10)).toBe(0);
    expect(previewCreditsAfterChange(0, 10)).toBe(1000);
  });
});
