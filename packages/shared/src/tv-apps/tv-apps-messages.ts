// Portuguese texts of DreamTV and connect TV (docs/product/rules.md#dreamtv-mac, docs/product/messages.md).
export const TV_APPS_MESSAGES = {
  dreamTvMacRequired: 'MAC é obrigatório para conectar ao DreamTV',
  dreamTvMacFormat: 'Formato de MAC inválido. Use: XX:XX:XX:XX:XX:XX',
  dreamTvMacAlert: 'Digite um MAC válido para conectar ao DreamTV',
  connectTvMacRequired: 'O MAC address é obrigatório',
  connectTvMacFormat: 'O MAC address deve estar no formato XX:XX:XX:XX:XX:XX',
  createLineFirstTitle: 'Erro!',
  createLineFirst: 'Você precisa criar um usuário primeiro.',
  // Not worded by the spec (decision 0051): plain sentences in the panel's tone.
  iptvOnly: 'DreamTV e Conectar TV estão disponíveis apenas para usuários IPTV.',
  dreamTvAlreadyConnected: 'Este usuário já tem uma playlist no DreamTV.',
  dreamTvNotConnected: 'Este usuário não tem playlist no DreamTV.',
  dreamTvNotConfigured: 'O DreamTV não está configurado neste painel.',
  connectTvNotConfigured: 'O serviço Conectar TV não está configurado neste painel.',
  dreamTvFailed: 'O DreamTV não respondeu como esperado. Tente novamente em instantes.',
  connectTvFailed: 'O serviço Conectar TV não respondeu como esperado. Tente novamente em instantes.',
  dreamTvConnected: 'Playlist adicionada ao DreamTV.',
  dreamTvUpdated: 'MAC do DreamTV atualizado.',
  dreamTvRemoved: 'Playlist removida do DreamTV.',
  connectTvSent: 'Playlist enviada para a TV.',
} as const;
