/**
 * Log action and type codes of docs/product/constants.md#log-codes with their Portuguese labels, plus `add_days` and `expiry_2359`
 * (decision 0026: the P2P extension and the 23:59 change are not renewals), `line_moved` and `bulk` (decision 0154) and
 * `renewed_pix` (decision 0164), `credits_bought_pix` (decision 0185). The server stores the
 * codes; the panel shows the labels (GET /api/logs/options serves the same lists).
 */
export const LOG_ACTION_LABELS = {
  add: 'ADICIONAR',
  remove: 'REMOVER',
  created: 'CRIAÇÃO',
  block: 'BLOQUEAR',
  unblock: 'DESBLOQUEAR',
  delete: 'EXCLUIR',
  transfer_reseller: 'TRANSF. REVENDA',
  renewed: 'RENOVAÇÃO',
  renewed_calendar: 'RENOVAÇÃO CALENDÁRIO',
  // A renewal the line's customer paid by PIX (decision 0164): the reseller's credits, its own log code.
  renewed_pix: 'RENOVAÇÃO PAGA PELO CLIENTE (PIX)',
  add_days: 'ADICIONAR DIAS',
  expiry_2359: 'VENCIMENTO 23:59',
  update_screen: 'ALTERAR TELAS',
  update_username: 'ALTERAR USUÁRIO',
  update_password: 'ALTERAR SENHA',
  system_change: 'ALTERAR SERVIÇO',
  user_created: 'USUÁRIO CRIADO',
  cleanup: 'LIMPEZA',
  bonus: 'BÔNUS',
  disconnect: 'DESCONECTAR',
  release_device: 'LIBERAR APARELHO',
  portal_message: 'MENSAGEM AO APARELHO',
  two_factor_on: 'ATIVAR 2FA',
  two_factor_off: 'DESATIVAR 2FA',
  two_factor_reset: 'REDEFINIR 2FA',
  new_sign_in: 'NOVO ACESSO',
  // Activation codes (decisions 0145–0149): a batch bought, a code's first use, an unused code cancelled.
  codes_bought: 'CÓDIGOS COMPRADOS',
  code_activated: 'CÓDIGO ATIVADO',
  code_cancelled: 'CÓDIGO CANCELADO',
  line_moved: 'MOVER USUÁRIO',
  // Credits a reseller bought from its parent by PIX (decision 0185): one transfer naming the payment.
  credits_bought_pix: 'CRÉDITOS COMPRADOS (PIX)',
  bulk: 'AÇÃO EM MASSA',
} as const;
export type LogAction = keyof typeof LOG_ACTION_LABELS;
export const LOG_ACTIONS = Object.keys(LOG_ACTION_LABELS) as [LogAction, ...LogAction[]];

export const LOG_TYPE_LABELS = {
  credits: 'CRÉDITOS',
  resellers: 'REVENDAS',
  users: 'USUÁRIOS',
  test_users: 'TESTES',
  migration: 'MIGRAÇÃO',
  packages: 'PACOTES',
  reg_p2p: 'P2P',
  security: 'SEGURANÇA',
} as const;
export type LogType = keyof typeof LOG_TYPE_LABELS;
export const LOG_TYPES = Object.keys(LOG_TYPE_LABELS) as [LogType, ...LogType[]];

/** What /resellers/logs asks for (docs/product/screens.md#reseller-logs): credit moves and reseller creation. */
export const RESELLER_LOG_ACTIONS = ['add', 'remove', 'created'] as const satisfies readonly LogAction[];
export const RESELLER_LOG_TYPES = ['credits', 'resellers'] as const satisfies readonly LogType[];

/** Period presets of the /logs filter (docs/product/constants.md#log-codes). */
export const LOG_PERIOD_PRESETS = [
  'today',
  'yesterday',
  '7days',
  '30days',
  '6months',
  '12months',
  'custom',
] as const;
export const DEFAULT_LOG_PERIOD_MONTHS = 6;

export function isLogAction(value: string): value is LogAction {
  return Object.hasOwn(LOG_ACTION_LABELS, value);
}

export function isLogType(value: string): value is LogType {
  return Object.hasOwn(LOG_TYPE_LABELS, value);
}
