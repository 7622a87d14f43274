// Portuguese texts of the sign-in, lock and password rules (spec §5, PRODUCT.md §2).
export const AUTH_MESSAGES = {
  usernameRequired: 'Preencha corretamente o nome do usuário',
  loginPasswordMin: 'Mínimo de 5 caracteres',
  captchaRequired: 'Por favor, complete o reCAPTCHA',
  captchaExpiredLogin: 'reCAPTCHA expirou, por favor complete novamente',
  captchaExpiredLock: 'reCAPTCHA expirado, por favor tente novamente',
  captchaError: 'Erro no reCAPTCHA, por favor tente novamente',
  noCredits: 'Para logar no Painel é necessário possuir créditos, contacte seu revenda master.',
  invalidCredentials: 'Usuário ou senha inválidos.',
  accountBlocked: 'Sua conta está bloqueada. Contacte seu revenda master.',
  unlockFailed: 'Erro no desbloqueio. Tente novamente.',
  required: 'O campo é obrigatório',
  passwordMin: 'Mínimo de 6 caracteres',
  passwordCharset: 'Não são permitidos caracteres especiais ou espaços',
  noSequences: 'Não são permitidos números ou letras sequenciais',
  passwordsDiffer: 'As novas senhas são diferentes',
  currentPasswordWrong: 'Senha atual incorreta.',
} as const;
