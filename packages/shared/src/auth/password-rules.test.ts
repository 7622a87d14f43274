import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages';
import { changePasswordSchema, newPasswordSchema } from './password-rules';

const firstMessage = (value: unknown) => {
  const result = newPasswordSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('new password rules (change password)', () => {
  it('requires a value', () => {
    expect(firstMessage('')).toBe(AUTH_MESSAGES.required);
    expect(firstMessage(undefined)).toBe(AUTH_MESSAGES.required);
  });
  it('needs at least 6 characters', () => {
    expect(firstMessage('a1b2c')).toBe(AUTH_MESSAGES.passwordMin);
    expect(firstMessage('a1b2c9')).toBeUndefined();
  });
  it('allows only letters, digits and @', () => {
    expect(firstMessage('senha 19')).toBe(AUTH_MESSAGES.passwordCharset);
    expect(firstMessage('senha!19')).toBe(AUTH_MESSAGES.passwordCharset);
    expect(firstMessage('senha@19')).toBeUndefined();
  });
  it('refuses three ascending digits or letters', () => {
    expect(firstMessage('xx123yy')).toBe(AUTH_MESSAGES.noSequences);
    expect(firstMessage('qwABCz9')).toBe(AUTH_MESSAGES.noSequences);
    expect(firstMessage('a1b2c3d4')).toBeUndefined();
  });
  it('needs the confirmation to match', () => {
    const result = changePasswordSchema.safeParse({
      password: 'senha@19',
      password_confirmation: 'senha@18',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: AUTH_MESSAGES.passwordsDiffer,
      path: ['password_confirmation'],
    });
    expect(
      changePasswordSchema.safeParse({ password: 'senha@19', password_confirmation: 'senha@19' }).success,
    ).toBe(true);
  });
});
