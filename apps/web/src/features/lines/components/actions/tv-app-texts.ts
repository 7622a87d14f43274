/** Words of the DreamTV and connect-TV dialogs (docs/product/rules.md#dreamtv-mac, decision 0051). */
export const TV_APP_TEXTS = {
  dreamTvTitle: 'Playlist DreamTV',
  connectTvTitle: 'Conectar TV',
  connect: 'Conectar',
  changeMac: 'Alterar MAC',
  disconnect: 'Desconectar',
  send: 'Enviar para a TV',
  connected: 'Conectado ao DreamTV',
  notConnected: 'Este usuário ainda não tem playlist no DreamTV.',
  device: 'Dispositivo',
  playlist: 'Playlist',
  sentTo: 'Playlist enviada para a TV de MAC',
  connectTvHelp: 'Informe o MAC address da TV para enviar a playlist deste usuário.',
} as const;
