import type { SetupApp } from './setup-apps';

const HEADER =
  '*Seus dados de acesso*\n\nUsuário: {usuario}\nSenha: {senha}\nVencimento: {vencimento}\nTelas: {telas}';
const FOOTER = '\n\nQualquer dúvida, estamos à disposição!';

/**
 * The message each app starts with and returns to on "restore the default" (decision 0050). Placeholders:
 * SETUP_PLACEHOLDERS. An admin's edit lives in `setup_message_templates` and replaces it.
 */
export const DEFAULT_SETUP_TEMPLATES: Record<SetupApp, string> = {
  DUPLEX:
    `${HEADER}\n\n*Duplex Play*\nNo site do Duplex Play, adicione uma playlist ao seu dispositivo com o link:\n{link_curto}` +
    FOOTER,
  ROKU: `${HEADER}\n\n*Roku*\nNo aplicativo da sua Roku, adicione a lista HLS:\n{link_curto}` + FOOTER,
  SSIPTV:
    `${HEADER}\n\n*SS IPTV*\nNas configurações do SS IPTV, em "Conteúdo", adicione a lista externa:\n{link_curto}` +
    FOOTER,
  STB: `${HEADER}\n\n*STB*\nNo seu aparelho, informe a lista M3U:\n{link_curto}` + FOOTER,
  SMARTERS:
    `${HEADER}\n\n*IPTV Smarters*\nEscolha "Login with Xtream Codes API" e informe:\nURL: {dns}\nUsuário: {usuario}\nSenha: {senha}` +
    FOOTER,
  XCIPTV:
    `${HEADER}\n\n*XCIPTV*\nEscolha "Xtream Codes" e informe:\nURL: {dns}\nUsuário: {usuario}\nSenha: {senha}` +
    FOOTER,
  P2P: `${HEADER}\n\n*P2P*\nNo aplicativo P2P, entre com o usuário e a senha acima.` + FOOTER,
  HYBRID:
    `${HEADER}\nMAC: {mac}\n\n*Híbrido*\nO aparelho com o MAC acima já está liberado. No MAG, Smart STB, STB Emulator ou no modo portal do TiviMate, informe o portal:\n{url_portal}\nOu a lista M3U:\n{link_curto}` +
    FOOTER,
  RENEWAL:
    '*Assinatura renovada*\n\nOlá {cliente}! Seu acesso foi renovado.\n\nUsuário: {usuario}\nSenha: {senha}\nVencimento: {vencimento}\nTelas: {telas}' +
    '\n\nObrigado pela preferência!',
};
