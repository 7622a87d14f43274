// Why a session is gone for good (404 session_not_found, decision 0029): the server says it, /login shows
// it. Its own module without imports: the panel's entry chunk carries it (P4).
export const SESSION_MESSAGES = {
  ended: 'Sua sessão foi encerrada. Faça login novamente.',
  expired: 'Sua sessão expirou. Faça login novamente.',
  accountBlocked: 'Sua sessão foi encerrada porque sua conta foi bloqueada. Contacte seu revenda master.',
} as const;
