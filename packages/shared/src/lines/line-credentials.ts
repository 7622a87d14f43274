import { z } from 'zod';
import { hasAscendingSequence } from '../auth/sequences';
import { ACTIVATION_CODE_MESSAGES } from '../activation-codes/activation-code-messages';
import { isReservedForCodes } from '../activation-codes/activation-code';
import { LINE_MESSAGES } from './line-messages';

/**
 * IPTV/P2P username (docs/product/rules.md#line-username): at least 6, lowercase letters, digits, @ and ! only;
 * never 12 digits, the shape of activation codes (decision 0146: a taken name must not reveal a code).
 */
export const lineUsernameSchema = z
  .string({ error: LINE_MESSAGES.required })
  .min(1, LINE_MESSAGES.required)
  .min(6, LINE_MESSAGES.min6)
  .max(64, LINE_MESSAGES.usernameCharset)
  .regex(/^[a-z0-9@!]+$/, LINE_MESSAGES.usernameCharset)
  .refine((value) => !isReservedForCodes(value), ACTIVATION_CODE_MESSAGES.reservedUsername);

/** Line password on edit: at least 6; letters, digits, @ ! ? only; no ascending sequences. */
export const linePasswordSchema = z
  .string({ error: LINE_MESSAGES.required })
  .min(1, LINE_MESSAGES.required)
  .min(6, LINE_MESSAGES.min6)
  .max(64, LINE_MESSAGES.passwordCharset)
  .regex(/^[A-Za-z0-9@!?]+$/, LINE_MESSAGES.passwordCharset)
  .refine((value) => !hasAscendingSequence(value), LINE_MESSAGES.noSequences);

/** On create the password must also contain a letter. */
export const newLinePasswordSchema = linePasswordSchema.refine(
  (value) => /[A-Za-z]/.test(value),
  LINE_MESSAGES.passwordNeedsLetter,
);

const USERNAME_MIN_LENGTH = 6;
const CREDENTIAL_MAX_LENGTH = 64;
/** The suggestion for a username with no usable character at all. */
const FALLBACK_USERNAME = 'cliente';

function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * A username close to `original` that the line rules accept (lineUsernameSchema), for a customer migrated
 * with a login this panel refuses (decision 0067): accents dropped, lower case, every character outside
 * a-z 0-9 @ ! removed, at most 64. `attempt` 0 is that name; 1, 2… add 2, 3… for when it is taken. A name
 * shorter than 6 is completed with the attempt's number, zero-padded ('ana' → 'ana001', 'ana002').
 */
export function lineUsernameSuggestion(original: string, attempt = 0): string {
  const base =
    withoutAccents(original)
      .toLowerCase()
      .replace(/[^a-z0-9@!]/g, '') || FALLBACK_USERNAME;
  if (base.length < USERNAME_MIN_LENGTH) {
    return base + String(attempt + 1).padStart(USERNAME_MIN_LENGTH - base.length, '0');
  }
  const number = attempt === 0 ? '' : String(attempt + 1);
  const name = base.slice(0, CREDENTIAL_MAX_LENGTH - number.length) + number;
  // Twelve digits are kept for activation codes (decision 0146).
  return isReservedForCodes(name) ? `${name}c` : name;
}

const LETTERS = 'abcdefghijkmnpqrstuvwxyz';
const ALPHANUMERIC = `${LETTERS}23456789`;

/**
 * Random credentials (docs/product/constants.md#lines): 8 to 10 characters starting with a letter. Generated values are
 * checked against the same rules and regenerated when they break one (e.g. an "abc" run).
 */
export function randomCredential(random: (max: number) => number): string {
  for (;;) {
    const length = 8 + random(3);
    let value = LETTERS[random(LETTERS.length)] ?? 'a';
    while (value.length < length) value += ALPHANUMERIC[random(ALPHANUMERIC.length)];
    if (!hasAscendingSequence(value) && /[a-z]/.test(value)) return value;
  }
}

/** The prefix of the username generated for a line created with a DreamTV MAC (docs/product/constants.md#lines). */
export const DREAMTV_USERNAME_PREFIX = 'dream_';
const DREAMTV_USERNAME_RANDOM = 8;
const DREAMTV_PASSWORD_LENGTH = 10;

function randomRun(random: (max: number) => number, length: number): string {
  let value = '';
  while (value.length < length) value += ALPHANUMERIC[random(ALPHANUMERIC.length)];
  return value;
}

/** `dream_` plus 8 random characters (docs/product/constants.md#lines); no ascending run in the random part. */
export function dreamTvUsername(random: (max: number) => number): string {
  for (;;) {
    const value = randomRun(random, DREAMTV_USERNAME_RANDOM);
    if (!hasAscendingSequence(value)) return `${DREAMTV_USERNAME_PREFIX}${value}`;
  }
}

/** The 10-character password of a DreamTV line: starts with a letter, no ascending sequence. */
export function dreamTvPassword(random: (max: number) => number): string {
  for (;;) {
    const value = (LETTERS[random(LETTERS.length)] ?? 'a') + randomRun(random, DREAMTV_PASSWORD_LENGTH - 1);
    if (!hasAscendingSequence(value)) return value;
  }
}

/**
 * A password close to `original` that the rules of a new line accept (newLinePasswordSchema), for a
 * customer migrated with a password this panel refuses (decision 0067): accents dropped, characters
 * outside letters, digits, @ ! ? removed, at most 64. When that still breaks a rule (shorter than 6, an
 * ascending run, no letter), a random password as a new line gets.
 */
export function linePasswordSuggestion(original: string, random: (max: number) => number): string {
  const close = withoutAccents(original)
    .replace(/[^A-Za-z0-9@!?]/g, '')
    .slice(0, CREDENTIAL_MAX_LENGTH);
  return newLinePasswordSchema.safeParse(close).success ? close : randomCredential(random);
}
