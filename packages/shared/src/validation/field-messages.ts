// Field-rule texts every form shares (docs/product/messages.md#field-messages): written once here; each feature's messages point at them.
export const FIELD_MESSAGES = {
  required: 'O campo é obrigatório',
  min6: 'Mínimo de 6 caracteres',
  max128: 'Máximo de 128 caracteres',
  usernameCharset: 'Não são permitidos caracteres especiais, espaços ou letras maiúsculas',
  passwordCharset: 'Não são permitidos caracteres especiais ou espaços',
  noSequences: 'Não são permitidos números ou letras sequenciais',
} as const;
