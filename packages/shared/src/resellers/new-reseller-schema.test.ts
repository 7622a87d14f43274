import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/messages';
import { newResellerSchema } from './new-reseller-schema';
import { RESELLER_MESSAGES } from './reseller-messages';

const valid = { username: 'revenda01', password: 'senha@19', credits: 10, email: 'a@b.com' };

function issueOf(patch: Record<string, unknown>) {
  const result = newResellerSchema.safeParse({ ...valid, ...patch });
  return result.success
    ? undefined
    : { message: result.error.issues[0]?.message, path: result.error.issues[0]?.path };
}

describe('new reseller (docs/product/rules.md#new-reseller)', () => {
  it('accepts a complete form and defaults credits to 10', () => {
    expect(newResellerSchema.parse(valid)).toEqual(valid);
    const { credits, ...withoutCredits } = valid;
    expect(credits).toBe(10);
    expect(newResellerSchema.parse(withoutCredits).credits).toBe(10);
  });

  describe('username', () => {
    it('is required', () => {
      expect(issueOf({ username: '' })).toEqual({ message: RESELLER_MESSAGES.required, path: ['username'] });
      expect(issueOf({ username: undefined })?.message).toBe(RESELLER_MESSAGES.required);
    });
    it('has at least 6 characters', () => {
      expect(issueOf({ username: 'abc12' })?.message).toBe(RESELLER_MESSAGES.usernameMin);
      expect(issueOf({ username: 'abc123' })).toBeUndefined();
    });
    it('has at most 32 characters', () => {
      expect(issueOf({ username: 'a'.repeat(33) })?.message).toBe(RESELLER_MESSAGES.usernameMax);
    });
    it('allows letters, digits, @, ! and ?', () => {
      expect(issueOf({ username: 'joao@!?9' })).toBeUndefined();
    });
    it('refuses spaces, other symbols and upper case', () => {
      expect(issueOf({ username: 'joao silva' })?.message).toBe(RESELLER_MESSAGES.usernameCharset);
      expect(issueOf({ username: 'joao#silva' })?.message).toBe(RESELLER_MESSAGES.usernameCharset);
      expect(issueOf({ username: 'JoaoSilva' })?.message).toBe(RESELLER_MESSAGES.usernameCharset);
    });
  });

  describe('password', () => {
    it('is required', () => {
      expect(issueOf({ password: '' })).toEqual({ message: AUTH_MESSAGES.required, path: ['password'] });
    });
    it('has at least 6 characters', () => {
      expect(issueOf({ password: 'a1b2c' })?.message).toBe(AUTH_MESSAGES.passwordMin);
    });
    it('allows only letters, digits and @', () => {
      expect(issueOf({ password: 'senha!19' })?.message).toBe(AUTH_MESSAGES.passwordCharset);
      expect(issueOf({ password: 'senha 19' })?.message).toBe(AUTH_MESSAGES.passwordCharset);
    });
    it('refuses three ascending digits or letters', () => {
      expect(issueOf({ password: 'xx123yy' })?.message).toBe(AUTH_MESSAGES.noSequences);
      expect(issueOf({ password: 'qwabcz9' })?.message).toBe(AUTH_MESSAGES.noSequences);
    });
  });

  describe('credits', () => {
    it('accepts whole numbers as numbers or digit strings', () => {
      expect(newResellerSchema.parse({ ...valid, credits: '25' }).credits).toBe(25);
      expect(newResellerSchema.parse({ ...valid, credits: 25 }).credits).toBe(25);
    });
    it('only numbers', () => {
      expect(issueOf({ credits: 'dez' })).toEqual({
        message: RESELLER_MESSAGES.creditsNumeric,
        path: ['credits'],
      });
      expect(issueOf({ credits: '12,5' })?.message).toBe(RESELLER_MESSAGES.creditsNumeric);
      expect(issueOf({ credits: 12.5 })?.message).toBe(RESELLER_MESSAGES.creditsNumeric);
      expect(issueOf({ credits: '1e3' })?.message).toBe(RESELLER_MESSAGES.creditsNumeric);
    });
    it('at least 10, so never zero or negative', () => {
      expect(issueOf({ credits: 9 })?.message).toBe(RESELLER_MESSAGES.creditsMin);
      expect(issueOf({ credits: 0 })?.message).toBe(RESELLER_MESSAGES.creditsMin);
      expect(issueOf({ credits: -50 })?.message).toBe(RESELLER_MESSAGES.creditsMin);
      expect(issueOf({ credits: '' })?.message).toBe(RESELLER_MESSAGES.creditsMin);
      expect(issueOf({ credits: 10 })).toBeUndefined();
    });
    it('at most 1.000.000 per operation', () => {
      expect(issueOf({ credits: 1_000_001 })?.message).toBe(RESELLER_MESSAGES.creditsMax);
      expect(issueOf({ credits: 1_000_000 })).toBeUndefined();
    });
  });

  describe('email', () => {
    it('is optional', () => {
      expect(newResellerSchema.parse({ ...valid, email: '' }).email).toBeNull();
      const { email, ...withoutEmail } = valid;
      expect(email).toBeDefined();
      expect(newResellerSchema.parse(withoutEmail).email).toBeUndefined();
    });
    it('must look like an address when given', () => {
      expect(issueOf({ email: 'not-an-email' })).toEqual({
        message: RESELLER_MESSAGES.emailInvalid,
        path: ['email'],
      });
    });
  });
});
