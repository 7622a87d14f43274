// Portuguese texts of the actions on many lines at once (docs/product/messages.md#bulk-messages).
import { BULK_LINE_LIMIT } from './bulk-limits';

export const BULK_MESSAGES = {
  emptySelection: 'Selecione pelo menos um usuário.',
  tooMany: `Selecione no máximo ${BULK_LINE_LIMIT.toLocaleString('pt-BR')} usuários por ação.`,
  actionInvalid: 'Ação inválida',
  cancelled: 'Ação interrompida antes deste usuário.',
} as const;
