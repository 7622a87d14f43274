import { describe, expect, it } from 'vitest';
import {
  activationCodeOf,
  formatActivationCode,
  generateActivationCode,
  isReservedForCodes,
  isWaitingExpiry,
  WAITING_CODE_EXPIRY_SECONDS,
} from './activation-code';
import { activationCodeCents, batchCents } from './activation-code-price';
import { codeState } from './activation-code-state';
import { buyBatchSchema } from './activation-codes-api';
import { ACTIVATION_CODE_MESSAGES } from './activation-code-messages';
import { lineUsernameSchema, lineUsernameSuggestion } from '../lines/line-credentials';

describe('activation codes', () => {
  it('are 12 digits, never starting with 0, shown in groups of four and read back from what was typed', () => {
    const zeros = generateActivationCode(() => 0);
    expect(zeros).toBe('100000000000');
    let next = 0;
    const code = generateActivationCode((max) => (next++ * 7) % max);
    expect(code).toMatch(/^[1-9]\d{11}$/);
    expect(formatActivationCode('482109375562')).toBe('4821 0937 5562');
    expect(activationCodeOf(' 4821 0937-5562 ')).toBe('482109375562');
    expect(activationCodeOf('082109375562')).toBeUndefined();
    expect(activationCodeOf('cliente01')).toBeUndefined();
  });

  it('keep 12-digit usernames for themselves (decision 0146)', () => {
    expect(isReservedForCodes('482109375562')).toBe(true);
    expect(isReservedForCodes('4821093755621')).toBe(false);
    const refused = lineUsernameSchema.safeParse('482109375562');
    expect(refused.success ? '' : refused.error.issues[0]?.message).toBe(
      ACTIVATION_CODE_MESSAGES.reservedUsername,
    );
    expect(lineUsernameSchema.safeParse(lineUsernameSuggestion('482109375562')).success).toBe(true);
  });

  it('wait with an expiry that is never reached', () => {
    expect(new Date(WAITING_CODE_EXPIRY_SECONDS * 1000).toISOString()).toBe('9999-12-31T23:59:59.000Z');
    expect(isWaitingExpiry(WAITING_CODE_EXPIRY_SECONDS)).toBe(true);
    expect(isWaitingExpiry(WAITING_CODE_EXPIRY_SECONDS - 1)).toBe(false);
  });

  it('cost what the same line costs: the package, plus the extra screens for its months; trials are free', () => {
    const now = Date.parse('2026-01-31T12:00:00Z') / 1000;
    const oneMonth = { packageCreditsCents: 100, months: 1, screens: 1, trial: false };
    expect(activationCodeCents(oneMonth, now)).toBe(100);
    expect(activationCodeCents({ packageCreditsCents: 300, months: 3, screens: 3, trial: false }, now)).toBe(
      900,
    );
    expect(activationCodeCents({ ...oneMonth, packageCreditsCents: 0, trial: true }, now)).toBe(0);
    expect(batchCents(100, 3)).toBe(300);
  });

  it('have a state: in stock, then the line it became, or cancelled', () => {
    const line = { expSeconds: 2_000, enabled: 1 };
    expect(codeState({ activatedAt: null, cancelledAt: null, line }, 1_000)).toBe('stock');
    expect(codeState({ activatedAt: 10, cancelledAt: null, line }, 1_000)).toBe('active');
    expect(codeState({ activatedAt: 10, cancelledAt: null, line }, 3_000)).toBe('expired');
    expect(codeState({ activatedAt: 10, cancelledAt: null, line: { ...line, enabled: 0 } }, 1_000)).toBe(
      'blocked',
    );
    expect(codeState({ activatedAt: 10, cancelledAt: null, line: null }, 1_000)).toBe('removed');
    expect(codeState({ activatedAt: null, cancelledAt: 5, line: null }, 1_000)).toBe('cancelled');
  });

  it('are bought 1 to 500 at a time; trials and P2P codes have one screen', () => {
    const message = (input: unknown) => {
      const result = buyBatchSchema.safeParse(input);
      return result.success ? 'ok' : result.error.issues[0]?.message;
    };
    expect(message({ package_id: 17, quantity: 3 })).toBe('ok');
    expect(message({ package_id: 17, quantity: 0 })).toBe(ACTIVATION_CODE_MESSAGES.quantityRange);
    expect(message({ package_id: 17, quantity: 501 })).toBe(ACTIVATION_CODE_MESSAGES.quantityRange);
    expect(message({ package_id: 17, quantity: 1, system: 3 })).toBe(ACTIVATION_CODE_MESSAGES.systemInvalid);
    expect(message({ package_id: 17, quantity: 1, system: 2, screens: 2 })).toBe(
      ACTIVATION_CODE_MESSAGES.oneScreenOnly,
    );
    expect(message({ trial: true, quantity: 1, screens: 2 })).toBe(ACTIVATION_CODE_MESSAGES.oneScreenOnly);
    expect(message({ trial: true, quantity: 1 })).toBe('ok');
  });
});
