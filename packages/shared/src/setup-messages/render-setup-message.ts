/**
 * The placeholders a setup message may hold (decision 0050), with what each becomes. Shown to the admin
 * beside the template editor.
 */
export const SETUP_PLACEHOLDERS = {
  usuario: 'Usuário da linha',
  senha: 'Senha da linha',
  vencimento: 'Vencimento (dd/mm/aaaa hh:mm, horário de Brasília)',
  telas: 'Número de telas',
  cliente: 'Nome do cliente',
  mac: 'MAC do aparelho',
  dns: 'Endereço do servidor (Xtream)',
  url_m3u: 'Lista M3U',
  url_m3u_plus: 'Lista M3U Plus',
  url_hls: 'Lista HLS',
  url_epg: 'Guia (EPG)',
  url_portal: 'Portal para MAG e aplicativos de portal (endereço /c/)',
  link_curto: 'Link curto mais recente do tipo do aplicativo, ou a lista quando não há',
} as const;
export type SetupPlaceholder = keyof typeof SETUP_PLACEHOLDERS;
export type SetupValues = Record<SetupPlaceholder, string>;

/**
 * Fills `{name}` with its value. Unknown names stay as written, so a typo is visible in the message
 * instead of vanishing. Plain text in, plain text out: values are never parsed (no HTML, no nesting).
 * The one renderer of the panel's message templates: setup messages and reminders (decision 0172).
 */
export function renderSetupMessage<Name extends string = SetupPlaceholder>(
  template: string,
  values: Readonly<Record<Name, string>>,
): string {
  return template.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as Name] : whole,
  );
}
