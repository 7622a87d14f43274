import { z } from 'zod';
import { TV_MAC_MESSAGES } from './tv-mac-messages';

const MAC_PATTERN = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

/** The length of a MAC written XX:XX:XX:XX:XX:XX. */
export const TV_MAC_LENGTH = 17;

/**
 * The MAC of a DreamTV device (docs/product/rules.md#dreamtv-mac): required, XX:XX:XX:XX:XX:XX. Compared
 * and stored uppercased, so "aa:bb…" and "AA:BB…" are one device.
 */
export const dreamTvMacSchema = z
  .string({ error: TV_MAC_MESSAGES.dreamTvMacRequired })
  .trim()
  .min(1, TV_MAC_MESSAGES.dreamTvMacRequired)
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(MAC_PATTERN, TV_MAC_MESSAGES.dreamTvMacFormat));

/**
 * The MAC of a TV for connect TV (docs/product/rules.md#dreamtv-mac): required, at least 17 characters,
 * uppercased; anything but XX:XX:XX:XX:XX:XX gets the format message too.
 */
export const connectTvMacSchema = z
  .string({ error: TV_MAC_MESSAGES.connectTvMacRequired })
  .trim()
  .min(1, TV_MAC_MESSAGES.connectTvMacRequired)
  .min(TV_MAC_LENGTH, TV_MAC_MESSAGES.connectTvMacFormat)
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(MAC_PATTERN, TV_MAC_MESSAGES.connectTvMacFormat));

/** What a MAC input keeps of what is typed: hex digits and ':' uppercased, at most 17 characters. */
export function typedTvMac(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^0-9A-F:]/g, '')
    .slice(0, TV_MAC_LENGTH);
}
