import { z } from 'zod';
import { LINE_MESSAGES } from './line-messages';

export const MAC_INPUT_MAX = 17;

/** What the MAC input shows while typing: lowercase hex only, grouped as xx:xx:…, at most 17 characters. */
export function formatMacInput(raw: string): string {
  const hex = raw
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '')
    .slice(0, 12);
  return (hex.match(/.{1,2}/g) ?? []).join(':').slice(0, MAC_INPUT_MAX);
}

/** The 12 hex digits of a MAC once ':' and '-' are removed, or null when it is not one. */
export function normaliseMac(raw: string): string | null {
  const hex = raw.replace(/[:-]/g, '').toLowerCase();
  return /^[0-9a-f]{12}$/.test(hex) ? hex : null;
}

/** Stored and shown form: aa:bb:cc:dd:ee:ff. */
export const macAddressSchema = z
  .string({ error: LINE_MESSAGES.required })
  .trim()
  .min(1, LINE_MESSAGES.required)
  .refine((value) => normaliseMac(value) !== null, LINE_MESSAGES.macInvalid)
  .transform((value) => formatMacInput(normaliseMac(value) ?? ''));
