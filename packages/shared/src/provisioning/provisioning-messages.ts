// Portuguese texts of the P2P and hybrid provisioning (server answers, panel and operator view).
export const PROVISIONING_MESSAGES = {
  p2pNotConfigured: 'Serviço P2P não configurado neste servidor: nenhuma alteração foi enviada.',
  hybridNotConfigured: 'Serviço Híbrido não configurado neste servidor: nenhuma alteração foi enviada.',
  systemInvalid: 'Serviço inválido',
} as const;

/**
 * The plain sentence shown wherever a change of a P2P or hybrid line cannot reach its service, so the
 * panel never pretends a change went out when no endpoint exists.
 */
export function notConfiguredMessage(system: 2 | 3): string {
  return system === 2 ? PROVISIONING_MESSAGES.p2pNotConfigured : PROVISIONING_MESSAGES.hybridNotConfigured;
}
