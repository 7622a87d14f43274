import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usePortugueseValidationMessages } from './zod-locale';

describe('zod speaks Portuguese', () => {
  usePortugueseValidationMessages();
  const schema = z.object({ enabled: z.boolean(), count: z.number() });
  const messages = (input: unknown) => schema.safeParse(input).error?.issues.map((issue) => issue.message);

  it("a missing field is 'O campo é obrigatório', never the word undefined", () => {
    expect(messages({ count: 1 })).toEqual(['O campo é obrigatório']);
  });

  it('a field of the wrong type keeps the pt-BR locale’s text', () => {
    const [message] = messages({ enabled: 'sim', count: 1 }) ?? [];
    expect(message).toMatch(/^Entrada inválida: esperava um valor booleano/);
  });

  it("a schema's own message still wins", () => {
    const own = z.object({ flag: z.boolean({ error: 'Valor inválido' }) });
    expect(own.safeParse({}).error?.issues[0]?.message).toBe('Valor inválido');
  });
});
