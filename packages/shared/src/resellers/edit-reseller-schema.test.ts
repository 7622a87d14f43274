import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/messages';
import { editResellerSchema } from './edit-reseller-schema';
import { RESELLER_MESSAGES } from './reseller-messages';

function issueOf(value: Record<string, unknown>) {
  const result = editResellerSchema.safeParse({ username: 'revenda01', ...value });
  return result.success
    ? undefined
    : { message: result.error.issues[0]?.message, path: result.error.issues[0]?.path };
}

describe('edit reseller (docs/product/rules.md#edit-reseller)', () => {
  it('username: not empty, at least 6, no spaces, symbols or upper case', () => {
    expect(issueOf({ username: '' })).toEqual({ message: RESELLER_MESSAGES.required, path: ['username'] });
    expect(issueOf({ username: 'abc' })?.message).toBe(RESELLER_MESSAGES.usernameMin);
    expect(issueOf({ username: 'abc def' })?.message).toBe(RESELLER_MESSAGES.usernameCharset);
    expect(issueOf({ username: 'Revenda01' })?.message).toBe(RESELLER_MESSAGES.usernameCharset);
    expect(issueOf({ username: 'revenda@01' })).toBeUndefined();
  });

  it('username: letters, digits and @ only — ! and ? are for new resellers (docs/product/rules.md#new-reseller)', () => {
    expect(issueOf({ username: 'sub!rev02' })).toEqual({
      message: RESELLER_MESSAGES.usernameCharset,
      path: ['username'],
    });
    expect(issueOf({ username: 'sub?rev02' })?.message).toBe(RESELLER_MESSAGES.usernameCharset);
  });

  it('username may be left out: the current one is kept', () => {
    expect(editResellerSchema.parse({ notes: 'x' }).username).toBeUndefined();
  });

  it('password is optional: missing, null or empty keeps the current one', () => {
    expect(editResellerSchema.parse({ username: 'revenda01' }).password).toBeUndefined();
    expect(editResellerSchema.parse({ username: 'revenda01', password: '' }).password).toBeUndefined();
    expect(editResellerSchema.parse({ username: 'revenda01', password: null }).password).toBeUndefined();
  });

  it('a new password follows the password rules', () => {
    expect(issueOf({ password: 'a1b2' })).toEqual({ message: AUTH_MESSAGES.passwordMin, path: ['password'] });
    expect(issueOf({ password: 'senha#19' })?.message).toBe(AUTH_MESSAGES.passwordCharset);
    expect(issueOf({ password: 'senha123' })?.message).toBe(AUTH_MESSAGES.noSequences);
    expect(editResellerSchema.parse({ username: 'revenda01', password: 'senha@19' }).password).toBe(
      'senha@19',
    );
  });

  it('notes are optional and at most 500 characters', () => {
    expect(issueOf({ notes: 'x'.repeat(501) })).toEqual({
      message: RESELLER_MESSAGES.notesMax,
      path: ['notes'],
    });
    expect(editResellerSchema.parse({ username: 'revenda01', notes: null }).notes).toBeNull();
    expect(editResellerSchema.parse({ username: 'revenda01' }).notes).toBeUndefined();
  });
});
