import { fromCents } from '../money/credits';

/**
 * The BR Code of a static PIX charge (decision 0162): the EMV QRCPS-MPM payload the Central Bank's PIX
 * manual describes, read by every bank app as a QR code or as 'PIX copia e cola'. Fields, in order:
 * 00 format '01', 26 merchant account (00 GUI br.gov.bcb.pix, 01 the key), 52 category '0000',
 * 53 currency 986 (real), 54 amount, 58 country BR, 59 name, 60 city, 62 additional data (05 txid),
 * 63 CRC16-CCITT-FALSE of everything before it, '6304' included.
 */

const PIX_GUI = 'br.gov.bcb.pix';
export const PIX_MERCHANT_NAME_MAX = 25;
export const PIX_MERCHANT_CITY_MAX = 15;
export const PIX_TXID_MAX = 25;

/** One EMV field: id, two-digit length, value. Every value here is ASCII, so characters are bytes. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor; 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index++) {
    const byte = text.charCodeAt(index);
    // A BR Code is ASCII (pixText and the key rules see to it): a character is a byte.
    if (byte > 0x7f) throw new RangeError('A BR Code is ASCII only');
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A name or city as the payload may carry it: no accents (bank apps show them as garbage), only letters,
 * digits, spaces and a few marks, cut to `max` characters.
 */
export function pixText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,&'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export interface PixBrCodeInput {
  /** A normalised PIX key (normalisePixKey). */
  key: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** Letters and digits, up to 25: the payment's reference, so the statement names it. */
  txid: string;
}

export function buildPixBrCode(input: PixBrCodeInput): string {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError(`A PIX charge needs a positive amount, got ${input.amountCents}`);
  }
  if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new RangeError(`Not a PIX txid: ${input.txid}`);
  const name = pixText(input.merchantName, PIX_MERCHANT_NAME_MAX);
  const city = pixText(input.merchantCity, PIX_MERCHANT_CITY_MAX);
  if (!name || !city) throw new RangeError('A PIX charge needs the receiver’s name and city');
  const payload =
    field('00', '01') +
    field('26', field('00', PIX_GUI) + field('01', input.key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', fromCents(input.amountCents)) +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', input.txid)) +
    '6304';
  return payload + crc16CcittFalse(payload);
}
