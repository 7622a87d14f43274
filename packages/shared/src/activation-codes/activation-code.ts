/**
 * An activation code (decision 0145): twelve digits, the first never 0, shown in groups of four
 * ('4821 0937 5562'). Digits only, so a TV remote types it and no character can be misread (no O/0, l/1).
 * The code is the waiting line's username and password. Generated with a cryptographic random source:
 * 9 × 10¹¹ codes, so guessing one through the player's flood protection is hopeless.
 */
export const ACTIVATION_CODE_DIGITS = 12;
const GROUP = 4;
const CODE_PATTERN = /^[1-9]\d{11}$/;
/** Any 12 digits: the shape line usernames may not take (decision 0146), codes or not. */
const RESERVED_PATTERN = /^\d{12}$/;

/** A new code from `random(max)` (an integer in [0, max)); the server passes crypto.randomInt. */
export function generateActivationCode(random: (max: number) => number): string {
  let code = String(1 + random(9));
  while (code.length < ACTIVATION_CODE_DIGITS) code += String(random(10));
  return code;
}

/** '482109375562' → '4821 0937 5562'; anything else as it is. */
export function formatActivationCode(code: string): string {
  if (!CODE_PATTERN.test(code)) return code;
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += GROUP) groups.push(code.slice(start, start + GROUP));
  return groups.join(' ');
}

/**
 * What a person typed, as a code: the digits when the text is a code written with spaces, dots or
 * hyphens between them ('4821 0937-5562'); undefined for anything else.
 */
export function activationCodeOf(typed: string): string | undefined {
  const digits = typed.trim().replace(/[\s.-]/g, '');
  return CODE_PATTERN.test(digits) ? digits : undefined;
}

/** A username of this shape is kept for activation codes (decision 0146). */
export function isReservedForCodes(username: string): boolean {
  return RESERVED_PATTERN.test(username);
}

/**
 * The expiry a code's line holds while it waits for its first use (decision 0145): 31/12/9999 23:59:59
 * UTC, never reached, so a waiting code is never expired anywhere; the first use replaces it.
 */
export const WAITING_CODE_EXPIRY_SECONDS = 253_402_300_799;

/** Whether a line's expiry (unix seconds) is the waiting mark of an unused code. */
export function isWaitingExpiry(expSeconds: number): boolean {
  return expSeconds >= WAITING_CODE_EXPIRY_SECONDS;
}
