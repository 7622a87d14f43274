/**
 * A PIX key as a reseller types it, in the form the BR Code carries (decision 0162): CPF or CNPJ as digits
 * (dots, dashes and slashes dropped; check digits verified), a mobile number as +55 and digits, an e-mail in
 * lower case, a random key (EVP) as a lower-case UUID. A bare number of 11 digits is a CPF: a phone key
 * must start with '+', as the Central Bank writes it.
 */
export type PixKeyKind = 'cpf' | 'cnpj' | 'phone' | 'email' | 'evp';

export interface PixKey {
  kind: PixKeyKind;
  key: string;
}

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PHONE = /^\+[1-9]\d{9,13}$/;
export const PIX_KEY_MAX = 77;

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function isCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

function isCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[12]) && second === Number(digits[13]);
}

/** The key in its BR Code form, or undefined when it is no PIX key. */
export function normalisePixKey(raw: string): PixKey | undefined {
  const text = raw.trim();
  if (text === '' || text.length > PIX_KEY_MAX) return undefined;
  const lower = text.toLowerCase();
  if (EVP.test(lower)) return { kind: 'evp', key: lower };
  if (text.includes('@')) return EMAIL.test(lower) ? { kind: 'email', key: lower } : undefined;
  if (text.startsWith('+')) {
    const phone = `+${text.slice(1).replace(/[\s().-]/g, '')}`;
    return PHONE.test(phone) ? { kind: 'phone', key: phone } : undefined;
  }
  const digits = text.replace(/[\s./-]/g, '');
  if (isCpf(digits)) return { kind: 'cpf', key: digits };
  if (isCnpj(digits)) return { kind: 'cnpj', key: digits };
  return undefined;
}
