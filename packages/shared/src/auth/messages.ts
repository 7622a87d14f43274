// Portuguese texts of the sign-in, lock and password rules (docs/product/messages.md#auth-messages, docs/product/contradictions.md#login-password-minimum).
import { FIELD_MESSAGES } from '../validation/field-messages';
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
  required: FIELD_MESSAGES.required,
  passwordMin: FIELD_MESSAGES.min6,
  passwordMax: FIELD_MESSAGES.max128,
  passwordCharset: FIELD_MESSAGES.passwordCharset,
  noSequences: FIELD_MESSAGES.noSequences,
  passwordsDiffer: 'As novas senhas são diferentes',
  currentPasswordWrong: 'Senha atual incorreta.',
} as const;
