/** Success toasts of docs/product/messages.md#toasts for the resellers screens (title 'Sucesso', see lib/toasts). */
export const RESELLER_TOASTS = {
  created: 'Revendedor criado com sucesso!',
  updated: 'Revendedor atualizado com sucesso!',
  credits: 'Créditos atualizados com sucesso!',
} as const;

export const RESELLERS_TITLE = 'Revendedores';
export const NEW_RESELLER_LABEL = 'Novo revendedor';
export const EXPORT_RESELLERS_LABEL = 'Exportar CSV';
