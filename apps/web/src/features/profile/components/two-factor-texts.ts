/** Texts of the profile's two-factor sign-in and sessions (docs/product/screens.md#profile-settings). */
export const TWO_FACTOR_TEXTS = {
  title: 'Verificação em duas etapas',
  description:
    'Além da senha, peça um código do aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy…) ao entrar.',
  statusOn: (since: string) => `Ativa desde ${since}.`,
  statusOff: 'Desativada.',
  required: 'Exigida pelo administrador.',
  codesLeft: (count: number) =>
    count === 1 ? '1 código de recuperação restante.' : `${count} códigos de recuperação restantes.`,
  enable: 'Ativar',
  disable: 'Desativar',
  scan: 'Escaneie o QR code com o aplicativo autenticador, ou digite a chave abaixo.',
  qrAlt: 'QR code da verificação em duas etapas',
  secretLabel: 'Chave',
  codeLabel: 'Código de 6 dígitos',
  endOthers: 'Encerrar as outras sessões abertas',
  confirm: 'Ativar verificação',
  recoveryTitle: 'Códigos de recuperação',
  copyCodes: 'Copiar códigos',
  done: 'Concluir',
  disableTitle: 'Desativar verificação em duas etapas',
  passwordLabel: 'Senha',
  passwordHint: 'Confirme com a senha da sua conta.',
  disableCodeLabel: 'Código do aplicativo ou de recuperação',
  setupPageTitle: 'Configure a verificação em duas etapas',
  signOut: 'Sair',
} as const;

export const SESSIONS_TEXTS = {
  title: 'Sessões',
  description: 'Onde sua conta está conectada. Encerre uma sessão que você não reconhece.',
  device: 'Dispositivo',
  address: 'Endereço',
  started: 'Início',
  lastSeen: 'Última atividade',
  current: 'Esta sessão',
  locked: 'Bloqueada',
  end: 'Encerrar',
  endOthers: 'Encerrar todas as outras',
  endOthersConfirm: 'Encerrar todas as outras sessões desta conta? Esta sessão continua aberta.',
  confirm: 'Encerrar',
  none: 'Nenhuma outra sessão aberta.',
} as const;
