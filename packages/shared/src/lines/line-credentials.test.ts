import { describe, expect, it } from 'vitest';
import { hasAscendingSequence } from '../auth/sequences';
import {
  dreamTvPassword,
  dreamTvUsername,
  linePasswordSuggestion,
  lineUsernameSchema,
  lineUsernameSuggestion,
  linePasswordSchema,
  newLinePasswordSchema,
  randomCredential,
} from './line-credentials';
import { LINE_MESSAGES } from './line-messages';
import { formatMacInput, macAddressSchema, normaliseMac } from './mac-address';

const message = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('line username (docs/product/rules.md#line-username)', () => {
  it.each([
    ['', LINE_MESSAGES.required],
    ['abc12', LINE_MESSAGES.min6],
    ['Cliente1', LINE_MESSAGES.usernameCharset],
    ['cliente 1', LINE_MESSAGES.usernameCharset],
    ['cliente#1', LINE_MESSAGES.usernameCharset],
  ])('refuses %j', (value, expected) => expect(message(lineUsernameSchema, value)).toBe(expected));
  it('accepts lowercase letters, digits, @ and !', () =>
    expect(message(lineUsernameSchema, 'cli@nte!9')).toBeUndefined());
});

describe('line password (docs/product/rules.md#line-password)', () => {
  it.each([
    ['', LINE_MESSAGES.required],
    ['a1b2c', LINE_MESSAGES.min6],
    ['senha#19', LINE_MESSAGES.passwordCharset],
    ['xx123yy', LINE_MESSAGES.noSequences],
  ])('refuses %j', (value, expected) => expect(message(linePasswordSchema, value)).toBe(expected));
  it('needs a letter on create only', () => {
    expect(message(linePasswordSchema, '975319')).toBeUndefined();
    expect(message(newLinePasswordSchema, '975319')).toBe(LINE_MESSAGES.passwordNeedsLetter);
    expect(message(newLinePasswordSchema, 'Senh@!?9')).toBeUndefined();
  });
});

describe('random credentials', () => {
  it('are 8 to 10 characters, start with a letter and pass the rules', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % max;
    };
    for (let i = 0; i < 200; i++) {
      const value = randomCredential(random);
      expect(value).toMatch(/^[a-z][a-z0-9]{7,9}$/);
      expect(message(lineUsernameSchema, value)).toBeUndefined();
      expect(message(newLinePasswordSchema, value)).toBeUndefined();
    }
  });
});

describe('credentials suggested for a migrated login outside the rules (decision 0067)', () => {
  it.each([
    ['cliente_velho', 'clientevelho'],
    ['Cliente.Velho', 'clientevelho'],
    ['João Araújo', 'joaoaraujo'],
    ['c@sa!Nova', 'c@sa!nova'],
    ['Ana.B', 'anab01'],
    ['___', 'cliente'],
    ['x'.repeat(70).toUpperCase(), 'x'.repeat(64)],
  ])('username %j → %j, which the rules accept', (original, expected) => {
    expect(lineUsernameSuggestion(original)).toBe(expected);
    expect(message(lineUsernameSchema, expected)).toBeUndefined();
  });
  it('numbers the next attempts, within 64 characters and at least 6', () => {
    expect(lineUsernameSuggestion('cliente_velho', 1)).toBe('clientevelho2');
    expect(lineUsernameSuggestion('cliente_velho', 19)).toBe('clientevelho20');
    expect(lineUsernameSuggestion('Ana.B', 1)).toBe('anab02');
    expect(lineUsernameSuggestion('x'.repeat(70), 11)).toBe(`${'x'.repeat(62)}12`);
  });
  it('password: the close one when the rules of a new line accept it, else a random one', () => {
    const random = (max: number) => 5 % max;
    expect(linePasswordSuggestion('Senha.Velha#9', random)).toBe('SenhaVelha9');
    expect(linePasswordSuggestion('minha senha', random)).toBe('minhasenha');
    for (const original of ['ab.c', 'senha#123', '97.53.19', 'ção']) {
      const suggestion = linePasswordSuggestion(original, random);
      expect(suggestion).toBe(randomCredential(random));
      expect(message(newLinePasswordSchema, suggestion), original).toBeUndefined();
    }
  });
});

describe('MAC address (docs/product/rules.md#mac-address)', () => {
  it('formats the input as it is typed: lowercase hex, colons, 17 characters at most', () => {
    expect(formatMacInput('AA-BB-CC')).toBe('aa:bb:cc');
    expect(formatMacInput('aabbccddeeff0011')).toBe('aa:bb:cc:dd:ee:ff');
    expect(formatMacInput('zz:1g')).toBe('1');
  });
  it('accepts 12 hex digits with or without separators', () => {
    expect(normaliseMac('AA-BB-CC-DD-EE-FF')).toBe('aabbccddeeff');
    expect(macAddressSchema.parse('AA-BB-CC-DD-EE-FF')).toBe('aa:bb:cc:dd:ee:ff');
  });
  it('refuses anything else with the spec message', () => {
    expect(message(macAddressSchema, '')).toBe(LINE_MESSAGES.required);
    expect(message(macAddressSchema, 'aa:bb:cc:dd:ee')).toBe(LINE_MESSAGES.macInvalid);
    expect(message(macAddressSchema, 'gg:bb:cc:dd:ee:ff')).toBe(LINE_MESSAGES.macInvalid);
  });
});

describe('DreamTV credentials (docs/product/constants.md#lines)', () => {
  it('username dream_ + 8, password 10 starting with a letter, no ascending runs', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % max;
    };
    for (let round = 0; round < 200; round++) {
      const username = dreamTvUsername(random);
      const password = dreamTvPassword(random);
      expect(username).toMatch(/^dream_[a-z0-9]{8}$/);
      expect(password).toMatch(/^[a-z][a-z0-9]{9}$/);
      expect(hasAscendingSequence(username.slice(6))).toBe(false);
      expect(hasAscendingSequence(password)).toBe(false);
    }
  });
});
