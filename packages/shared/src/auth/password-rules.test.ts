import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages';
import { changePasswordSchema, newPasswordSchema } from './password-rules';

const CURRENT = 'Senha@atual7';

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
  it('takes at most the 128 characters sign-in accepts', () => {
    expect(firstMessage('a1'.repeat(64))).toBeUndefined();
    expect(firstMessage(`${'a1'.repeat(64)}b`)).toBe('Máximo de 128 caracteres');
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
      current_password: CURRENT,
      password: 'senha@19',
      password_confirmation: 'senha@18',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: AUTH_MESSAGES.passwordsDiffer,
      path: ['password_confirmation'],
    });
    expect(
      changePasswordSchema.safeParse({
        current_password: CURRENT,
        password: 'senha@19',
        password_confirmation: 'senha@19',
      }).success,
    ).toBe(true);
  });
});

describe('current password (change password)', () => {
  const issueOf = (current_password: unknown) => {
    const result = changePasswordSchema.safeParse({
      current_password,
      password: 'senha@19',
      password_confirmation: 'senha@19',
    });
    return result.success ? undefined : result.error.issues[0];
  };
  it('is required', () => {
    expect(issueOf(undefined)).toMatchObject({
      message: 'O campo é obrigatório',
      path: ['current_password'],
    });
    expect(issueOf('')).toMatchObject({ message: 'O campo é obrigatório', path: ['current_password'] });
  });
  it('accepts any characters, since old passwords may predate the rules', () => {
    expect(issueOf('velha 12!')).toBeUndefined();
  });
  it('cannot be longer than sign-in accepts', () => {
    expect(issueOf('a'.repeat(129))).toMatchObject({ message: 'Senha atual incorreta.' });
    expect(issueOf('a'.repeat(128))).toBeUndefined();
  });
});
