/** Texts of /admin/setup-messages (docs/product/screens.md#setup-messages). */
export const SETUP_TEMPLATE_TEXTS = {
  title: 'Mensagens de configuração',
  intro:
    'A mensagem que cada aplicativo envia ao cliente (WhatsApp, informações do usuário e criação). Os campos entre chaves são trocados pelos dados da linha.',
  app: 'Aplicativo',
  body: 'Mensagem',
  save: 'Salvar',
  restore: 'Restaurar padrão',
  restoreConfirm: (app: string) => `Restaurar a mensagem padrão de ${app}? O texto editado será perdido.`,
  edited: 'Editada',
  default: 'Padrão',
  placeholders: 'Campos disponíveis',
  empty: 'Nenhum aplicativo.',
} as const;
