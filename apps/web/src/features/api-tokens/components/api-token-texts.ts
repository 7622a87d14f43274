/**
 * Texts only the profile's 'API' section shows (decision 0137). The rules' messages and the server's
 * refusals are API_TOKEN_MESSAGES in @panel/shared/api-tokens/api-tokens-api.
 */
export const API_TOKEN_TEXTS = {
  title: 'API',
  intro:
    'Tokens para seus robôs e sistemas de cobrança chamarem a API do painel em seu nome, com as permissões que você escolher. Envie o token no cabeçalho Authorization: Bearer. A documentação da API fica em /api/docs.',
  newToken: 'Novo token',
  mine: 'Meus tokens',
  everyone: 'Todos os tokens',
  empty: 'Nenhum token criado',
  emptyHint: 'Crie um token para integrar um robô ou sistema de cobrança ao painel.',
  name: 'Nome',
  owner: 'Dono',
  scopes: 'Permissões',
  expiresAt: 'Validade',
  lastUsed: 'Último uso',
  status: 'Status',
  actions: 'Ações',
  never: 'Nunca',
  noExpiry: 'Sem validade',
  addresses: 'Endereços permitidos',
  addressesHint:
    'Opcional: um IP ou faixa CIDR por linha (ex.: 203.0.113.7 ou 203.0.113.0/24). Vazio: qualquer endereço.',
  validity: 'Validade',
  revoke: 'Revogar',
  revokeTitle: 'Revogar token',
  revokeConfirm: (name: string) =>
    `Deseja realmente revogar o token "${name}"? Ele deixará de ser aceito imediatamente e não poderá ser reativado.`,
  create: 'Criar',
  tokenTitle: 'Token criado',
  copy: 'Copiar',
  copied: 'Copiado',
  done: 'Concluir',
} as const;
