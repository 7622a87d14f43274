import type { ReminderWindow } from './reminder-windows';

/**
 * The placeholders a reminder may hold: the setup messages' line fields (decision 0050) plus the customer
 * page and the days left, filled by the setup messages' renderer (decision 0172).
 */
export const REMINDER_PLACEHOLDERS = {
  cliente: 'Nome do cliente (o usuário, quando não há nome)',
  usuario: 'Usuário da linha',
  senha: 'Senha da linha',
  vencimento: 'Vencimento (dd/mm/aaaa hh:mm, horário de Brasília)',
  telas: 'Número de telas',
  mac: 'MAC do aparelho',
  dias: 'Dias até o vencimento (0 quando já venceu)',
  link_cliente: 'Página do cliente (domínio verificado da revenda, ou o painel + /cliente)',
} as const;
export type ReminderPlaceholder = keyof typeof REMINDER_PLACEHOLDERS;
export type ReminderValues = Record<ReminderPlaceholder, string>;

export const DEFAULT_REMINDER_TEMPLATES: Record<ReminderWindow, string> = {
  '7': 'Olá {cliente}! Seu acesso ({usuario}) vence em {dias} dias, em {vencimento}. Renove com antecedência e continue assistindo sem interrupções: {link_cliente}',
  '3': 'Olá {cliente}! Faltam {dias} dias para o seu acesso ({usuario}) vencer, em {vencimento}. Renove agora: {link_cliente}',
  '1': 'Olá {cliente}! Seu acesso ({usuario}) vence amanhã, em {vencimento}. Renove hoje para não ficar sem sinal: {link_cliente}',
  expired:
    'Olá {cliente}! Seu acesso ({usuario}) venceu em {vencimento}. Renove para voltar a assistir: {link_cliente}',
};
