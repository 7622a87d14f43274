import { DOMAIN_EXAMPLE_HOST, DOMAIN_TOKEN_PATH } from '@panel/shared/domains/domains-api';

/**
 * Texts only the domains screen shows (docs/product/screens.md#domains). The form's rule messages and
 * the toasts are DOMAIN_MESSAGES in @panel/shared/domains/domains-api.
 */
export const DOMAIN_TEXTS = {
  title: 'Domínios',
  newDomain: 'Novo domínio',
  newDomainShort: 'Novo',
  empty: 'Nenhum domínio cadastrado',
  emptyHint: 'Cadastre um domínio próprio para gerar links curtos com ele.',
  domain: 'Domínio',
  nameserver1: 'Nameserver 1',
  nameserver2: 'Nameserver 2',
  reseller: 'Revenda',
  actions: 'Ações',
  notConfigured: 'Não configurado',
  verified: 'Verificado',
  pending: 'Pendente',
  isDefault: 'Padrão',
  verify: 'Verificar',
  setDefault: 'Definir como padrão',
  manage: 'Gerenciar',
  remove: 'Excluir',
  removeTitle: 'Excluir domínio',
  removeConfirm: (domain: string) =>
    `Deseja realmente excluir o domínio "${domain}"? Os links curtos deste domínio também serão excluídos.`,
  placeholder: DOMAIN_EXAMPLE_HOST,
  add: 'Adicionar',
  done: 'Concluir',
  manageTitle: (domain: string) => `Gerenciar domínio - ${domain}`,
  pointIntro: 'Aponte o domínio para o painel usando os nameservers abaixo:',
  nameserversMissing:
    'Os nameservers do painel não estão configurados. Peça ao administrador os dados de DNS ou use o arquivo de verificação.',
  fileIntro: (domain: string) =>
    `Ou publique o arquivo http://${domain}${DOMAIN_TOKEN_PATH} com o conteúdo abaixo:`,
  pendingHint:
    'O painel verifica os domínios pendentes periodicamente; use "Verificar" para verificar agora.',
  lastCheck: 'Última verificação',
  never: 'Nunca',
} as const;
