/**
 * What the Stalker portal of hybrid lines says, to boxes and to resellers (docs/product/portal.md,
 * decisions 0113 to 0117). Written once: the server answers with them, the panel shows them.
 */
export const PORTAL_MESSAGES = {
  /** Why a box was refused at get_profile: another box than the line is locked to (decision 0114). */
  deviceMismatch: 'Aparelho diferente do registrado',
  /** What a box shows for a blocked, expired or unknown MAC (status 1). */
  notActive: 'Seu aparelho não está ativo',
  messageRequired: 'Escreva a mensagem',
  messageTooLong: 'Máximo de 300 caracteres',
  /** A portal action on a line that is not hybrid. */
  hybridOnly: 'O portal é só para usuários híbridos',
} as const;

export const PORTAL_LABELS = {
  section: 'Portal (MAG / STB)',
  url: 'URL do portal',
  mac: 'MAC',
  device: 'Aparelho',
  deviceFree: 'Nenhum aparelho registrado: o primeiro que entrar fica registrado',
  deviceBound: (model: string) => `Registrado: ${model}`,
  unknownModel: 'modelo não informado',
  releaseDevice: 'Liberar aparelho',
  released: 'Aparelho liberado: o próximo que entrar fica registrado',
  message: 'Mensagem para o aparelho',
  sendMessage: 'Enviar mensagem',
  messageSent: 'Mensagem enviada: aparece no aparelho na próxima verificação',
} as const;
