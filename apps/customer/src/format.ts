/** Reais from the API's exact decimal string ('1234.5' → 'R$ 1.234,50'), without floating point. */
export function formatReais(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const thousands = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${thousands},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatTime = (iso: string) => time.format(new Date(iso));

/** WCAG's relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const DARK_TEXT = '#1a1b1e';

/**
 * The reseller's colour as CSS variables when it is one ('#rrggbb'); else the stylesheet's defaults stay.
 * A reseller may pick a light colour (yellow, pale green): white text on it, or it as text on the white
 * page, would not be read, so `--on-brand` (text on the colour) and `--brand-ink` (the colour as text)
 * turn dark whenever white would contrast less than 3:1 (WCAG's floor for bold text and controls, which is
 * what the colour carries; the panel's own blue is about 4:1).
 */
export function brandStyle(color: string | undefined): Record<string, string> {
  if (!color || !/^#[0-9a-fA-F]{6}$/.test(color)) return {};
  const readableOnWhite = 1.05 / (luminance(color) + 0.05) >= 3;
  return {
    '--brand': color,
    '--on-brand': readableOnWhite ? '#fff' : DARK_TEXT,
    '--brand-ink': readableOnWhite ? color : DARK_TEXT,
  };
}
