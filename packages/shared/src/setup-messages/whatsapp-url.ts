const BRAZIL = '55';

/**
 * The wa.me link that opens WhatsApp with `text` for `phone` (docs/product/screens.md#users). A phone
 * written with `+` or `00` already has its country code; otherwise a number of up to 11 digits (area code
 * and number) is Brazilian and gets 55. No digits at all: WhatsApp asks whom to send to.
 */
export function whatsAppUrl(phone: string, text: string): string {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  else if (digits && !trimmed.startsWith('+') && digits.length <= 11) digits = BRAZIL + digits;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
