/** Texts of /admin/news (docs/product/screens.md#global-message) and the menu dialogs. */
export const NEWS_TEXTS = {
  title: 'Mensagem global',
  switchLabel: 'Exibir o aviso para todas as revendas',
  switchHint: 'O aviso abre uma vez, 3 segundos depois que o painel carrega.',
  message: 'Mensagem',
  preview: 'Pré-visualização',
  previewTitle: 'Aviso!',
  previewEmpty: 'A mensagem aparece aqui.',
  save: 'Salvar',
  bold: 'Negrito',
  italic: 'Itálico',
  textsTitle: 'Textos do menu',
  textsIntro:
    'O que as revendas leem no menu: o manual de instruções, as regras do servidor e as responsabilidades e proibições.',
  text: 'Texto',
  body: 'Conteúdo',
  edited: 'Editado',
  default: 'Padrão',
  restore: 'Restaurar padrão',
  restoreConfirm: (title: string) => `Restaurar o texto padrão de "${title}"? O texto editado será perdido.`,
} as const;
