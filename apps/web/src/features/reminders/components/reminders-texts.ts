import { REMINDER_MESSAGES } from '@panel/shared/reminders/reminders-api';

/** The 'Lembretes' screen's own labels (docs/product/screens.md#reminders); rule messages are in packages/shared. */
export const REMINDER_TEXTS = {
  ...REMINDER_MESSAGES,
  title: 'Lembretes',
  intro:
    'Clientes que vencem nos próximos dias e os que venceram ontem, cada um com a mensagem pronta para enviar no WhatsApp. Só aparecem os seus próprios clientes.',
  window: 'Janela',
  send: 'Enviar no WhatsApp',
  sendAgain: 'Enviar de novo',
  sentBadge: 'Enviado',
  expires: 'Vencimento',
  phone: 'Telefone',
  noPhoneShort: 'Sem telefone',
  templates: 'Modelos de mensagem',
  templatesTitle: 'Modelos de lembrete',
  templateWindow: 'Mensagem de',
  body: 'Mensagem',
  edited: 'Personalizada',
  default: 'Padrão',
  save: 'Salvar',
  restore: 'Restaurar padrão',
  restoreConfirm: (label: string) => `Restaurar a mensagem padrão de "${label}"?`,
  placeholders: 'Variáveis disponíveis',
  more: (shown: number, total: number) => `Mostrando ${shown} de ${total} clientes, os que vencem primeiro.`,
} as const;
