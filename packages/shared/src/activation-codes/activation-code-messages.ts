// Portuguese texts of activation codes (docs/product/messages.md#where-the-texts-live; decisions 0145–0149).
export const ACTIVATION_CODE_MESSAGES = {
  quantityRange: 'Informe uma quantidade de 1 a 500 códigos.',
  screensRange: 'Informe de 1 a 100 telas.',
  /** Manage screens is not for trials or P2P lines (docs/product/rules.md#line-actions): neither are their codes. */
  oneScreenOnly: 'Códigos de teste e P2P têm 1 tela.',
  systemInvalid: 'Códigos de ativação são para IPTV ou P2P.',
  noteMax: 'Máximo de 200 caracteres',
  batchNotFound: 'Lote não encontrado.',
  codeNotFound: 'Código não encontrado.',
  /** 409: the code was used or cancelled before (a cancel refunds once). */
  notCancellable: 'Este código já foi usado ou cancelado.',
  /** 409: the batch's owner was deleted; its credits went back to its master then. */
  ownerDeleted: 'Códigos de uma revenda excluída não podem ser cancelados.',
  /** A line's username of 12 digits (decision 0146). */
  reservedUsername: 'Nomes de usuário de 12 números são reservados aos códigos de ativação.',
  bought: 'Códigos criados com sucesso',
  cancelled: 'Código cancelado',
  copied: 'Copiado para a área de transferência!',
  empty: 'Nenhum lote de códigos',
  noCodes: 'Nenhum código encontrado',
} as const;
