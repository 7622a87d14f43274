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

/** The reseller's colour as a CSS variable when it is one ('#rrggbb'); else the stylesheet's default stays. */
export function brandStyle(color: string | undefined): Record<string, string> {
  return color && /^#[0-9a-fA-F]{6}$/.test(color) ? { '--brand': color } : {};
}
