// The error catalogue of docs/product/messages.md#error-catalogue: one title and message per HTTP status, used by the server's error
// handler (so every rejection carries a Portuguese message) and by the web error mapper.

export const ERROR_TEXT = {
  400: { title: 'Dados Inválidos', message: 'Dados inválidos. Verifique as informações e tente novamente.' },
  401: {
    title: 'Não Autorizado',
    message: 'Sessão expirada ou credenciais inválidas. Faça login novamente.',
  },
  403: { title: 'Sem Permissão', message: 'Você não tem permissão para realizar esta ação.' },
  404: { title: 'Não Encontrado', message: 'Recurso não encontrado.' },
  409: { title: 'Conflito', message: 'Conflito de dados. Este registro pode já existir.' },
  422: { title: 'Erro de Validação', message: 'Dados enviados estão em formato incorreto.' },
  429: { title: 'Limite Excedido', message: 'Muitas tentativas. Aguarde um momento e tente novamente.' },
  500: { title: 'Erro no Servidor', message: 'Erro no servidor. Por favor, tente novamente mais tarde.' },
  502: {
    title: 'Erro no Servidor',
    message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  },
  503: {
    title: 'Erro no Servidor',
    message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  },
  504: {
    title: 'Erro no Servidor',
    message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  },
} as const satisfies Record<number, { title: string; message: string }>;

export const NETWORK_ERROR_TEXT = {
  title: 'Erro de Conexão',
  message: 'Erro de conexão. Verifique sua internet e tente novamente.',
} as const;

export const UNEXPECTED_ERROR_TEXT = {
  title: 'Erro',
  message: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
} as const;

export function otherStatusMessage(status: number): string {
  return `Erro ${status}. Por favor, tente novamente.`;
}

export type KnownErrorStatus = keyof typeof ERROR_TEXT;

export function errorTextFor(status: number): { title: string; message: string } {
  if (status in ERROR_TEXT) return ERROR_TEXT[status as KnownErrorStatus];
  return { title: `Erro ${status}`, message: otherStatusMessage(status) };
}
