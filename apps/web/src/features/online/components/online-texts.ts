/**
 * Texts only the online screens show (docs/product/screens.md#online-users). The toast and the refusals
 * are CONNECTION_MESSAGES in @panel/shared/connections/online-api.
 */
export const ONLINE_TEXTS = {
  iptvTitle: 'Usuários online IPTV',
  p2pTitle: 'Usuários online P2P',
  search: 'Busca...',
  user: 'Usuário',
  master: 'Master',
  divergence: 'Divergência',
  trial: 'Teste',
  trialYes: 'Sim',
  trialNo: 'Não',
  country: 'País',
  // The spec's 'user agent', in Portuguese (decision 0073).
  userAgent: 'Agente de usuário',
  watching: 'Assistindo',
  start: 'Início',
  actions: 'Ações',
  disconnect: 'Desconectar',
  channel: 'Canal',
  duration: 'Duração',
  externalIp: 'IP Externo',
  player: 'Player',
} as const;
