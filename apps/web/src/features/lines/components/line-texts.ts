/**
 * Texts of the /users screen that only the panel shows (docs/product/screens.md#users, docs/product/messages.md#toasts). Rules and the server's refusals
 * live in `@panel/shared/lines/line-messages`; these are the toasts and labels around them.
 */

/** Success toasts of docs/product/messages.md#toasts (title 'Sucesso', 6000 ms, `showSuccessToast`). */
export const LINE_TOASTS = {
  renewed: 'Usuário renovado com sucesso',
  blocked: 'Usuário bloqueado com sucesso',
  unblocked: 'Usuário desbloqueado com sucesso',
  deleted: 'Usuário removido com sucesso',
  resynced: 'Usuário sincronizado com sucesso',
  edited: 'Usuário editado com sucesso',
  expiryChanged: 'Vencimento alterado',
  daysAdded: 'Dias adicionados com sucesso',
  screensUpdated: 'Telas atualizadas com sucesso',
  serviceChanged: 'Serviço alterado com sucesso',
} as const;

/** The small toasts of docs/product/messages.md#toasts (`showSmallToast`: compact, 6 s, progress bar). */
export const LINE_SMALL_TOASTS = {
  created: 'Novo usuário criado',
  trialCreated: 'Teste criado',
} as const;

export const USERS_TITLE = 'Usuários';
export const NEW_USER_LABEL = 'Novo Usuário';
export const CLEANUP_LABEL = 'Limpeza';

/**
 * Renewing a trial converts it into a paid line (decision 0027): the dialogs say so and ask for it
 * explicitly before the request carries `convert_trial`.
 */
export const TRIAL_CONVERSION_TEXTS = {
  title: 'Converter teste em usuário pago',
  confirm: 'Converter e renovar',
  month: 'é um teste. Renovar por 1 mês o converte em usuário pago, no pacote Completo 1 mês.',
  package: 'Este usuário é um teste. Renovar o converte em usuário pago, no pacote escolhido.',
} as const;

/** Price labels shown before a paid action is confirmed. */
export const PRICE_TEXTS = {
  free: 'Grátis',
  adminFree: 'Grátis (admin)',
  trialFree: 'Grátis (teste)',
} as const;

/** Cleanup failures (docs/product/messages.md#line-messages): the server's message, else this; no answer at all: the second. */
export const CLEANUP_ERRORS = {
  failed: 'Erro ao remover usuários',
  unreachable: 'Erro ao conectar com o servidor',
} as const;
