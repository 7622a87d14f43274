import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const SHORT_LINK_CODE_LENGTH = 7;

/**
 * A code can never be a panel page's path: panel paths are lowercase letters and dashes, a code always
 * holds an uppercase letter or a digit (decision 0049), so a reseller's domain can also serve the panel.
 */
const CODE_SHAPE = /^[A-Za-z0-9]{7}$/;
const NOT_A_PAGE = /[A-Z0-9]/;

export function isShortLinkCode(text: string): boolean {
  return CODE_SHAPE.test(text) && NOT_A_PAGE.test(text);
}

/** A random 7-character base62 code (62^7 ≈ 3.5 × 10^12 codes), drawn again until it is a valid code. */
export function newShortLinkCode(): string {
  for (;;) {
    let code = '';
    for (let index = 0; index < SHORT_LINK_CODE_LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
    if (isShortLinkCode(code)) return code;
  }
}
