// Portuguese texts of DreamTV and connect TV (docs/product/rules.md#dreamtv-mac, docs/product/messages.md).
import { TV_MAC_MESSAGES } from './tv-mac-messages';

export const TV_APPS_MESSAGES = {
  ...TV_MAC_MESSAGES,
  dreamTvMacAlert: 'Digite um MAC válido para conectar ao DreamTV',
  createLineFirstTitle: 'Erro!',
  createLineFirst: 'Você precisa criar um usuário primeiro.',
  // Not worded by the spec (decision 0051): plain sentences in the panel's tone.
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
