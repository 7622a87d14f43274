/**
 * The row actions of a customer line, in menu order ('remove' last), and their labels as the panel shows them
 * (docs/product/screens.md#users-row-actions). Written once: /users' row menu, its dialogs' titles and the
 * dashboard's renewal buttons all read these.
 */
export const LINE_ACTIONS = [
  'edit',
  'user-info',
  'short-links',
  'whatsapp',
  'dreamtv',
  'connect-tv',
  'renew-month',
  'renew-package',
  'renew-calendar',
  'pix-charge',
  'add-days',
  'expiry-2359',
  'manage-screens',
  'block',
  'unblock',
  'resync-p2p',
  'resync-hybrid',
  'change-service',
  'hybrid-transfer',
  'remove',
] as const;
export type LineAction = (typeof LINE_ACTIONS)[number];

export const LINE_ACTION_LABELS: Record<LineAction, string> = {
  edit: 'Editar',
  'user-info': 'Informações do usuário',
  'short-links': 'Links curtos',
  whatsapp: 'Mensagem WhatsApp',
  dreamtv: 'Playlist DreamTV',
  'connect-tv': 'Conectar TV',
  'renew-month': 'Renovar 1 mês',
  'renew-package': 'Renovar por pacote',
  'renew-calendar': 'Renovar por calendário',
  // The customer pays its renewal by PIX to the reseller (decision 0160).
  'pix-charge': 'Cobrar por PIX',
  'add-days': 'Adicionar dias',
  'expiry-2359': 'Vencimento às 23:59',
  'manage-screens': 'Gerenciar telas',
  block: 'Bloquear',
  unblock: 'Desbloquear',
  'resync-p2p': 'Sincronizar P2P',
  'resync-hybrid': 'Sincronizar Híbrido',
  'change-service': 'Alterar serviço',
  'hybrid-transfer': 'Transferência para sistema Híbrido',
  remove: 'Remover',
};
