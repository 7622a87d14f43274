import { LINE_ACTION_LABELS } from '@panel/shared/lines/line-action-labels';
import { formatCredits } from '@panel/shared/money/credits';

/**
 * Labels of the row-action modals that only the panel shows. Rules and the server's refusals are in
 * `@panel/shared/lines/line-messages`; the success toasts and 'Grátis (admin)' in `../line-texts`.
 */
export const ACTION_TITLES = {
  renewByPackage: LINE_ACTION_LABELS['renew-package'],
  renewByCalendar: LINE_ACTION_LABELS['renew-calendar'],
  addDays: LINE_ACTION_LABELS['add-days'],
  edit: 'Editar usuário',
  screens: LINE_ACTION_LABELS['manage-screens'],
  changeService: LINE_ACTION_LABELS['change-service'],
  hybridTransfer: LINE_ACTION_LABELS['hybrid-transfer'],
} as const;

/** 'Custo: 12,50 créditos' from a two-decimal credit string. */
export function costText(credits: string): string {
  return `Custo: ${formatCredits(credits)} créditos`;
}

/** What the server really charged, shown after success when it differs from the preview. */
export function chargedText(credits: string): string {
  return `Cobrado: ${formatCredits(credits)} créditos`;
}

export const ACTION_TEXTS = {
  /** Removing screens costs nothing and refunds nothing (docs/product/costs.md#screens). */
  noCost: 'sem custo',
  chargedDiffers: 'O valor cobrado foi calculado pelo servidor no momento da ação e difere da prévia.',
  balanceAfter: (credits: string) => `Saldo atual: ${formatCredits(credits)} créditos`,
  confirm: 'Confirmar',
  save: 'Salvar',
  currentExpiry: 'Vencimento atual',
  newExpiry: 'Novo vencimento',
  addDaysLabel: 'Dias (até 3 dias)',
  addDaysDescription: 'Extensão de 1 a 3 dias para usuários P2P',
  daysOption: (days: number) => (days === 1 ? '1 dia' : `${days} dias`),
  packageLabel: 'Pacote',
  packagePlaceholder: 'Selecione…',
  screens: 'Telas',
  screensCurrent: 'Telas atuais',
  screensChange: 'Alterar telas',
  screensChangeDescription: 'Valores positivos adicionam, negativos removem',
  screensTotal: 'Novo total',
  calendarLabel: 'Nova data de vencimento',
  calendarDescription: (min: string, max: string) => `Entre ${min} e ${max} (vence às 23:59)`,
  calendarDays: (days: number) => (days === 1 ? '1 dia' : `${days} dias`),
  serviceLabel: 'Serviço',
  serviceCurrent: (label: string) => `Serviço atual: ${label}`,
  hybridTransferSuggestion:
    'Para mudar este usuário para o sistema Híbrido, informe um MAC Address na transferência para o sistema Híbrido.',
  hybridWarningTitle: 'Atenção: ação irreversível',
  hybridWarning:
    'A transferência para o sistema Híbrido é irreversível: o usuário não poderá voltar para IPTV ou P2P, e o usuário e a senha do cliente serão trocados por novos. Os dados de acesso atuais deixam de funcionar.',
  hybridTransferSubmit: 'Transferir',
  newCredentialsTitle: 'Novos dados de acesso',
  newCredentialsHint: 'Envie os novos dados ao cliente: os anteriores deixaram de funcionar.',
  username: 'Usuário',
  password: 'Senha',
  fullName: 'Nome do cliente',
  fullNameOptional: 'Nome do cliente (opcional)',
  mac: 'MAC Address',
  macPlaceholder: 'xx:xx:xx:xx:xx:xx',
  macChecking: 'Verificando MAC…',
  macFree: 'MAC disponível',
  notes: 'Nota',
  phone: 'Telefone',
  bouquets: 'Bouquets',
  copy: (what: string) => `Copiar ${what}`,
} as const;
