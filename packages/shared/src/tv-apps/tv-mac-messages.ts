// The MAC rules' texts of DreamTV and connect TV (docs/product/rules.md#dreamtv-mac), apart from the other
// TV app texts: the line schemas use them, and those load with the /users list (decision 0051).
export const TV_MAC_MESSAGES = {
  dreamTvMacRequired: 'MAC é obrigatório para conectar ao DreamTV',
  dreamTvMacFormat: 'Formato de MAC inválido. Use: XX:XX:XX:XX:XX:XX',
  connectTvMacRequired: 'O MAC address é obrigatório',
  connectTvMacFormat: 'O MAC address deve estar no formato XX:XX:XX:XX:XX:XX',
  // Not worded by the spec (decision 0051).
  iptvOnly: 'DreamTV e Conectar TV estão disponíveis apenas para usuários IPTV.',
} as const;
