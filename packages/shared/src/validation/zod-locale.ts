import { z } from 'zod';
import { FIELD_MESSAGES } from './field-messages';

/**
 * Zod's own messages (wrong type, unknown key) in pt-BR, for the few issues no rule words itself.
 * Called once by the server before any schema is used (the panel's forms word their own messages).
 *
 * A field that is missing altogether is 'O campo é obrigatório' (docs/product/messages.md): the locale's
 * wrong-type text would show the word "undefined" to a person.
 */
export function usePortugueseValidationMessages(): void {
  z.config(z.locales.ptBR());
  z.config({
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? FIELD_MESSAGES.required : undefined,
  });
}
