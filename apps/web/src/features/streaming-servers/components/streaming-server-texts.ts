/**
 * Texts only the streaming-servers screen shows (decision 0045). The rules' messages and the server's
 * refusals are STREAMING_SERVER_MESSAGES in @panel/shared/connections/streaming-servers-api.
 */
export const STREAMING_SERVER_TEXTS = {
  title: 'Servidores de Streaming',
  intro:
    'Servidores de borda e o serviço P2P que enviam conexões, sessões e visualizações ao painel pela API de ingestão. Cada um usa o próprio token.',
  newServer: 'Novo servidor',
  empty: 'Nenhum servidor cadastrado',
  emptyHint: 'Cadastre um servidor para gerar o token que ele usará na API de ingestão.',
  name: 'Nome',
  token: 'Token',
  controlUrl: 'URL de controle',
  controlUrlHint: 'Opcional: para onde o painel envia comandos assinados (desconectar uma conexão).',
  createdAt: 'Criado em',
  lastSeen: 'Último contato',
  status: 'Status',
  actions: 'Ações',
  never: 'Nunca',
  none: '—',
  revoke: 'Revogar',
  revokeTitle: 'Revogar token',
  revokeConfirm: (name: string) =>
    `Deseja realmente revogar o token do servidor "${name}"? Ele deixará de ser aceito imediatamente e não poderá ser reativado.`,
  create: 'Criar',
  tokenTitle: 'Token do servidor',
  copy: 'Copiar',
  copied: 'Copiado',
  done: 'Concluir',
} as const;
