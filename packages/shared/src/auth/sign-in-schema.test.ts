import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages';
import { signInSchema, unlockSchema } from './sign-in-schema';

const issues = (schema: typeof signInSchema | typeof unlockSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('sign-in rules', () => {
  it('requires the username', () => {
    expect(issues(signInSchema, { username: '  ', password: 'abcde', 'g-recaptcha-response': 't' })).toEqual([
      ['username', AUTH_MESSAGES.usernameRequired],
    ]);
  });
  it('needs a password of at least 5 characters, and says 5', () => {
    expect(issues(signInSchema, { username: 'a', password: 'abcd', 'g-recaptcha-response': 't' })).toEqual([
      ['password', 'Mínimo de 5 caracteres'],
    ]);
    expect(issues(signInSchema, { username: 'a', password: 'abcde', 'g-recaptcha-response': 't' })).toEqual(
      [],
    );
  });
  it('requires the captcha', () => {
    expect(issues(signInSchema, { username: 'a', password: 'abcde', 'g-recaptcha-response': '' })).toEqual([
      ['g-recaptcha-response', 'Por favor, complete o reCAPTCHA'],
    ]);
  });
});

describe('unlock rules', () => {
  it('needs a password of at least 6 characters and the captcha', () => {
    expect(issues(unlockSchema, { password: 'abcde' })).toEqual([
      ['password', 'Mínimo de 6 caracteres'],
      ['g-recaptcha-response', AUTH_MESSAGES.captchaRequired],
    ]);
  });
});
