import { z } from 'zod';

/**
 * Zod's own messages (wrong type, unknown key) in pt-BR, for the few issues no rule words itself.
 * Imported once by the server and once by the web app before any schema is used.
 */
export function usePortugueseValidationMessages(): void {
  z.config(z.locales.ptBR());
}
