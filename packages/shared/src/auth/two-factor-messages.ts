// Portuguese texts of two-factor sign-in and of the sessions list (decisions 0130 to 0135; docs/product/roles.md#two-factor-sign-in).
export const TWO_FACTOR_MESSAGES = {
  codeInvalid: 'Código inválido. Confira o código do aplicativo autenticador e tente novamente.',
  codeFormat: 'Informe o código de 6 dígitos do aplicativo ou um código de recuperação.',
  enrolCodeFormat: 'Informe o código de 6 dígitos exibido no aplicativo.',
  ticketExpired: 'A verificação expirou. Entre com sua senha novamente.',
  setupRequired:
    'O administrador exige a verificação em duas etapas. Ative-a no seu perfil para continuar usando o painel.',
  setupNotStarted: 'Gere um novo QR code e tente novamente.',
  alreadyEnabled: 'A verificação em duas etapas já está ativa.',
  notEnabled: 'A verificação em duas etapas não está ativa nesta conta.',
  requiredCannotDisable: 'O administrador exige a verificação em duas etapas: ela não pode ser desativada.',
  passwordWrong: 'Senha incorreta.',
  enabled: 'Verificação em duas etapas ativada.',
  disabled: 'Verificação em duas etapas desativada.',
  resetDone: 'Verificação em duas etapas redefinida. A revenda fará uma nova configuração.',
  /** Shown once, at the first sign-in after an admin reset the account's two-factor sign-in. */
  resetNotice:
    'O administrador redefiniu a verificação em duas etapas da sua conta. Configure-a novamente no seu perfil.',
  recoveryCodesHint:
    'Guarde estes códigos em lugar seguro. Cada um entra uma única vez no lugar do código do aplicativo; eles não serão exibidos novamente.',
} as const;

export const SESSION_LIST_MESSAGES = {
  unknownDevice: 'Dispositivo desconhecido',
  /** How a browser and a system read together: 'Chrome em Windows'. */
  deviceName: (browser: string, system: string) => `${browser} em ${system}`,
  ended: 'Sessão encerrada.',
  endedOthers: (count: number) =>
    count === 1 ? '1 outra sessão foi encerrada.' : `${count} outras sessões foram encerradas.`,
} as const;
