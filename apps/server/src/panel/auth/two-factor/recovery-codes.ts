import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@panel/shared/auth/two-factor';

// No 0/o, 1/l/i: a code is read from paper. 31 symbols, 10 of them: about 49 bits per code.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Fresh recovery codes as shown once ('abcde-fghjk'), all different. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** What is stored of a code: the SHA-256 of its normalised form (no dash, lower case). */
export function hashRecoveryCode(normalisedCode: string): string {
  return createHash('sha256').update(normalisedCode.replace(/-/g, '')).digest('hex');
}
