import { describe, expect, it } from 'vitest';
import { RESELLER_MESSAGES } from './reseller-messages';
import { transferResellerSchema } from './transfer-reseller-schema';

function issueOf(value: unknown) {
  const result = transferResellerSchema.safeParse(value);
  return result.success
    ? undefined
    : { message: result.error.issues[0]?.message, path: result.error.issues[0]?.path };
}

describe('transfer reseller (docs/product/rules.md#transfer-form)', () => {
  it('accepts two integer ids', () => {
    expect(transferResellerSchema.parse({ resellerId: 7, masterId: 3 })).toEqual({
      resellerId: 7,
      masterId: 3,
    });
  });
  it('requires the reseller', () => {
    expect(issueOf({ masterId: 3 })).toEqual({
      message: RESELLER_MESSAGES.resellerRequired,
      path: ['resellerId'],
    });
    expect(issueOf({ resellerId: null, masterId: 3 })?.message).toBe(RESELLER_MESSAGES.resellerRequired);
    expect(issueOf({ resellerId: '7', masterId: 3 })?.message).toBe(RESELLER_MESSAGES.resellerRequired);
  });
  it('requires the master', () => {
    expect(issueOf({ resellerId: 7 })).toEqual({
      message: RESELLER_MESSAGES.masterRequired,
      path: ['masterId'],
    });
    expect(issueOf({ resellerId: 7, masterId: 0 })?.message).toBe(RESELLER_MESSAGES.masterRequired);
    expect(issueOf({ resellerId: 7, masterId: 2.5 })?.message).toBe(RESELLER_MESSAGES.masterRequired);
  });
  it('refuses moving a reseller under itself', () => {
    expect(issueOf({ resellerId: 7, masterId: 7 })).toEqual({
      message: RESELLER_MESSAGES.transferIntoOwnTree,
      path: ['masterId'],
    });
  });
});
