/** Texts of the setup messages block (docs/product/screens.md#users). */
export const SETUP_TEXTS = {
  section: 'Mensagem para o cliente',
  app: 'Aplicativo',
  message: 'Mensagem',
  copy: 'Copiar',
  send: 'Enviar no WhatsApp',
  phone: 'Telefone (WhatsApp)',
  phonePlaceholder: 'DDD + número, ex.: 11987654321',
  showQr: 'Mostrar QR Code',
  hideQr: 'Ocultar QR Code',
  qrHint: 'Aponte a câmera para abrir a lista no aparelho.',
  qrAlt: 'QR Code da lista',
  loading: 'Carregando mensagens…',
} as const;
