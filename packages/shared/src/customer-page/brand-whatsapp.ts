/**
 * A reseller's WhatsApp number on its customer page (decision 0178): Brazilian, written as people write it
 * ('(11) 98765-4321', '+55 11 98765-4321', '011 98765 4321'). Its digits with the country code ('5511987654321'),
 * or undefined when it is no Brazilian number (an area code of two digits, not starting with 0, and 8 or 9
 * digits). The link is `whatsAppUrl`'s (setup-messages/whatsapp-url.ts).
 */
export function brazilianWhatsapp(text: string): string | undefined {
  const trimmed = text.trim();
  if (/[^\d\s()+.-]/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || (digits.startsWith('55') && digits.length >= 12)) {
    if (!digits.startsWith('55')) return undefined;
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return /^[1-9][1-9]\d{8,9}$/.test(digits) ? `55${digits}` : undefined;
}
