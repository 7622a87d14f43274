/** Texts of /catalog/garbage (docs/product/screens.md#content-removal). */
export const REMOVAL_TEXTS = {
  id: 'ID',
  title: 'Título',
  type: 'Tipo',
  requestedAt: 'Solicitado em',
  updatedAt: 'Atualizado em',
  reseller: 'Revenda',
  status: 'Status',
  actions: 'Ações',
  all: 'Todos',
  confirmTitle: 'Excluir permanentemente',
} as const;
