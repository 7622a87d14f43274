import { z } from 'zod';

/**
 * Credits are money (docs/product/costs.md#credits-are-money): exact two-decimal values. On the wire they are decimal strings
 * ("1234.50"); in code they are integer hundredths, never binary floating point.
 */
export const creditsStringSchema = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

export function toCents(credits: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(credits.trim());
  if (!match) throw new RangeError(`Not a credit amount: ${credits}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** pt-BR display with two decimals: "1234.5" → "1.234,50". */
export function formatCredits(credits: string): string {
  const cents = toCents(credits);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(absolute % 100).padStart(2, '0')}`;
}
