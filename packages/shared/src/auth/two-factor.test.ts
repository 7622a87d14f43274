import { describe, expect, it } from 'vitest';
import { secondStepSchema, twoFactorConfirmSchema } from './two-factor';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages';

const ticket = 'x'.repeat(43);

describe('second-step codes (decision 0131)', () => {
  it('takes six digits or a recovery code as typed: spaces, dashes and case dropped', () => {
    expect(secondStepSchema.parse({ ticket, code: ' 123 456 ' }).code).toBe('123456');
    expect(secondStepSchema.parse({ ticket, code: 'ABCDE-FGHJK' }).code).toBe('abcdefghjk');
  });

  it('refuses anything else with the message of the field', () => {
    const result = secondStepSchema.safeParse({ ticket, code: '12345' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['code'],
      message: TWO_FACTOR_MESSAGES.codeFormat,
    });
  });

  it('enrolment takes only a code of the app, and ends the other sessions unless told not to', () => {
    expect(twoFactorConfirmSchema.parse({ password: 'x', code: '123456' })).toEqual({
      password: 'x',
      code: '123456',
      end_other_sessions: true,
    });
    expect(
      twoFactorConfirmSchema.safeParse({ password: 'x', code: 'abcde-fghjk' }).error?.issues[0]?.message,
    ).toBe(TWO_FACTOR_MESSAGES.enrolCodeFormat);
  });
});
